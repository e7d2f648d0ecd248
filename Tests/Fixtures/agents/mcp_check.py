"""Drives `catalog mcp` with the official MCP Python SDK (PyPI `mcp`) and with raw lines.

  mcp_check.py CATALOG_BINARY DATABASE NEW_REVISION_JSON

DATABASE is the agents' fixture catalog (Tests/CatalogCLITests/Agents/AgentFixture.swift:
four revisions, tag v1 at revision 2, contract ios@5.2.0 recorded). The script

  1. connects with the SDK's stdio client in its default mode (server/discover: protocol
     2026-07-28) and in legacy mode (the initialize handshake), lists tools, calls each
     tool (and with bad arguments), lists and reads resources and templates;
  2. imports NEW_REVISION_JSON with the binary while the server runs and checks that the
     next calls see the new head;
  3. writes malformed and unknown requests to a raw server process and checks each answer
     is a JSON-RPC error, that a request after them is still answered, and that the server
     exits 0 when its stdin closes.

Prints {"passed": [...], "failures": [...], "protocolVersions": [...]} as JSON.
"""
import asyncio
import json
import subprocess
import sys
import traceback

import mcp_types
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

BINARY, DATABASE, NEW_REVISION = sys.argv[1:4]
passed, failures, versions = [], [], []


def check(name, condition, detail=""):
    (passed if condition else failures).append(name if condition else f"{name}: {detail}")


def structured(result):
    return result.structured_content


async def session(mode):
    params = StdioServerParameters(command=BINARY, args=["-d", DATABASE, "mcp"])
    async with Client(params, mode=mode, read_timeout_seconds=60) as client:
        versions.append(client.protocol_version)
        tag = f"[{mode}]"
        tools = await client.list_tools()
        names = sorted(tool.name for tool in tools.tools)
        check(f"{tag} tools", names == ["get_catalog", "get_component", "list_components", "validate_ui"], names)
        for tool in tools.tools:
            check(f"{tag} {tool.name} is read-only", tool.annotations and tool.annotations.read_only_hint, tool)

        listed = await client.call_tool("list_components", {})
        body = structured(listed)
        check(f"{tag} list_components", not listed.is_error and body["revision"] == 4
              and [c["kind"] for c in body["components"]] == ["hero-banner", "price-tag", "stack", "badge", "carousel"], body)
        by_category = structured(await client.call_tool("list_components", {"category": "Marketing"}))
        check(f"{tag} list_components category", [c["kind"] for c in by_category["components"]] == ["hero-banner", "carousel"], by_category)
        by_text = structured(await client.call_tool("list_components", {"text": "VERTICALLY"}))
        check(f"{tag} list_components text", [c["kind"] for c in by_text["components"]] == ["stack"], by_text)
        at_v1 = structured(await client.call_tool("list_components", {"at": "v1"}))
        check(f"{tag} list_components at a tag", at_v1["revision"] == 2, at_v1)
        page = structured(await client.call_tool("list_components", {"limit": 2, "offset": 1}))
        check(f"{tag} list_components page", [c["kind"] for c in page["components"]] == ["price-tag", "stack"]
              and page["nextOffset"] == 3 and page["total"] == 5, page)

        badge = await client.call_tool("get_component", {"kind": "badge"})
        info = structured(badge)
        check(f"{tag} get_component", not badge.is_error and info["kind"] == "badge" and info["category"] == "Display"
              and info["sample"] == {"text": "Hot", "tone": "info", "icon": "star"}
              and info["shape"]["properties"]["text"] == {"type": "string"}, info)
        check(f"{tag} get_component text is the JSON", json.loads(badge.content[0].text) == info, badge.content)
        builds = {b["build"]: b for b in info["builds"]}
        check(f"{tag} get_component builds", set(builds) == {"ios@5.2.0"} and builds["ios@5.2.0"]["decodes"]
              and not builds["ios@5.2.0"]["acceptsSample"] and builds["ios@5.2.0"]["violations"], info["builds"])
        check(f"{tag} get_component history", [h["revision"] for h in info["history"]] == sorted(
            (h["revision"] for h in info["history"]), reverse=True) and info["history"][-1]["change"] == "added", info["history"])
        stack = structured(await client.call_tool("get_component", {"kind": "stack"}))
        check(f"{tag} get_component container", stack["container"] and stack["builds"][0]["decodes"] is False, stack)
        old = structured(await client.call_tool("get_component", {"kind": "divider", "at": "v1"}))
        check(f"{tag} get_component at a revision", old["revision"] == 2 and old["kind"] == "divider", old)
        removed = await client.call_tool("get_component", {"kind": "divider"})
        check(f"{tag} get_component removed kind", removed.is_error and "removed" in removed.content[0].text, removed)
        typo = await client.call_tool("get_component", {"kind": "badgee"})
        check(f"{tag} get_component suggestion", typo.is_error and '"badge"' in typo.content[0].text, typo)
        bad_at = await client.call_tool("get_component", {"kind": "badge", "at": "nope"})
        check(f"{tag} get_component unknown revision", bad_at.is_error, bad_at)
        wrong = await client.call_tool("get_component", {"kind": 3})
        check(f"{tag} argument of the wrong type", wrong.is_error and "kind must be a string" in wrong.content[0].text, wrong)
        extra = await client.call_tool("get_component", {"kind": "badge", "colour": 1})
        check(f"{tag} unknown argument", extra.is_error and "unknown argument" in extra.content[0].text, extra)
        missing = await client.call_tool("get_component", {})
        check(f"{tag} missing argument", missing.is_error, missing)

        document = json.dumps([
            {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://catalog.invalid/components/v3/catalog.json"}},
            {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
                {"id": "root", "component": "stack", "spacing": 4, "children": ["b"]},
                {"id": "b", "component": "badge", "text": "New", "tone": "info"}]}}])
        valid = structured(await client.call_tool("validate_ui", {"document": document}))
        check(f"{tag} validate_ui valid", valid["valid"] and valid["components"] == 2 and valid["problems"] == [], valid)
        invalid = structured(await client.call_tool("validate_ui", {"document": document.replace('"spacing": 4', '"spacing": "4"')}))
        problem = invalid["problems"][0] if invalid["problems"] else {}
        check(f"{tag} validate_ui invalid", not invalid["valid"] and problem.get("layer") == "data"
              and problem.get("pointer") == "/1/updateComponents/components/0/spacing" and problem.get("line") == 1, invalid)
        as_value = structured(await client.call_tool("validate_ui", {"document": json.loads(document)}))
        check(f"{tag} validate_ui a JSON value", as_value["valid"], as_value)
        syntax = structured(await client.call_tool("validate_ui", {"document": "[{"}))
        check(f"{tag} validate_ui syntax", not syntax["valid"] and syntax["problems"][0]["layer"] == "syntax", syntax)

        a2ui = await client.call_tool("get_catalog", {})
        catalog = json.loads(a2ui.content[0].text)
        check(f"{tag} get_catalog a2ui", catalog["catalogId"].endswith("/v3/catalog.json") and "badge" in catalog["components"], catalog.get("catalogId"))
        schema = json.loads((await client.call_tool("get_catalog", {"format": "json-schema", "strict": True})).content[0].text)
        check(f"{tag} get_catalog json-schema", schema["$defs"]["badge"]["additionalProperties"] is False, schema["$defs"]["badge"])
        prompt = (await client.call_tool("get_catalog", {"format": "prompt", "at": "v1"})).content[0].text
        check(f"{tag} get_catalog prompt", "revision 2" in prompt, prompt[:200])
        components = json.loads((await client.call_tool("get_catalog", {"format": "components", "at": "1"})).content[0].text)
        check(f"{tag} get_catalog components", [e["kind"] for e in components["components"]][:1] == ["hero-banner"], components)
        for_app = json.loads((await client.call_tool("get_catalog", {"format": "json-schema", "app": "ios@5.2.0"})).content[0].text)
        check(f"{tag} get_catalog for an app build", list(for_app["$defs"]) == ["badge"]
              and for_app["$defs"]["badge"]["x-contract"] == "ios@5.2.0", for_app)
        no_app = await client.call_tool("validate_ui", {"document": "{}", "app": "ios@9"})
        check(f"{tag} an unknown app build", no_app.is_error and "ios@5.2.0" in no_app.content[0].text, no_app)
        bad_format = await client.call_tool("get_catalog", {"format": "yaml"})
        check(f"{tag} get_catalog unknown format", bad_format.is_error, bad_format)
        try:
            await client.call_tool("no_such_tool", {})
            unknown_tool = False
        except MCPError as error:
            unknown_tool = error.error.code == mcp_types.INVALID_PARAMS
        check(f"{tag} unknown tool is a JSON-RPC error", unknown_tool)

        resources = await client.list_resources()
        uris = [r.uri for r in resources.resources]
        check(f"{tag} resources", uris[0] == "catalog://releases/v1" and "catalog://kinds/badge" in uris and len(uris) == 6, uris)
        templates = await client.list_resource_templates()
        check(f"{tag} resource templates", sorted(t.uri_template for t in templates.resource_templates)
              == ["catalog://kinds/{kind}", "catalog://releases/{tag}"], templates)
        kind = await client.read_resource("catalog://kinds/price-tag")
        check(f"{tag} read a kind", json.loads(kind.contents[0].text)["kind"] == "price-tag", kind)
        release = await client.read_resource("catalog://releases/v1")
        release_doc = json.loads(release.contents[0].text)
        check(f"{tag} read a release", "divider" in [e["kind"] for e in release_doc["components"]], release_doc)
        try:
            await client.read_resource("catalog://kinds/nope")
            unknown_resource = False
        except MCPError as error:
            unknown_resource = error.error.code == mcp_types.INVALID_PARAMS
        check(f"{tag} unknown resource is a JSON-RPC error", unknown_resource)

        if mode == "auto":
            # A revision imported while the server runs is seen by the next request.
            imported = subprocess.run([BINARY, "-d", DATABASE, "import", NEW_REVISION, "-m", "revision 5", "--author", "bob"],
                                      capture_output=True, text=True)
            check("import while the server runs", imported.returncode == 0, imported.stderr)
            after = structured(await client.call_tool("list_components", {}))
            kinds = [c["kind"] for c in after["components"]]
            check("new revision seen", after["revision"] == 5 and "promo card/x" in kinds, after)
            hostile = structured(await client.call_tool("get_component", {"kind": "promo card/x"}))
            with open(NEW_REVISION, encoding="utf-8") as handle:
                entry = next(e for e in json.load(handle)["components"] if e["kind"] == "promo card/x")
            check("catalog text is data", hostile["description"] == entry["description"]
                  and hostile["sample"] == entry["payload"], hostile)
            encoded = await client.read_resource("catalog://kinds/promo%20card%2Fx")
            check("a kind with a space and a slash as a resource", json.loads(encoded.contents[0].text)["kind"] == "promo card/x", encoded)
            listed = [r.uri for r in (await client.list_resources()).resources]
            check("new kind listed as a resource", "catalog://kinds/promo%20card%2Fx" in listed, listed)


ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {}}


def raw_session():
    process = subprocess.Popen([BINARY, "-d", DATABASE, "mcp", "--max-message", "65536"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = [
        (b"{not json", -32700, None),
        (b"[]", -32600, None),
        (b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', -32600, None),
        (b'"just a string"', -32600, None),
        (b'{"jsonrpc": "1.0", "id": 2, "method": "ping"}', -32600, 2),
        (b'{"jsonrpc": "2.0", "id": {"x": 1}, "method": "ping"}', -32600, None),
        (b'{"jsonrpc": "2.0", "id": 3, "method": 7}', -32600, 3),
        (b'{"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": []}', -32602, 4),
        (json.dumps({"jsonrpc": "2.0", "id": 5, "method": "no/such", "params": {"_meta": ENVELOPE}}).encode(), -32601, 5),
        (b'{"jsonrpc": "2.0", "id": 6, "method": "tools/list"}', -32602, 6),
        (json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": {"_meta": dict(ENVELOPE, **{
            "io.modelcontextprotocol/protocolVersion": "1999-01-01"})}}).encode(), -32022, 7),
        (json.dumps({"jsonrpc": "2.0", "id": 8, "method": "resources/read", "params": {"_meta": ENVELOPE}}).encode(), -32602, 8),
        (json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"_meta": ENVELOPE, "name": "get_component", "arguments": {"kind": "\u0000\n\"x"}}}).encode(), None, 9),
        (b"\xff\xfe{}", -32700, None),
        (b'{"jsonrpc": "2.0", "id": 10, "method": "ping", "params": {"_meta": ' + json.dumps(ENVELOPE).encode() + b'}, "pad": "' + b"x" * 100000 + b'"}', -32600, None),
        (b"[" * 60000, -32700, None),
        (b'{"jsonrpc": "2.0", "method": "notifications/initialized"}', "none", None),
        (json.dumps({"jsonrpc": "2.0", "id": 11, "method": "ping", "params": {"_meta": ENVELOPE}}).encode(), "ok", 11),
    ]
    # The over-long line is 100 KiB and the deep one 100,000 brackets: the first exceeds
    # --max-message 65536 and is skipped, the second (60,000 brackets) is refused by the depth bound.
    stdin = b"".join(line + b"\n" for line, _, _ in lines)
    try:
        out, err = process.communicate(stdin, timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        check("raw: the server answers and exits", False, "timed out")
        return
    check("raw: exit 0 at the end of stdin", process.returncode == 0, (process.returncode, err))
    check("raw: nothing on stderr", err == b"", err)
    answers = [json.loads(line) for line in out.splitlines()]
    expected = [(code, ident) for _, code, ident in lines if code != "none"]
    check("raw: one answer per request", len(answers) == len(expected), [len(answers), len(expected), answers])
    for (code, ident), answer in zip(expected, answers):
        name = f"raw: answer {ident} {code}"
        if code == "ok":
            check(name, answer.get("result", {}).get("resultType") == "complete" and answer["id"] == ident, answer)
        elif code is None:
            check(name, answer["result"]["isError"] is True and answer["id"] == ident, answer)
        else:
            check(name, answer.get("error", {}).get("code") == code and answer.get("id") == ident
                  and answer.get("jsonrpc") == "2.0", answer)


# Legacy first: the default-mode session imports a new revision halfway.
for run in (lambda: asyncio.run(session("legacy")), lambda: asyncio.run(session("auto")), raw_session):
    try:
        run()
    except BaseException as error:  # a crash of a session is a failure, reported with the rest
        failures.append("exception: " + "".join(traceback.format_exception(error))[-3000:])
print(json.dumps({"passed": passed, "failures": failures, "protocolVersions": versions}))

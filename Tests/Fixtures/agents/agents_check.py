"""The independent checks of the agent exports (Tests/CatalogCLITests/Agents).

  agents_check.py load CATALOG
      Loads an exported A2UI catalog with the official A2UI Python SDK (a2ui-agent-sdk)
      and prints {"catalogId": ..., "components": [...]}.
  agents_check.py documents CATALOG COMPONENTS_JSON
      Writes one A2UI v0.9 message list per entry of a components.json export (the entry's
      sample as components, children as separate components), independently of the Swift
      code, and prints them as a JSON array.
  agents_check.py validate CATALOG DOCUMENTS_JSON
      Validates each A2UI message list of a JSON array with the SDK's validator
      (a2ui.utils.validation.validate_payload); prints a list of {"valid", "error"}.
  agents_check.py jsonschema SCHEMA INSTANCES_JSON
      Checks the schema against the 2020-12 metaschema and each instance of a JSON array
      under it (jsonschema's Draft202012Validator); prints a list of booleans.
"""
import json
import sys


def load(path):
    from a2ui.processor.catalog_providers import FileSystemCatalogProvider

    return FileSystemCatalogProvider(path, protocol_version="0.9").load()


def a2ui_components(catalog_doc, kind, payload, ident):
    """The A2UI components of one sample, the catalog's rules applied from its schema."""
    made = []
    counter = [0]

    def wrapped(kind):
        component = catalog_doc["components"].get(kind, {})
        return component.get("x-payload") == "wrapped"

    def convert(value):
        if (
            isinstance(value, dict)
            and set(value) == {"kind", "payload"}
            and isinstance(value["kind"], str)
        ):
            counter[0] += 1
            child = f"{ident}-{counter[0]}"
            slot = len(made)
            made.append(None)
            made[slot] = component(child, value["kind"], value["payload"])
            return child
        if isinstance(value, list):
            return [convert(v) for v in value]
        if isinstance(value, dict):
            return {k: convert(v) for k, v in value.items()}
        return value

    def component(ident, kind, payload):
        out = {"id": ident, "component": kind}
        converted = convert(payload)
        if wrapped(kind):
            out["payload"] = converted
        else:
            out.update(converted)
        return out

    root = component(ident, kind, payload)
    return [root] + made


def documents(catalog_path, components_path):
    catalog_doc = json.load(open(catalog_path, encoding="utf-8"))
    export = json.load(open(components_path, encoding="utf-8"))
    entries = export["components"] if isinstance(export, dict) else export
    out = []
    for entry in entries:
        comps = a2ui_components(catalog_doc, entry["kind"], entry["payload"], "root")
        out.append(
            [
                {
                    "version": "v0.9",
                    "createSurface": {"surfaceId": "s", "catalogId": catalog_doc["catalogId"]},
                },
                {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": comps}},
            ]
        )
    return out


def validate(catalog_path, documents_path):
    from a2ui.utils.validation import validate_payload

    catalog = load(catalog_path)
    results = []
    for document in json.load(open(documents_path, encoding="utf-8")):
        try:
            validate_payload([catalog], document)
            results.append({"valid": True, "error": ""})
        except Exception as error:  # the SDK's verdict, whatever its class
            results.append({"valid": False, "error": f"{type(error).__name__}: {error}"})
    return results


def check_jsonschema(schema_path, instances_path):
    from jsonschema import Draft202012Validator

    schema = json.load(open(schema_path, encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    return [validator.is_valid(i) for i in json.load(open(instances_path, encoding="utf-8"))]


def main():
    mode = sys.argv[1]
    if mode == "load":
        catalog = load(sys.argv[2])
        names = sorted(json.load(open(sys.argv[2], encoding="utf-8"))["components"])
        result = {"catalogId": catalog.catalog_id, "components": names}
    elif mode == "documents":
        result = documents(sys.argv[2], sys.argv[3])
    elif mode == "validate":
        result = validate(sys.argv[2], sys.argv[3])
    elif mode == "jsonschema":
        result = check_jsonschema(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(f"unknown mode {mode}")
    json.dump(result, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()

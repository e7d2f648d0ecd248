#!/usr/bin/env python3
"""Browser tests of `catalog site`: headless Chromium driven by Selenium, axe-core for
accessibility. Builds the fixture catalog (make-fixture.sh) with the built `catalog` binary,
writes its site, and checks what a person would see. Every expectation about the catalog is
read from the same binary (`export`, `log --format json`, `blame --format json`), so the
site is checked against the CLI, not against numbers written here.

usage: test_site.py --catalog .build/debug/catalog --out .build/site-browser

Prints one line per check, then `N passed, N failed`; exits 1 when any check failed.
"""
import argparse
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

HERE = os.path.dirname(os.path.abspath(__file__))

# Every leaf of the payload tree on a kind page, with the JSON Pointer its place in the tree
# gives it (the keys of the list items around it, or their positions in an array), its text
# and its blame cell. The page has no attribute repeating the pointer: the test derives it
# from what a reader sees.
LEAVES_SCRIPT = """
function head(item) {
  var first = item.firstElementChild;
  return first.tagName === "DETAILS" ? first.firstElementChild : first;
}
function token(item) {
  var key = head(item).firstElementChild;
  var text = key && key.tagName === "I" ? JSON.parse(key.textContent)
    : String(Array.prototype.indexOf.call(item.parentNode.children, item));
  return text.replace(/~/g, "~0").replace(/\\//g, "~1");
}
return Array.from(document.querySelectorAll(".json li > code")).map(function (code) {
  var item = code.parentNode, tokens = [];
  while (item.parentNode.closest("li")) {
    tokens.unshift(token(item));
    item = item.parentNode.closest("li");
  }
  var cell = code.parentNode.querySelector(":scope > small");
  return {pointer: "/payload" + tokens.map(function (t) { return "/" + t; }).join(""),
          code: code.textContent, who: cell ? cell.textContent : "",
          link: cell && cell.querySelector("a") ? cell.querySelector("a").textContent : ""};
});
"""


# Words the layout must never break inside: every whitespace-delimited token, without the
# punctuation around it (quotes, brackets), of 2 to 12 characters (a header like
# "Revision", a time, an author), each measured with Range.getClientRects: a word whose boxes
# on screen sit on more than one line was broken. Longer tokens (a 60-byte kind, a JSON
# Pointer, a URL) may wrap wherever they must; text moved off screen for screen readers
# only (a stacked table's header) is not looked at.
BROKEN_WORDS_SCRIPT = """
var broken = [];
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
var range = document.createRange();
for (var node = walker.nextNode(); node; node = walker.nextNode()) {
  var pattern = /\\S+/g, match;
  while ((match = pattern.exec(node.data))) {
    var word = /^[^\\p{L}\\p{N}]*(.*?)[^\\p{L}\\p{N}]*$/u.exec(match[0]);
    var start = match.index + match[0].indexOf(word[1]);
    if (word[1].length < 2 || word[1].length > 12) continue;
    range.setStart(node, start);
    range.setEnd(node, start + word[1].length);
    var tops = Array.from(range.getClientRects())
      .filter(function (r) { return r.width > 0 && r.right > 0 && r.left < innerWidth; })
      .map(function (r) { return r.top; }).sort(function (a, b) { return a - b; });
    for (var i = 1; i < tops.length; i++) {
      if (tops[i] - tops[i - 1] > 2) {
        broken.push(word[1] + " in " + node.parentNode.tagName.toLowerCase() +
          (node.parentNode.className ? "." + node.parentNode.className : ""));
        break;
      }
    }
  }
}
return broken;
"""


def slug(text):
    """A kind's or tag's slug, as docs/site.md defines it (a second implementation)."""
    out = bytearray()
    pending = False
    for byte in text.encode():
        lower = byte + 0x20 if 0x41 <= byte <= 0x5A else byte
        if 0x61 <= lower <= 0x7A or 0x30 <= lower <= 0x39:
            if pending and out:
                if len(out) >= 59:
                    break
                out.append(0x2D)
            pending = False
            out.append(lower)
            if len(out) >= 60:
                break
        else:
            pending = True
    return out.decode() if out else "item"


def kind_page(kind):
    """A kind's page name: the kind when it is its own slug, else the slug, `--` and 12
    hexadecimal digits of the kind's SHA-256 (docs/site.md)."""
    name = slug(kind)
    if name == kind:
        return name
    return name + "--" + hashlib.sha256(kind.encode()).hexdigest()[:12]


def payload_text(payload):
    """The payload's string values as the search holds them (docs/site.md): document order,
    one per line, at most 1,024 bytes of UTF-8."""
    values, pending = [], [payload]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            values.append(value)
        elif isinstance(value, list):
            pending.extend(reversed(value))
        elif isinstance(value, dict):
            pending.extend(reversed(list(value.values())))
    out, size = "", 0
    for number, value in enumerate(values):
        if number > 0:
            if size >= 1024:
                break
            out += "\n"
            size += 1
        for character in value:
            length = len(character.encode())
            if size + length > 1024:
                return out
            out += character
            size += length
    return out


def searched(component):
    """Everything the index's search looks in for one kind, lowercased."""
    return "\n".join((component["kind"], component["category"], component["description"],
                      payload_text(component["payload"]))).lower()


class Run:
    def __init__(self, catalog, db, site, out):
        self.catalog = catalog
        self.db = db
        self.site = site
        self.out = out
        self.passed = 0
        self.failed = 0

    def cli(self, *args, binary=False):
        result = subprocess.run(
            [self.catalog, "--database", self.db, *args], capture_output=True, check=True)
        return result.stdout if binary else result.stdout.decode()

    def url(self, relative):
        return "file://" + os.path.join(self.site, relative)

    def http(self, relative):
        return f"http://127.0.0.1:{self.port}/{relative}"

    def check(self, name, function):
        try:
            function()
            self.passed += 1
            print(f"PASS {name}", flush=True)
        except Exception:  # noqa: BLE001 - every failure is reported, then counted
            self.failed += 1
            print(f"FAIL {name}", flush=True)
            traceback.print_exc()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    """The site on a static HTTP server, as a web host would serve it."""
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def make_driver(download_dir):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(candidate):
            options.binary_location = candidate
            break
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("prefs", {
        "download.default_directory": download_dir,
        "download.prompt_for_download": False,
        "safebrowsing.enabled": False,
    })
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.execute_cdp_cmd(
        "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": download_dir})
    return driver


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def visible_kinds(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, "#kinds tr")
    return [row.find_element(By.CSS_SELECTOR, "a.kind").get_attribute("textContent")
            for row in rows if row.get_attribute("hidden") is None]


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def no_injection(driver):
    """Nothing from the catalog became markup or script."""
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        raise AssertionError(f"an alert opened: {text!r}")
    except NoAlertPresentException:
        pass
    injected = driver.execute_script(
        "return document.querySelectorAll('img, svg, b, iframe, object').length")
    expect(injected == 0, f"{injected} elements injected from catalog text")
    scripts = driver.execute_script(
        "return Array.from(document.scripts).map(s => s.getAttribute('src'))")
    expect(all(src and src.endswith((".js",)) for src in scripts),
           f"unexpected script elements: {scripts}")


def axe_check(driver, name):
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    bad = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    expect(not bad, f"axe on {name}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(n.get('target')) for n in v['nodes'][:3]) for v in bad))


def screenshot(driver, path, width, height, dark):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    time.sleep(0.2)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": False,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 0.6}})
    import base64
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--out", required=True, help="work folder; screenshots go here")
    args = parser.parse_args()
    catalog = os.path.abspath(args.catalog)
    out = os.path.abspath(args.out)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    db = subprocess.run([os.path.join(HERE, "make-fixture.sh"), catalog, out],
                        capture_output=True, check=True, text=True).stdout.strip()
    site = os.path.join(out, "site")
    subprocess.run([catalog, "--database", db, "site", "--output", site,
                    "--title", "Fixture <catalog> & co"], check=True)
    run = Run(catalog, db, site, out)
    server = serve(site)
    run.port = server.server_port
    export = json.loads(run.cli("export"))["components"]
    downloads = os.path.join(out, "downloads")
    os.makedirs(downloads)
    driver = make_driver(downloads)
    errors = []
    try:
        def page(relative, over_http=False):
            driver.get(run.http(relative) if over_http else run.url(relative))
            no_injection(driver)
            errors.extend((relative, e) for e in console_errors(driver))

        def index_lists_every_kind():
            page("index.html")
            expect(visible_kinds(driver) == [c["kind"] for c in export],
                   f"index rows {visible_kinds(driver)}")
            count = driver.find_element(By.ID, "count").text
            expect(count == f"{len(export)} of {len(export)} kinds", count)
            deprecated = [row.find_element(By.CSS_SELECTOR, "a.kind").text
                          for row in driver.find_elements(By.CSS_SELECTOR, "#kinds tr")
                          if row.find_elements(By.CSS_SELECTOR, ".deprecated")]
            expect(deprecated == [c["kind"] for c in export if c.get("deprecated")],
                   f"deprecated badges {deprecated}")

        def search_filters_as_you_type():
            page("index.html")
            box = driver.find_element(By.ID, "q")
            for query in ("tile", "INPUT", "round", "<script", "pic user", "zzz-nothing"):
                box.clear()
                box.send_keys(query)
                terms = query.lower().split()
                want = [c["kind"] for c in export if all(t in searched(c) for t in terms)]
                got = visible_kinds(driver)
                expect(got == want, f"search {query!r}: {got} != {want}")
                expect(driver.find_element(By.ID, "count").text
                       == f"{len(want)} of {len(export)} kinds", "count line")
                expect(driver.find_element(By.ID, "empty").is_displayed() == (not want),
                       "empty message")

        def search_finds_payload_values_and_lives_in_the_address():
            page("index.html")
            box = driver.find_element(By.ID, "q")
            # A value of each payload that is in no kind, category or description.
            queries = []
            for component in export:
                for value in payload_text(component["payload"]).split("\n"):
                    words = value.split()
                    if words and not any(words[0].lower() in "\n".join(
                            (c["kind"], c["category"], c["description"])).lower()
                            for c in export):
                        queries.append((words[0], component["category"]))
                        break
            expect(len(queries) >= 3, f"payload words to search for: {queries}")
            for query, _ in queries:
                box.clear()
                box.send_keys(query)
                want = [c["kind"] for c in export if query.lower() in searched(c)]
                got = visible_kinds(driver)
                expect(want and got == want, f"payload search {query!r}: {got} != {want}")
            # Typed and filtered, the address holds the search; a reload and a fresh visit of
            # that address show the same rows.
            query = next(q for q, category in queries if category == "Display")
            box.clear()
            box.send_keys(query)
            Select(driver.find_element(By.ID, "category")).select_by_visible_text(
                next(o.text for o in Select(driver.find_element(By.ID, "category")).options
                     if o.text.startswith("Display (")))
            Select(driver.find_element(By.ID, "deprecation")).select_by_value("active")
            want = [c["kind"] for c in export if query.lower() in searched(c)
                    and c["category"] == "Display" and not c.get("deprecated")]
            shown = visible_kinds(driver)
            expect(want and shown == want, f"filtered: {shown} != {want}")
            address = driver.current_url
            from urllib.parse import parse_qs, urlsplit
            params = parse_qs(urlsplit(address).query)
            expect(params == {"q": [query], "category": ["Display"], "status": ["active"]},
                   f"address {address}")
            for how in ("reload", "fresh"):
                if how == "reload":
                    driver.refresh()
                else:
                    driver.get(run.url("revisions.html"))
                    driver.get(address)
                expect(visible_kinds(driver) == shown, f"{how}: {visible_kinds(driver)}")
                expect(driver.find_element(By.ID, "q").get_attribute("value") == query,
                       f"{how}: box")
                expect(driver.find_element(By.ID, "count").text
                       == f"{len(shown)} of {len(export)} kinds", f"{how}: count line")
            # Cleared, the address is the plain page again.
            driver.find_element(By.ID, "q").send_keys(Keys.BACKSPACE * len(query))
            Select(driver.find_element(By.ID, "category")).select_by_value("")
            Select(driver.find_element(By.ID, "deprecation")).select_by_value("all")
            expect(urlsplit(driver.current_url).query == "", driver.current_url)
            expect(len(visible_kinds(driver)) == len(export), "cleared")

        def category_and_deprecation_filters():
            page("index.html")
            select = Select(driver.find_element(By.ID, "category"))
            for option in select.options[1:]:
                select.select_by_value(option.get_attribute("value"))
                name = option.text.rsplit(" (", 1)[0]
                want = [c["kind"] for c in export if c["category"] == name]
                expect(visible_kinds(driver) == want, f"category {name!r}: {visible_kinds(driver)}")
            select.select_by_value("")
            status = Select(driver.find_element(By.ID, "deprecation"))
            status.select_by_value("deprecated")
            want = [c["kind"] for c in export if c.get("deprecated")]
            expect(visible_kinds(driver) == want, f"deprecated: {visible_kinds(driver)}")
            status.select_by_value("active")
            want = [c["kind"] for c in export if not c.get("deprecated")]
            expect(visible_kinds(driver) == want, f"active: {visible_kinds(driver)}")
            # A category link on a kind page opens the index filtered to that category.
            page("kinds/tile-card.html")
            driver.find_element(By.CSS_SELECTOR, ".crumbs a[href*='#category=']").click()
            want = [c["kind"] for c in export if c["category"] == "Display"]
            expect(visible_kinds(driver) == want, f"from crumb: {visible_kinds(driver)}")

        def kind_page_payload_blame_history():
            for kind, slug in (("button", "button"), ("tile-card", "tile-card"),
                               ("<script>alert('kind')</script>", kind_page("<script>alert('kind')</script>"))):
                page(f"kinds/{slug}.html")
                expect(driver.find_element(By.TAG_NAME, "h1").text.startswith(kind), "title")
                blame = json.loads(run.cli("blame", kind, "--format", "json"))
                shown = driver.execute_script(LEAVES_SCRIPT)
                for line in blame:
                    if not line["path"].startswith("/payload"):
                        continue
                    rows = [r for r in shown if r["pointer"] == line["path"]]
                    expect(len(rows) == 1, f"{kind}: leaf {line['path']} shown {len(rows)} times")
                    expect(rows[0]["link"] == f"r{line['revision']}",
                           f"{kind} {line['path']}: blame {rows[0]['who']}")
                    expect(line["author"] in rows[0]["who"],
                           f"{kind} {line['path']}: author {rows[0]['who']}")
                    value = json.dumps(line["value"], ensure_ascii=False, separators=(",", ":"))
                    expect(value in rows[0]["code"], f"{kind} {line['path']}: value {rows[0]['code']}")
                payload_leaves = [line["path"] for line in blame if line["path"].startswith("/payload")]
                expect(sorted(r["pointer"] for r in shown) == sorted(payload_leaves),
                       f"{kind}: leaves {[r['pointer'] for r in shown]}")
                log = json.loads(run.cli("log", kind, "--format", "json"))
                shown = [int(li.get_attribute("data-revision"))
                         for li in driver.find_elements(By.CSS_SELECTOR, ".timeline > li")]
                expect(shown == [item["revision"] for item in log], f"{kind}: history {shown}")
                exact = driver.find_element(By.ID, "entry-json").text
                entry = next(c for c in export if c["kind"] == kind)
                expect(json.loads(exact) == entry, f"{kind}: exact JSON")
            page("kinds/tile-card.html")
            timeline = driver.find_element(By.CSS_SELECTOR, ".timeline").text
            expect("renamed from tile-preview to tile-card" in timeline, "rename shown")
            expect("TYPE_CHANGED" in timeline and "/payload/rounded" in timeline, "type change")
            # Collapsible with the keyboard: focus the first object's summary, press Enter.
            summary = driver.find_element(By.CSS_SELECTOR, ".json details > summary")
            summary.send_keys(Keys.ENTER)
            expect(driver.execute_script(
                "return document.querySelector('.json details').open") is False, "collapse")
            summary.send_keys(Keys.ENTER)
            expect(driver.execute_script(
                "return document.querySelector('.json details').open") is True, "expand")

        def revision_page_changes():
            page("revisions/3.html")
            got = sorted(li.get_attribute("data-kind")
                         for li in driver.find_elements(By.CSS_SELECTOR, "li.change"))
            v1 = {c["kind"] for c in json.loads(run.cli("export", "--at", "2"))["components"]}
            v2 = {c["kind"] for c in json.loads(run.cli("export", "--at", "3"))["components"]}
            touched = {item["kind"] for kind in v2
                       for item in json.loads(run.cli("log", kind, "--format", "json"))
                       if item["revision"] == 3}
            want = sorted(touched | (v1 - v2))
            expect(got == want, f"revision 3 kinds {got} != {want}")
            text = driver.find_element(By.TAG_NAME, "main").text
            expect("<b>mallory</b> & co" in text, "author shown as text")
            for needle in ("TYPE_CHANGED", "KEY_REMOVED", "VALUE_CHANGED", "ELEMENT_ADDED"):
                expect(needle in text, f"{needle} on revision 3")
            classes = driver.find_element(By.CSS_SELECTOR, ".classes").text
            expect("breaking" in classes and "additive" in classes, classes)
            page("revisions/2.html")
            text = driver.find_element(By.TAG_NAME, "main").text
            expect("renamed from tile-preview to tile-card" in text, "rename on revision 2")

        def release_manifest_download():
            # Served over HTTP: browsers do not download from file:// pages (each file is its
            # own origin, so the download attribute is ignored and the JSON is shown instead).
            for tag in ("v1.0", "v2.0"):
                page("releases.html", over_http=True)
                driver.find_element(By.LINK_TEXT, tag).click()
                no_injection(driver)
                link = driver.find_element(By.ID, "manifest")
                name = link.get_attribute("download")
                target = os.path.join(downloads, name)
                link.click()
                deadline = time.time() + 15
                while time.time() < deadline and not (
                        os.path.exists(target) and not os.path.exists(target + ".crdownload")):
                    time.sleep(0.1)
                expect(os.path.exists(target), f"{tag}: no download {name}")
                with open(target, "rb") as file:
                    got = file.read()
                expect(got == run.cli("export", "--at", tag, binary=True),
                       f"{tag}: manifest differs from catalog export --at {tag}")
            text = driver.find_element(By.TAG_NAME, "main").text
            expect("Changes since v1.0" in text, "release diff heading")
            got = sorted(li.get_attribute("data-kind")
                         for li in driver.find_elements(By.CSS_SELECTOR, "li.change"))
            old = {c["kind"]: c for c in json.loads(run.cli("export", "--at", "v1.0"))["components"]}
            new = {c["kind"]: c for c in json.loads(run.cli("export", "--at", "v2.0"))["components"]}
            # Followed by identity: a component renamed in between is one change under its
            # new name, not a removal and an addition (the store knows the rename).
            renamed = {item["previousKind"] for kind in new
                       for item in json.loads(run.cli("log", kind, "--format", "json"))
                       if item["previousKind"] and 1 < item["revision"] <= 4}
            want = sorted(k for k in old.keys() | new.keys()
                          if old.get(k) != new.get(k) and k not in renamed)
            expect(got == want, f"release diff kinds {got} != {want}")
            expect("renamed from tile-preview to tile-card" in text, "rename in release diff")
            expect("VALUE_CHANGED" in text and "/payload/title" in text, "release diff values")

        def release_notes():
            # Release notes (issue 35, item 3): the tagger, time and message of each tag's
            # recorded events, and counts that add up to the changes the page lists.
            tags = {t["name"]: t for t in json.loads(run.cli("tag", "--list", "--format", "json"))["tags"]}
            page("releases.html")
            items = {li.find_element(By.CSS_SELECTOR, "a.tag").text: li.text
                     for li in driver.find_elements(By.CSS_SELECTOR, "ul.releases > li")}
            expect(sorted(items) == sorted(tags), f"releases {sorted(items)} != {sorted(tags)}")
            for name, tag in tags.items():
                expect(f"tagged by {tag['author']}" in items[name], f"{name}: tagger in {items[name]!r}")
            page("releases/v2-0.html")
            header = driver.find_element(By.CSS_SELECTOR, "dl.header").text
            expect(tags["v2.0"]["author"] in header and tags["v2.0"]["digest"] in header,
                   f"release header {header!r}")
            counts = driver.find_element(By.CSS_SELECTOR, "p.counts").text
            numbers = [int(word) for word in counts.replace(",", "").split() if word.isdigit()]
            listed = len(driver.find_elements(By.CSS_SELECTOR, "li.change"))
            expect(len(numbers) == 3 and sum(numbers) == listed,
                   f"counts {counts!r} do not add up to the {listed} changes listed")
            expect(f"({counts})" in items["v2.0"], f"releases.html counts for v2.0: {items['v2.0']!r}")

        def keyboard_navigation():
            page("index.html")
            body = driver.find_element(By.TAG_NAME, "body")
            body.send_keys(Keys.TAB)
            active = driver.switch_to.active_element
            expect(active.get_attribute("class") == "skip", "first Tab reaches the skip link")
            reached = False
            for _ in range(30):
                driver.switch_to.active_element.send_keys(Keys.TAB)
                if driver.switch_to.active_element.get_attribute("id") == "q":
                    reached = True
                    break
            expect(reached, "the search box is reachable with Tab")
            driver.switch_to.active_element.send_keys("button")
            expect(visible_kinds(driver) == ["button"], "typing after Tab filters")

        def no_console_errors():
            for relative in ("index.html", "revisions.html", "releases.html",
                             "kinds/button.html", "revisions/1.html", "releases/v2-0.html"):
                page(relative)
                page(relative, over_http=True)
            expect(not errors, f"console errors: {errors}")

        # One page of every type the site writes.
        hostile_kind = "<script>alert('kind')</script>"
        every_page_type = ("index.html", "kinds/button.html",
                           "kinds/" + kind_page(hostile_kind) + ".html",
                           "revisions.html", "revisions/3.html", "releases.html",
                           "releases/v2-0.html")

        def every_page_at_phone_and_desktop_width():
            # Each page type at a phone's width (390 px, as an iPhone 12-15 reports it) and a
            # desktop's, light and dark: no word broken inside, nothing wider than the
            # screen, and axe-core finds no serious or critical violation.
            problems = []
            for width, height in ((390, 844), (1280, 900)):
                for dark in (False, True):
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                        "width": width, "height": height, "deviceScaleFactor": 1,
                        "mobile": width < 600})
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
                    for relative in every_page_type:
                        where = f"{relative} at {width} px ({'dark' if dark else 'light'})"
                        driver.get(run.url(relative))
                        broken = driver.execute_script(BROKEN_WORDS_SCRIPT)
                        if broken:
                            problems.append(f"{where}: words broken inside: {broken[:8]}")
                        wide = driver.execute_script(
                            "return [document.documentElement.scrollWidth,"
                            " document.documentElement.clientWidth]")
                        if wide[0] > wide[1]:
                            problems.append(f"{where}: {wide[0]} px wide in {wide[1]} px")
                        try:
                            axe_check(driver, where)
                        except AssertionError as error:
                            problems.append(str(error))
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            expect(not problems, "\n".join(problems))

        def stable_page_names():
            # Every kind's page is named from the kind alone (a second implementation here);
            # a new catalog holding the same kinds in another order, with kinds added in front
            # that share their slugs, names every page the same.
            page("index.html")
            links = {a.get_attribute("textContent"): a.get_attribute("href").rsplit("/", 1)[1]
                     for a in driver.find_elements(By.CSS_SELECTOR, "#kinds a.kind")}
            want = {c["kind"]: kind_page(c["kind"]) + ".html" for c in export}
            expect(links == want, f"page names {links} != {want}")
            other_db = os.path.join(out, "reimport.sqlite")
            extra = [{"kind": k, "category": "Extra", "description": "", "payload": {}}
                     for k in ("BUTTON", "Tile Card", "script", "日本")]
            document = os.path.join(out, "reimport.json")
            with open(document, "w", encoding="utf-8") as file:
                json.dump({"components": extra + list(reversed(export))}, file,
                          ensure_ascii=False)
            subprocess.run([catalog, "--database", other_db, "import", document],
                           check=True, capture_output=True)
            other_site = os.path.join(out, "site-reimport")
            subprocess.run([catalog, "--database", other_db, "site", "--output", other_site],
                           check=True, capture_output=True)
            driver.get("file://" + os.path.join(other_site, "index.html"))
            again = {a.get_attribute("textContent"): a.get_attribute("href").rsplit("/", 1)[1]
                     for a in driver.find_elements(By.CSS_SELECTOR, "#kinds a.kind")}
            for kind, name in links.items():
                expect(again.get(kind) == name, f"{kind}: {again.get(kind)} after re-import")
            expect(len(set(again.values())) == len(again), f"shared names: {again}")
            # A bookmark of a renamed kind's old page opens its page under the new name.
            driver.get(run.url("kinds/tile-preview.html"))
            deadline = time.time() + 10
            while time.time() < deadline and not driver.current_url.endswith("/tile-card.html"):
                time.sleep(0.1)
            expect(driver.current_url.endswith("kinds/tile-card.html"), driver.current_url)
            expect(driver.find_element(By.TAG_NAME, "h1").text.startswith("tile-card"), "h1")

        def screenshots():
            shots = os.path.join(out, "screenshots")
            os.makedirs(shots, exist_ok=True)
            for relative, name in (("index.html", "index"), ("kinds/button.html", "kind")):
                for width, height, size in ((1280, 900, "desktop"), (390, 844, "phone")):
                    for dark in (False, True):
                        driver.get(run.url(relative))
                        path = os.path.join(
                            shots, f"{name}-{size}-{'dark' if dark else 'light'}.png")
                        screenshot(driver, path, width, height, dark)
                        expect(os.path.getsize(path) > 1000, f"{path} is empty")
            print(f"screenshots in {shots}")

        def deterministic_bytes():
            again = os.path.join(out, "site-again")
            subprocess.run([catalog, "--database", db, "site", "--output", again,
                            "--title", "Fixture <catalog> & co"], check=True)
            diff = subprocess.run(["diff", "-r", site, again], capture_output=True, text=True)
            expect(diff.returncode == 0, f"two runs differ:\n{diff.stdout[:2000]}")

        run.check("index lists every kind", index_lists_every_kind)
        run.check("search filters as you type", search_filters_as_you_type)
        run.check("search finds payload values and lives in the address",
                  search_finds_payload_values_and_lives_in_the_address)
        run.check("category and deprecation filters", category_and_deprecation_filters)
        run.check("kind page: payload, blame, history", kind_page_payload_blame_history)
        run.check("revision page: the right changes", revision_page_changes)
        run.check("release manifest downloads the export's bytes", release_manifest_download)
        run.check("release notes: tagger, message, counts", release_notes)
        run.check("keyboard navigation", keyboard_navigation)
        run.check("no console errors", no_console_errors)
        run.check("stable page names, across a re-import and a rename", stable_page_names)
        run.check("every page type at 390 px and 1280 px, light and dark: words whole, "
                  "nothing too wide, axe-core without serious or critical violations",
                  every_page_at_phone_and_desktop_width)
        run.check("screenshots", screenshots)
        run.check("deterministic bytes", deterministic_bytes)
    finally:
        driver.quit()
        server.shutdown()
    print(f"{run.passed} passed, {run.failed} failed")
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())

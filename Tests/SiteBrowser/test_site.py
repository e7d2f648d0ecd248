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
                want = [c["kind"] for c in export
                        if all(t in "\n".join((c["kind"], c["category"], c["description"])).lower()
                               for t in terms)]
                got = visible_kinds(driver)
                expect(got == want, f"search {query!r}: {got} != {want}")
                expect(driver.find_element(By.ID, "count").text
                       == f"{len(want)} of {len(export)} kinds", "count line")
                expect(driver.find_element(By.ID, "empty").is_displayed() == (not want),
                       "empty message")

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
                               ("<script>alert('kind')</script>", "script-alert-kind-script")):
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

        def accessibility():
            for relative in ("index.html", "kinds/button.html", "revisions/3.html",
                             "releases/v2-0.html"):
                for dark in (False, True):
                    driver.get(run.url(relative))
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
                    axe_check(driver, f"{relative} ({'dark' if dark else 'light'})")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

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
        run.check("category and deprecation filters", category_and_deprecation_filters)
        run.check("kind page: payload, blame, history", kind_page_payload_blame_history)
        run.check("revision page: the right changes", revision_page_changes)
        run.check("release manifest downloads the export's bytes", release_manifest_download)
        run.check("keyboard navigation", keyboard_navigation)
        run.check("no console errors", no_console_errors)
        run.check("axe-core: no serious or critical violations", accessibility)
        run.check("screenshots", screenshots)
        run.check("deterministic bytes", deterministic_bytes)
    finally:
        driver.quit()
        server.shutdown()
    print(f"{run.passed} passed, {run.failed} failed")
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The pictures of the site in README.md and docs/site.md, taken from the example catalog
(docs/examples/components.json) in headless Chromium, in light and dark, at desktop and
phone widths. The hostile-string fixture stays the browser tests' (test_site.py); the docs
show what a team's catalog looks like.

usage: docs-pictures.py --catalog .build/debug/catalog --out docs/images

The catalog gets a short history first (the example imported, then two revisions that edit
payloads, a rename and a release tag), so the pages show revisions, blame and a release.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_site import make_driver, screenshot  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
EXAMPLE = os.path.join(ROOT, "docs", "examples", "components.json")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    catalog = os.path.abspath(args.catalog)
    out = os.path.abspath(args.out)
    work = tempfile.mkdtemp(prefix="catalog-pictures-")
    try:
        db = os.path.join(work, "components.sqlite")

        def cli(*arguments, stdin=None):
            environment = dict(os.environ, CATALOG_DATABASE=db, TZ="UTC")
            return subprocess.run([catalog, *arguments], input=stdin, check=True,
                                  capture_output=True, env=environment).stdout

        cli("import", EXAMPLE, "--author", "Ana Lima", "-m", "The first catalog")
        cli("tag", "v1.0", "-m", "First release")
        document = json.load(open(EXAMPLE, encoding="utf-8"))
        for component in document["components"]:
            if component["kind"] == "primary-button":
                component["payload"]["title"] = "Save"
            if component["kind"] == "status-badge":
                component["payload"]["count"] = 5
        edited = os.path.join(work, "edited.json")
        with open(edited, "w", encoding="utf-8") as file:
            json.dump(document, file, ensure_ascii=False, indent=2)
            file.write("\n")
        cli("import", edited, "--author", "Kai Chen", "-m", "Shorter button title, more badges")
        cli("rename", "tile-preview", "tile-card", "--author", "Kai Chen",
            "-m", "tile-preview is a card now")
        site = os.path.join(work, "site")
        cli("site", "--output", site, "--title", "Example catalog")

        driver = make_driver(os.path.join(work, "downloads"))
        try:
            os.makedirs(out, exist_ok=True)
            for relative, name in (("index.html", "index"), ("kinds/primary-button.html", "kind")):
                for width, height, size in ((1280, 900, "desktop"), (390, 844, "phone")):
                    for dark in (False, True):
                        driver.get("file://" + os.path.join(site, relative))
                        path = os.path.join(out, f"site-{name}-{size}-{'dark' if dark else 'light'}.png")
                        screenshot(driver, path, width, height, dark)
                        if os.path.getsize(path) < 1000:
                            sys.exit(f"{path} is empty")
                        print(path)
        finally:
            driver.quit()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

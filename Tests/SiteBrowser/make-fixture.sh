#!/usr/bin/env bash
# Builds the browser tests' fixture catalog through the built `catalog` binary: a history
# with tags, a rename, a deprecation, a removal, and hostile strings in every text a page
# shows (kinds, categories, descriptions, payload keys and values, authors, messages).
#
# usage: make-fixture.sh CATALOG_BINARY WORK_DIR   (writes WORK_DIR/fixture.sqlite)
set -euo pipefail
catalog=$1
work=$2
db="$work/fixture.sqlite"
rm -f "$db" "$db-wal" "$db-shm"
mkdir -p "$work"
run() { "$catalog" --database "$db" "$@" >/dev/null; }

cat >"$work/v1.json" <<'JSON'
{
  "components": [
    {
      "kind": "button",
      "category": "Input",
      "description": "A pressable button",
      "payload": {"title": "OK", "style": {"color": "#0055ff", "radius": 4}, "tags": ["a", "b", "c"]}
    },
    {
      "kind": "tile-preview",
      "category": "Display",
      "description": "A tile with an image preview",
      "payload": {"image": "hero.png", "rounded": true, "caption": {"text": "Hello", "lines": 2}}
    },
    {
      "kind": "text-field",
      "category": "Input",
      "description": "Single-line text input",
      "payload": {"placeholder": "Name", "maxLength": 40}
    },
    {
      "kind": "<script>alert('kind')</script>",
      "category": "\"><img src=x onerror=alert('category')>",
      "description": "</script><script>alert('description')</script> & <b>bold</b>",
      "payload": {"<img src=x onerror=alert('key')>": "<svg onload=alert('value')>", "note": "'\"&<>"}
    },
    {
      "kind": "legacy-banner",
      "category": "Display",
      "description": "An old banner",
      "payload": {"text": "Sale"}
    }
  ]
}
JSON
run import "$work/v1.json" -m "First import" --author alice
CATALOG_AUTHOR=alice run tag v1.0

run rename tile-preview tile-card -m "Rename tile-preview to tile-card" --author bob

cat >"$work/v2.json" <<'JSON'
{
  "components": [
    {
      "kind": "button",
      "category": "Input",
      "description": "A pressable button",
      "payload": {"title": "Okay", "style": {"color": "#0055ff", "radius": 6}, "tags": ["z", "a", "b", "c"]}
    },
    {
      "kind": "tile-card",
      "category": "Display",
      "description": "A tile with an image preview",
      "payload": {"image": "hero.png", "rounded": "yes", "caption": {"text": "Hello"}}
    },
    {
      "kind": "text-field",
      "category": "Input",
      "description": "Single-line text input",
      "payload": {"placeholder": "Name", "maxLength": 40}
    },
    {
      "kind": "<script>alert('kind')</script>",
      "category": "\"><img src=x onerror=alert('category')>",
      "description": "</script><script>alert('description')</script> & <b>bold</b>",
      "payload": {"<img src=x onerror=alert('key')>": "<svg onload=alert('value2')>", "note": "'\"&<>"}
    },
    {
      "kind": "avatar",
      "category": "Display",
      "description": "A round user picture",
      "payload": {"size": 32, "shape": "circle"}
    }
  ]
}
JSON
run import "$work/v2.json" --prune -m "<img src=x onerror=alert('message')> Tile changes" \
  --author "<b>mallory</b> & co"
run deprecate text-field -m "Deprecate text-field: use input" --author carol
CATALOG_AUTHOR=carol run tag v2.0
echo "$db"

#!/usr/bin/env bash
# Builds site/fixture.sqlite, the catalog whose site is kept byte for byte in site/golden/:
# the browser tests' fixture (Tests/SiteBrowser/make-fixture.sh: tags, a rename, a removal, a
# deprecation, hostile text everywhere) and then more history: a reorder (moves), an
# element inserted at the front of an array (blame carried by alignment), a removed kind
# added back under its old name, an undeprecation, and a third tag.
#
# usage: Tests/Fixtures/site/make-fixture.sh CATALOG_BINARY
# then:  CATALOG_BINARY -d Tests/Fixtures/site/fixture.sqlite site \
#          --output Tests/Fixtures/site/golden --title 'Fixture <catalog>'
# The revision times are whenever this ran; the golden site holds them, so rebuild both
# together, and only when the site's bytes are meant to change (say why in the commit).
set -euo pipefail
catalog=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$here/../../SiteBrowser/make-fixture.sh" "$catalog" "$work" >/dev/null
db="$work/fixture.sqlite"
run() { "$catalog" --database "$db" "$@" >/dev/null; }

cat >"$work/v3.json" <<'JSON'
{
  "components": [
    {
      "kind": "avatar",
      "category": "Display",
      "description": "A round user picture",
      "payload": {"size": 40, "shape": "circle", "ring": {"width": 2, "colors": ["#fff", "#000"]}}
    },
    {
      "kind": "button",
      "category": "Input",
      "description": "A pressable button",
      "payload": {"title": "Okay", "style": {"color": "#0055ff", "radius": 6}, "tags": ["new", "z", "a", "b", "c"]}
    },
    {
      "kind": "<script>alert('kind')</script>",
      "category": "\"><img src=x onerror=alert('category')>",
      "description": "</script><script>alert('description')</script> & <b>bold</b>",
      "payload": {"<img src=x onerror=alert('key')>": "<svg onload=alert('value2')>", "note": "'\"&<>"}
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
      "kind": "legacy-banner",
      "category": "Display",
      "description": "An old banner, back again",
      "payload": {"text": "Sale", "empty": {}, "none": [], "nothing": null}
    }
  ]
}
JSON
run import "$work/v3.json" --prune -m "Reorder, grow the avatar, bring the banner back" --author dave
run undeprecate text-field -m "text-field stays" --author erin
CATALOG_AUTHOR=erin run tag v3.0
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
cp "$db" "$here/fixture.sqlite"
echo "$here/fixture.sqlite"

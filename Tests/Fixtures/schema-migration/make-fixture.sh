#!/usr/bin/env bash
# Builds the old-schema fixture of `ComponentTableMigrationTests` (migration 0004): a catalog
# written by a `catalog` binary of schema 0001–0003 (main at c8d4210, before 0004 existed),
# with the exports of each of its revisions and its `log`, as that binary printed them.
#
# usage: Tests/Fixtures/schema-migration/make-fixture.sh OLD_CATALOG_BINARY DATABASE OUT_DIR
#   DATABASE  a SQLite path (then OUT_DIR/fixture.sqlite is a copy of it) or a PostgreSQL
#             URL of an empty database (then OUT_DIR/postgresql-rows.sql is its rows, dumped
#             with pg_dump --data-only --inserts, without schema_migration)
#
# The history: a first import with a document frame, a tag, a policy, a rename, an import
# that a policy refuses and a waiver lets through
# (it changes, moves and removes entries and changes the frame), a deprecation, a tag moved
# with -f, an RFC 6902 patch, a removed kind added back under its old name, a revert and a
# restore. The revision times are whenever this ran; the exports do not hold them, `log`
# does, so log.txt is rewritten together with the fixture (SQLite only).
set -euo pipefail
catalog=$1
db=$2
out=$3
case "$db" in postgres* | /*) ;; *) db="$PWD/$db" ;; esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Imports name their files relative to $work, so the revisions' sources are v1.json, ...
cd "$work"
run() { "$catalog" --database "$db" "$@" >/dev/null; }

cat >v1.json <<'JSON'
{
  "$schema": "https://example.com/components.schema.json",
  "version": 1,
  "components": [
    {"kind": "avatar", "category": "Display", "description": "A user picture",
     "payload": {"size": 32, "shape": "circle"}},
    {"kind": "button", "category": "Input", "description": "A pressable button",
     "payload": {"title": "OK", "style": {"color": "#0055ff", "radius": 4}}, "owner": "forms"},
    {"description": "A tile with a preview", "kind": "tile-preview", "category": "Display",
     "payload": {"image": "hero.png", "caption": {"text": "Hi"}}},
    {"kind": "text-field", "category": "Input", "description": "Single-line text input",
     "payload": {"placeholder": "Name", "maxLength": 40}},
    {"kind": "legacy-banner", "category": "Display", "description": "An old banner",
     "payload": {"text": "Sale", "empty": {}, "none": [], "nothing": null, "n": 1.50e3}},
    {"kind": "caf\u00e9-\ud83d\ude00", "category": "Other", "description": "Escapes \"quoted\"\n",
     "payload": "a string payload"}
  ],
  "generated": {"by": "hand", "at": "2026-11-30"}
}
JSON
run import v1.json -m "First import" --author alice
CATALOG_AUTHOR=alice run tag v1.0 -m "The first release"
run policy set --category Input BACKWARD --author alice
run rename tile-preview tile-card -m "Rename tile-preview to tile-card" --author bob

cat >v2.json <<'JSON'
{
  "version": 2,
  "components": [
    {"kind": "button", "category": "Input", "description": "A pressable button",
     "payload": {"title": "OK", "style": {"color": "#0055ff", "radius": 4}, "tags": ["new"]}, "owner": "forms"},
    {"kind": "avatar", "category": "Display", "description": "A round user picture",
     "payload": {"size": 40, "shape": "circle"}},
    {"description": "A tile with a preview", "kind": "tile-card", "category": "Display",
     "payload": {"image": "hero.png", "caption": {"text": "Hi"}}},
    {"kind": "text-field", "category": "Input", "description": "Single-line text input",
     "payload": {"placeholder": "Name", "maxLength": 40}},
    {"kind": "caf\u00e9-\ud83d\ude00", "category": "Other", "description": "Escapes \"quoted\"\n",
     "payload": "a string payload"}
  ]
}
JSON
run import v2.json --prune -m "Move the button first, drop the banner" --author carol \
  --allow-breaking "tags are optional for clients"
run deprecate text-field -m "Deprecate text-field: use input" --author carol
CATALOG_AUTHOR=carol run tag v1.0 -f -m "Moved to the second release"

cat >p.json <<'JSON'
[
  {"op": "replace", "path": "/components/1/payload/size", "value": 48},
  {"op": "add", "path": "/components/-", "value": {"kind": "badge", "category": "Display",
   "description": "A small count", "payload": {"max": 99}}}
]
JSON
run patch p.json -m "Grow the avatar, add a badge" --author dave

cat >v3.json <<'JSON'
{
  "version": 2,
  "components": [
    {"kind": "button", "category": "Input", "description": "A pressable button",
     "payload": {"title": "OK", "style": {"color": "#0055ff", "radius": 4}, "tags": ["new"]}, "owner": "forms"},
    {"kind": "avatar", "category": "Display", "description": "A round user picture",
     "payload": {"size": 48, "shape": "circle"}},
    {"kind": "legacy-banner", "category": "Display", "description": "The banner, back again",
     "payload": {"text": "Sale", "empty": {}, "none": [], "nothing": null}},
    {"description": "A tile with a preview", "kind": "tile-card", "category": "Display",
     "payload": {"image": "hero.png", "caption": {"text": "Hi"}}},
    {"kind": "text-field", "category": "Input", "description": "Single-line text input",
     "payload": {"placeholder": "Name", "maxLength": 40}, "deprecated": true},
    {"kind": "caf\u00e9-\ud83d\ude00", "category": "Other", "description": "Escapes \"quoted\"\n",
     "payload": "a string payload"},
    {"kind": "badge", "category": "Display", "description": "A small count", "payload": {"max": 99}}
  ]
}
JSON
run import v3.json --prune -m "Bring the banner back" --author erin
run revert 5 -m "Revert the patch" --author erin
run restore 3 -m "Back to revision 3" --author frank
CATALOG_AUTHOR=frank run tag v3.0

head=$("$catalog" --database "$db" log --format json | python3 -c 'import json,sys; print(max(r["revision"] for r in json.load(sys.stdin)))' 2>/dev/null || true)
case "$db" in
  postgres*)
    pg_dump --data-only --inserts --exclude-table-data=schema_migration "$db" \
      | grep -v -E '^(SET |SELECT pg_catalog.set_config|--|\\(un)?restrict |$)' >"$out/postgresql-rows.sql"
    echo "$out/postgresql-rows.sql"
    ;;
  *)
    for revision in $(seq 1 "${head:?no revisions}"); do
      "$catalog" --database "$db" export --at "$revision" >"$out/revision-$revision.json"
    done
    "$catalog" --database "$db" log >"$out/log.txt"
    "$catalog" --database "$db" tag --list >"$out/tags.txt"
    sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
    cp "$db" "$out/fixture.sqlite"
    echo "$out/fixture.sqlite"
    ;;
esac

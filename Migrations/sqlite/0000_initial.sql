-- The catalog schema. History is append-only: revisions, components, entry
-- versions and payloads are only ever inserted (the triggers below refuse
-- UPDATE and DELETE). docs/schema.md explains every table and column and how
-- the catalog at a revision is derived from them.

-- One row per write that changed the catalog (an import, a restore, a rename, ...).
CREATE TABLE revision (
  id         INTEGER PRIMARY KEY CHECK (id > 0), -- 1, 2, 3, ...: consecutive, never reused
  created_at TEXT    NOT NULL,  -- UTC, ISO-8601 with milliseconds: 2026-11-29T14:03:00.123Z
  author     TEXT    NOT NULL,
  message    TEXT    NOT NULL,
  source     TEXT    NOT NULL,  -- imported file name, '-' for stdin, or the operation's operands
  operation  TEXT    NOT NULL,  -- import, restore, rename, deprecate, undeprecate, patch
  added      INTEGER NOT NULL,
  changed    INTEGER NOT NULL,
  removed    INTEGER NOT NULL,
  moved      INTEGER NOT NULL
);
CREATE INDEX revision_by_time ON revision(created_at);

-- Every distinct JSON text the catalog holds (sample payloads), stored once.
CREATE TABLE payload (
  id   INTEGER PRIMARY KEY,
  hash INTEGER NOT NULL,  -- 64-bit FNV-1a of json, to find an identical text
  json TEXT    NOT NULL   -- canonical compact JSON: members in order, numbers as written
);
CREATE INDEX payload_by_hash ON payload(hash);

-- A component's identity, which survives renames.
CREATE TABLE component (
  id          INTEGER PRIMARY KEY,
  revision_id INTEGER NOT NULL REFERENCES revision(id)  -- the revision that added it
);

-- The state of one component after one revision that touched it. The catalog
-- at revision R holds, for each component, its row with the greatest
-- revision_id <= R, unless that row's change is 'removed'.
CREATE TABLE entry_version (
  component_id INTEGER NOT NULL REFERENCES component(id),
  revision_id  INTEGER NOT NULL REFERENCES revision(id),
  change       TEXT    NOT NULL
    CHECK (change IN ('added', 'changed', 'renamed', 'moved', 'removed')),
  kind         TEXT    NOT NULL,  -- the component's kind at this revision
  category     TEXT    NOT NULL,
  description  TEXT    NOT NULL,
  payload_id   INTEGER NOT NULL REFERENCES payload(id),
  extra        TEXT,              -- the entry's other members, as a JSON object in order; NULL if none
  key_order    TEXT,              -- JSON array of member names when not kind, category, description, payload, then extra
  position     TEXT    NOT NULL,  -- order key: entries are exported in ascending (BINARY) order of it
  PRIMARY KEY (component_id, revision_id)
) WITHOUT ROWID;
CREATE INDEX entry_version_by_revision ON entry_version(revision_id);
CREATE INDEX entry_version_by_kind ON entry_version(kind, revision_id);

-- Names for revisions. Tags are labels, not history: they can be deleted.
CREATE TABLE tag (
  name        TEXT    PRIMARY KEY,
  revision_id INTEGER NOT NULL REFERENCES revision(id),
  created_at  TEXT    NOT NULL,
  author      TEXT    NOT NULL
);

CREATE TRIGGER revision_is_append_only_update BEFORE UPDATE ON revision
BEGIN SELECT RAISE(ABORT, 'history is append-only: revision rows cannot change'); END;
CREATE TRIGGER revision_is_append_only_delete BEFORE DELETE ON revision
BEGIN SELECT RAISE(ABORT, 'history is append-only: revision rows cannot be deleted'); END;
CREATE TRIGGER entry_version_is_append_only_update BEFORE UPDATE ON entry_version
BEGIN SELECT RAISE(ABORT, 'history is append-only: entry versions cannot change'); END;
CREATE TRIGGER entry_version_is_append_only_delete BEFORE DELETE ON entry_version
BEGIN SELECT RAISE(ABORT, 'history is append-only: entry versions cannot be deleted'); END;
CREATE TRIGGER payload_is_append_only_update BEFORE UPDATE ON payload
BEGIN SELECT RAISE(ABORT, 'history is append-only: payloads cannot change'); END;
CREATE TRIGGER payload_is_append_only_delete BEFORE DELETE ON payload
BEGIN SELECT RAISE(ABORT, 'history is append-only: payloads cannot be deleted'); END;
CREATE TRIGGER component_is_append_only_update BEFORE UPDATE ON component
BEGIN SELECT RAISE(ABORT, 'history is append-only: components cannot change'); END;
CREATE TRIGGER component_is_append_only_delete BEFORE DELETE ON component
BEGIN SELECT RAISE(ABORT, 'history is append-only: components cannot be deleted'); END;

-- No `component` row per entry: a component is its entry versions. Its id is
-- the component_id they share, and the revision that added it is the least
-- revision_id among them, so the table held nothing that entry_version does
-- not. A write numbers new components from max(component_id) + 1, a read of
-- the last key of entry_version's primary key. A first import of 100,000
-- entries writes 100,000 rows fewer, and checks 100,000 references fewer.
--
-- entry_version loses its foreign key to component. SQLite cannot drop a
-- constraint in place, so the table is rebuilt, as
-- https://sqlite.org/lang_altertable.html#otheralter describes, inside the
-- migration's transaction. Foreign keys stay on: nothing refers to
-- entry_version, and once the old entry_version is gone nothing refers to
-- component, so neither DROP TABLE's implicit delete can break a reference.
-- The old table is renamed out of the way first so that the new one is
-- created under its own name, with the same CREATE text a fresh catalog gets.
DROP INDEX entry_version_by_revision;
DROP INDEX entry_version_by_kind;
ALTER TABLE entry_version RENAME TO entry_version_0003;

-- The state of one component after one revision that touched it. The catalog
-- at revision R holds, for each component, its row with the greatest
-- revision_id <= R, unless that row's change is 'removed'. A component's id
-- survives renames; new components get ids after the largest one.
CREATE TABLE entry_version (
  component_id INTEGER NOT NULL,
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

INSERT INTO entry_version
  (component_id, revision_id, change, kind, category, description, payload_id, extra,
   key_order, position)
SELECT component_id, revision_id, change, kind, category, description, payload_id, extra,
       key_order, position
FROM entry_version_0003 ORDER BY component_id, revision_id;

-- Its triggers and indexes go with it.
DROP TABLE entry_version_0003;
DROP TABLE component;

CREATE INDEX entry_version_by_revision ON entry_version(revision_id);
CREATE INDEX entry_version_by_kind ON entry_version(kind, revision_id);

CREATE TRIGGER entry_version_is_append_only_update BEFORE UPDATE ON entry_version
BEGIN SELECT RAISE(ABORT, 'history is append-only: entry versions cannot change'); END;
CREATE TRIGGER entry_version_is_append_only_delete BEFORE DELETE ON entry_version
BEGIN SELECT RAISE(ABORT, 'history is append-only: entry versions cannot be deleted'); END;

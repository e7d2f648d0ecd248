-- Kinds are found through a table instead of an index, as payload hashes are
-- since 0005. The index entry_version_by_kind could only be filled in the order
-- entry versions were inserted, which is random in kind order, so a first
-- import dropped it and made it again after the last row: CREATE INDEX sorted
-- 100,000 kinds with SQLite's sorter, the largest step left after the last row
-- (about a sixth of the import). A table can be filled in any order: a first
-- import sorts the kinds it already holds (a radix sort, on another thread
-- while payload_hash goes in) and appends them in key order. Every other write
-- inserts one row beside each entry version it inserts.
--
-- One row per entry_version row, with the same three values: "the component
-- that had kind K at or before revision R" is one range of the primary key.
-- No foreign key, as for payload_hash; `catalog doctor` checks that the two
-- tables hold the same triples.
CREATE TABLE kind_version (
  kind         TEXT    NOT NULL,  -- entry_version.kind
  revision_id  INTEGER NOT NULL,  -- entry_version.revision_id
  component_id INTEGER NOT NULL,  -- entry_version.component_id
  PRIMARY KEY (kind, revision_id, component_id)
) WITHOUT ROWID;

INSERT INTO kind_version (kind, revision_id, component_id)
SELECT kind, revision_id, component_id FROM entry_version
ORDER BY kind, revision_id, component_id;
DROP INDEX entry_version_by_kind;

CREATE TRIGGER kind_version_is_append_only_update BEFORE UPDATE ON kind_version
BEGIN SELECT RAISE(ABORT, 'history is append-only: kind versions cannot change'); END;
CREATE TRIGGER kind_version_is_append_only_delete BEFORE DELETE ON kind_version
BEGIN SELECT RAISE(ABORT, 'history is append-only: kind versions cannot be deleted'); END;

-- Kinds are found through a table instead of an index, as on SQLite
-- (Migrations/sqlite/0006_kind_version_table.sql says why: there a first import
-- fills the table in key order from memory instead of building an index with a
-- sort after the last row). Here COPY sends its rows after the entry versions'.
-- One row per entry_version row, with the same three values. No foreign key, as
-- on SQLite; `catalog doctor` checks the two tables agree.
CREATE TABLE kind_version (
  kind         text   COLLATE "C" NOT NULL,  -- entry_version.kind
  revision_id  bigint NOT NULL,  -- entry_version.revision_id
  component_id bigint NOT NULL,  -- entry_version.component_id
  PRIMARY KEY (kind, revision_id, component_id)
);

INSERT INTO kind_version (kind, revision_id, component_id)
SELECT kind, revision_id, component_id FROM entry_version;
DROP INDEX entry_version_by_kind;

CREATE TRIGGER kind_version_is_append_only BEFORE UPDATE OR DELETE ON kind_version
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER kind_version_is_not_truncated BEFORE TRUNCATE ON kind_version
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

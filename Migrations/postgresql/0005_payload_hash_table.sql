-- Payloads are found by hash through a table instead of an index, as on SQLite
-- (Migrations/sqlite/0005_payload_hash_table.sql says why: there a first import
-- fills the table in key order from memory instead of building an index with a
-- sort after the last row). Here COPY sends its rows after the payloads'.
-- payload.hash stays: it answers "the hash of payload N", this table "the
-- payloads with hash H"; the hash only finds candidates, texts decide.
-- No foreign key, as on SQLite; `catalog doctor` checks the two tables agree.
CREATE TABLE payload_hash (
  hash       bigint NOT NULL,  -- payload.hash of the payload
  payload_id bigint NOT NULL,  -- payload.id
  PRIMARY KEY (hash, payload_id)
);

INSERT INTO payload_hash (hash, payload_id) SELECT hash, id FROM payload;
DROP INDEX payload_by_hash;

CREATE TRIGGER payload_hash_is_append_only BEFORE UPDATE OR DELETE ON payload_hash
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER payload_hash_is_not_truncated BEFORE TRUNCATE ON payload_hash
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

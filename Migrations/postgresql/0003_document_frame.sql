-- The document frame: what a components.json file holds besides its entries,
-- so that an export writes the file back as it was imported. A row is written
-- only by a revision that changed the frame; the frame at revision R is the row
-- with the greatest revision_id <= R, or, when there is none, the standard
-- frame {"components": [...]} with nothing else. History: rows are only ever
-- inserted. (The same table as Migrations/sqlite/0003_document_frame.sql.)
CREATE TABLE document_frame (
  revision_id    bigint PRIMARY KEY REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  form           text   NOT NULL CHECK (form IN ('object', 'array')),
  members_before text   NOT NULL,  -- top-level members before "components": a canonical JSON object, in order
  members_after  text   NOT NULL   -- top-level members after "components": a canonical JSON object, in order
);

CREATE TRIGGER document_frame_is_append_only BEFORE UPDATE OR DELETE ON document_frame
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER document_frame_is_not_truncated BEFORE TRUNCATE ON document_frame
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

-- The document frame: what a components.json file holds besides its entries,
-- so that an export writes the file back as it was imported. A row is written
-- only by a revision that changed the frame; the frame at revision R is the row
-- with the greatest revision_id <= R, or, when there is none, the standard
-- frame {"components": [...]} with nothing else. History: rows are only ever
-- inserted.
CREATE TABLE document_frame (
  revision_id    INTEGER PRIMARY KEY REFERENCES revision(id),
  form           TEXT    NOT NULL CHECK (form IN ('object', 'array')),
  members_before TEXT    NOT NULL,  -- top-level members before "components": a canonical JSON object, in order
  members_after  TEXT    NOT NULL   -- top-level members after "components": a canonical JSON object, in order
);

CREATE TRIGGER document_frame_is_append_only_update BEFORE UPDATE ON document_frame
BEGIN SELECT RAISE(ABORT, 'history is append-only: document frames cannot change'); END;
CREATE TRIGGER document_frame_is_append_only_delete BEFORE DELETE ON document_frame
BEGIN SELECT RAISE(ABORT, 'history is append-only: document frames cannot be deleted'); END;

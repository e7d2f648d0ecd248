-- Tags like git's: a message (an annotation), and every move of a tag recorded.
-- A tag's row says what it names now; tag_move is the append-only history of `tag -f`.
ALTER TABLE tag ADD COLUMN message TEXT NOT NULL DEFAULT '';

CREATE TABLE tag_move (
  id              INTEGER PRIMARY KEY,
  name            TEXT    NOT NULL,
  old_revision_id INTEGER NOT NULL REFERENCES revision(id),
  new_revision_id INTEGER NOT NULL REFERENCES revision(id),
  moved_at        TEXT    NOT NULL,
  author          TEXT    NOT NULL
);
CREATE INDEX tag_move_by_name ON tag_move (name, id);

CREATE TRIGGER tag_move_is_append_only_update BEFORE UPDATE ON tag_move
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag moves cannot change'); END;
CREATE TRIGGER tag_move_is_append_only_delete BEFORE DELETE ON tag_move
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag moves cannot be deleted'); END;

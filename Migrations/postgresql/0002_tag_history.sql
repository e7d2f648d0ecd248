-- Tags like git's: a message (an annotation), and every move of a tag recorded.
-- A tag's row says what it names now; tag_move is the append-only history of `tag -f`.
ALTER TABLE tag ADD COLUMN message text NOT NULL DEFAULT '';

CREATE TABLE tag_move (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name            text   COLLATE "C" NOT NULL,
  old_revision_id bigint NOT NULL REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  new_revision_id bigint NOT NULL REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  moved_at        text   COLLATE "C" NOT NULL,
  author          text   NOT NULL
);
CREATE INDEX tag_move_by_name ON tag_move (name, id);

CREATE TRIGGER tag_move_is_append_only BEFORE UPDATE OR DELETE ON tag_move
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER tag_move_is_not_truncated BEFORE TRUNCATE ON tag_move
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

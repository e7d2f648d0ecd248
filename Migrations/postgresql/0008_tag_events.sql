-- Every tag operation recorded: the same tables as Migrations/sqlite/0008_tag_events.sql
-- (which says what they hold; docs/schema.md defines the digests), in PostgreSQL's dialect.
-- Event times are the server's clock. The events carried from `tag` and `tag_move` get
-- their digests from the first read-write open after this migration.
CREATE TABLE tag_event (
  id               bigint PRIMARY KEY,
  name             text   COLLATE "C" NOT NULL,
  operation        text   NOT NULL CHECK (operation IN ('create', 'move', 'annotate', 'delete')),
  from_revision_id bigint REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  to_revision_id   bigint REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  created_at       text   COLLATE "C",
  author           text,
  message          text   NOT NULL DEFAULT '',
  carried          smallint NOT NULL DEFAULT 0 CHECK (carried IN (0, 1)),
  CHECK ((operation = 'create') = (from_revision_id IS NULL)),
  CHECK ((operation = 'delete') = (to_revision_id IS NULL)),
  CHECK (carried = 1 OR (created_at IS NOT NULL AND author IS NOT NULL))
);
CREATE INDEX tag_event_by_name ON tag_event (name, id);

CREATE TABLE tag_event_digest (
  event_id      bigint PRIMARY KEY REFERENCES tag_event (id) DEFERRABLE INITIALLY DEFERRED,
  export_digest text   NOT NULL CHECK (length(export_digest) = 64),
  digest        text   NOT NULL CHECK (length(digest) = 64)
);

INSERT INTO tag_event
  (id, name, operation, from_revision_id, to_revision_id, created_at, author, message, carried)
SELECT row_number() OVER (ORDER BY name COLLATE "C", seq, sub), name, operation,
       from_revision_id, to_revision_id, created_at, author, message, 1
FROM (
  SELECT m.name, 'create' AS operation, NULL::bigint AS from_revision_id,
         m.old_revision_id AS to_revision_id, NULL::text AS created_at, NULL::text AS author,
         '' AS message, 0::bigint AS seq, 0 AS sub
  FROM tag_move AS m WHERE m.id = (SELECT min(id) FROM tag_move WHERE name = m.name)
  UNION ALL
  SELECT name, 'move', old_revision_id, new_revision_id, moved_at, author, '', id, 1
  FROM tag_move
  UNION ALL
  SELECT m.name, 'delete', m.new_revision_id, NULL, NULL, NULL, '', m.id, 2
  FROM tag_move AS m
  WHERE m.id = (SELECT max(id) FROM tag_move WHERE name = m.name)
    AND NOT EXISTS (SELECT 1 FROM tag AS t WHERE t.name = m.name)
  UNION ALL
  SELECT t.name, 'create', NULL, t.revision_id, t.created_at, t.author, t.message,
         9223372036854775807, 3
  FROM tag AS t
  WHERE NOT EXISTS (SELECT 1 FROM tag_move AS m WHERE m.name = t.name)
     OR t.revision_id <> (SELECT m.new_revision_id FROM tag_move AS m WHERE m.name = t.name
                          ORDER BY m.id DESC LIMIT 1)
) AS known;

CREATE TRIGGER tag_event_is_append_only BEFORE UPDATE OR DELETE ON tag_event
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER tag_event_is_not_truncated BEFORE TRUNCATE ON tag_event
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER tag_event_digest_is_append_only BEFORE UPDATE OR DELETE ON tag_event_digest
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER tag_event_digest_is_not_truncated BEFORE TRUNCATE ON tag_event_digest
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

-- Every tag operation recorded (issue 30 item 14, issue 31 item 6): `tag_event` is the
-- append-only history of tags: each creation, move (`tag -f` to another revision), change
-- of message (`tag -f -m` on the same revision) and deletion, with the revision it named
-- before (`from_revision_id`, NULL for a creation), the one it names after
-- (`to_revision_id`, NULL for a deletion), who, when (the writer's clock on SQLite, the
-- server's on PostgreSQL) and the message. The `tag` table stays what each name names now,
-- with its original tagger and time. `tag_move` (0002) is kept as it was and no longer
-- written: its rows are carried here.
--
-- `tag_event_digest` records, for each event, the SHA-256 of the canonical export of the
-- revision it names (`to_revision_id`, or `from_revision_id` for a deletion), what
-- `export --digest` prints for it, and the event's own digest, chained over the previous
-- event's and over the named revision's digest (`revision_digest`): docs/schema.md defines
-- the bytes. SQL cannot compute SHA-256 on SQLite, so the events carried below get theirs
-- from the first read-write open after this migration, as revisions did after 0007.
CREATE TABLE tag_event (
  id               INTEGER PRIMARY KEY,
  name             TEXT    NOT NULL,
  operation        TEXT    NOT NULL CHECK (operation IN ('create', 'move', 'annotate', 'delete')),
  from_revision_id INTEGER REFERENCES revision(id),
  to_revision_id   INTEGER REFERENCES revision(id),
  created_at       TEXT,
  author           TEXT,
  message          TEXT    NOT NULL DEFAULT '',
  -- 1: carried from the tables of before this migration; when and by whom may be unknown.
  carried          INTEGER NOT NULL DEFAULT 0 CHECK (carried IN (0, 1)),
  CHECK ((operation = 'create') = (from_revision_id IS NULL)),
  CHECK ((operation = 'delete') = (to_revision_id IS NULL)),
  CHECK (carried = 1 OR (created_at IS NOT NULL AND author IS NOT NULL))
);
CREATE INDEX tag_event_by_name ON tag_event (name, id);

CREATE TABLE tag_event_digest (
  event_id      INTEGER PRIMARY KEY REFERENCES tag_event(id),
  export_digest TEXT    NOT NULL CHECK (length(export_digest) = 64),
  digest        TEXT    NOT NULL CHECK (length(digest) = 64)
);

-- What is known of the tags before this migration, name by name: a tag that was moved was
-- created naming its first move's old revision (when and by whom were not recorded: the
-- tag row held the last move's); then its moves; a name no longer tagged was deleted after
-- its last move (when and by whom unknown); a tag never moved, or re-made after its moves
-- (it names another revision than its last move's), was created as its row says. A tag
-- deleted before without ever moving left no trace to carry.
INSERT INTO tag_event
  (id, name, operation, from_revision_id, to_revision_id, created_at, author, message, carried)
SELECT row_number() OVER (ORDER BY name, seq, sub), name, operation, from_revision_id,
       to_revision_id, created_at, author, message, 1
FROM (
  SELECT m.name, 'create' AS operation, NULL AS from_revision_id,
         m.old_revision_id AS to_revision_id, NULL AS created_at, NULL AS author,
         '' AS message, 0 AS seq, 0 AS sub
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
);

CREATE TRIGGER tag_event_is_append_only_update BEFORE UPDATE ON tag_event
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag events cannot change'); END;
CREATE TRIGGER tag_event_is_append_only_delete BEFORE DELETE ON tag_event
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag events cannot be deleted'); END;
-- REPLACE and INSERT OR REPLACE delete without firing DELETE triggers (0007 says why).
CREATE TRIGGER tag_event_is_append_only_replace BEFORE INSERT ON tag_event
WHEN EXISTS (SELECT 1 FROM tag_event WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag events cannot be replaced'); END;
CREATE TRIGGER tag_event_digest_is_append_only_update BEFORE UPDATE ON tag_event_digest
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag event digests cannot change'); END;
CREATE TRIGGER tag_event_digest_is_append_only_delete BEFORE DELETE ON tag_event_digest
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag event digests cannot be deleted'); END;
CREATE TRIGGER tag_event_digest_is_append_only_replace BEFORE INSERT ON tag_event_digest
WHEN EXISTS (SELECT 1 FROM tag_event_digest WHERE event_id = NEW.event_id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag event digests cannot be replaced'); END;

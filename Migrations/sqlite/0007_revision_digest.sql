-- Tamper-evident history. Each revision's digest: SHA-256 chained over its
-- parent's digest and its content (its row, the document frame it recorded,
-- every entry version it wrote with its payload's SHA-256), as git's commits
-- are; docs/schema.md defines the bytes hashed. A catalog made before this
-- migration gets the digests of its revisions from the first read-write open
-- after it (SQL cannot compute them), and every write records the digest of
-- the revision it appends. `catalog doctor` recomputes the chain and names the
-- first revision that does not match.
CREATE TABLE revision_digest (
  revision_id INTEGER PRIMARY KEY REFERENCES revision(id),
  digest      TEXT    NOT NULL CHECK (length(digest) = 64)  -- lowercase hexadecimal SHA-256
);

CREATE TRIGGER revision_digest_is_append_only_update BEFORE UPDATE ON revision_digest
BEGIN SELECT RAISE(ABORT, 'history is append-only: revision digests cannot change'); END;
CREATE TRIGGER revision_digest_is_append_only_delete BEFORE DELETE ON revision_digest
BEGIN SELECT RAISE(ABORT, 'history is append-only: revision digests cannot be deleted'); END;

-- INSERT OR REPLACE (and REPLACE) resolves a conflict by deleting the old row
-- without firing DELETE triggers (unless recursive_triggers is on,
-- https://sqlite.org/lang_conflict.html), so the triggers above did not stop
-- it from rewriting a revision. A BEFORE INSERT trigger runs before the
-- conflict is resolved: an insert whose key is taken is refused here,
-- whatever its conflict clause. UPSERT's DO UPDATE fires the UPDATE triggers.
-- payload_hash and kind_version are left out: every column is in their
-- primary key, so a replaced row is the same row.
CREATE TRIGGER revision_is_append_only_replace BEFORE INSERT ON revision
WHEN EXISTS (SELECT 1 FROM revision WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: revision rows cannot be replaced'); END;
CREATE TRIGGER entry_version_is_append_only_replace BEFORE INSERT ON entry_version
WHEN EXISTS (
  SELECT 1 FROM entry_version
  WHERE component_id = NEW.component_id AND revision_id = NEW.revision_id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: entry versions cannot be replaced'); END;
CREATE TRIGGER payload_is_append_only_replace BEFORE INSERT ON payload
WHEN EXISTS (SELECT 1 FROM payload WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: payloads cannot be replaced'); END;
CREATE TRIGGER document_frame_is_append_only_replace BEFORE INSERT ON document_frame
WHEN EXISTS (SELECT 1 FROM document_frame WHERE revision_id = NEW.revision_id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: document frames cannot be replaced'); END;
CREATE TRIGGER policy_change_is_append_only_replace BEFORE INSERT ON policy_change
WHEN EXISTS (SELECT 1 FROM policy_change WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: policy changes cannot be replaced'); END;
CREATE TRIGGER waiver_is_append_only_replace BEFORE INSERT ON waiver
WHEN EXISTS (SELECT 1 FROM waiver WHERE revision_id = NEW.revision_id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: waivers cannot be replaced'); END;
CREATE TRIGGER waived_change_is_append_only_replace BEFORE INSERT ON waived_change
WHEN EXISTS (
  SELECT 1 FROM waived_change WHERE revision_id = NEW.revision_id AND seq = NEW.seq)
BEGIN SELECT RAISE(ABORT, 'history is append-only: waived changes cannot be replaced'); END;
CREATE TRIGGER tag_move_is_append_only_replace BEFORE INSERT ON tag_move
WHEN EXISTS (SELECT 1 FROM tag_move WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: tag moves cannot be replaced'); END;
CREATE TRIGGER revision_digest_is_append_only_replace BEFORE INSERT ON revision_digest
WHEN EXISTS (SELECT 1 FROM revision_digest WHERE revision_id = NEW.revision_id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: revision digests cannot be replaced'); END;

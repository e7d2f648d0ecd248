-- Payload identity by a cryptographic digest (issue 36, item 2): the SHA-256
-- of each payload's canonical text, stored once per payload. Two payloads with
-- equal digests are the same payload, as two git objects with one id are: a
-- re-import compares each entry's payload digest with head's and reads no
-- stored payload text. (`payload.hash`, a 64-bit FNV-1a, still only finds
-- candidates: a non-cryptographic hash never decides.)
--
-- Keyed by the payload's id, so every write appends its new payloads' rows at
-- the end of the table, in the order it stores them. SQL cannot compute
-- SHA-256 on SQLite: the migrator computes the digests of the payloads already
-- stored in the same transaction, after this script (MigrationPlan's
-- completion `payloadDigests`), so a catalog has a digest for every payload
-- once this migration is recorded. No foreign key, as for payload_hash (a
-- first import would check 100,000 references before it commits); `catalog
-- doctor` recomputes every digest from its text and counts payloads without a
-- row and rows without a payload.
CREATE TABLE payload_digest (
  payload_id INTEGER PRIMARY KEY,                          -- payload.id
  digest     BLOB    NOT NULL CHECK (length(digest) = 32)  -- SHA-256 of payload.json's bytes
);

CREATE TRIGGER payload_digest_is_append_only_update BEFORE UPDATE ON payload_digest
BEGIN SELECT RAISE(ABORT, 'history is append-only: payload digests cannot change'); END;
CREATE TRIGGER payload_digest_is_append_only_delete BEFORE DELETE ON payload_digest
BEGIN SELECT RAISE(ABORT, 'history is append-only: payload digests cannot be deleted'); END;
-- REPLACE and INSERT OR REPLACE delete without firing DELETE triggers (0007 says why).
CREATE TRIGGER payload_digest_is_append_only_replace BEFORE INSERT ON payload_digest
WHEN EXISTS (SELECT 1 FROM payload_digest WHERE payload_id = NEW.payload_id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: payload digests cannot be replaced'); END;

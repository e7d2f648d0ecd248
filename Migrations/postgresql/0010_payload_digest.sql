-- Payload identity by a cryptographic digest: the SHA-256 of each payload's
-- canonical text, stored once per payload (the same table as
-- Migrations/sqlite/0010_payload_digest.sql, which says what it is for). The
-- migrator computes the digests of the payloads already stored in the same
-- transaction, after this script (MigrationPlan's completion `payloadDigests`),
-- with the code SQLite's migrator uses, from the bytes the server sends. No
-- foreign key, as for payload_hash; `catalog doctor` recomputes every digest.
CREATE TABLE payload_digest (
  payload_id bigint PRIMARY KEY,                                 -- payload.id
  digest     bytea  NOT NULL CHECK (octet_length(digest) = 32)  -- SHA-256 of payload.json's bytes
);

CREATE TRIGGER payload_digest_is_append_only BEFORE UPDATE OR DELETE ON payload_digest
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER payload_digest_is_not_truncated BEFORE TRUNCATE ON payload_digest
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

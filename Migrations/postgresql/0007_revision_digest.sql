-- Tamper-evident history: each revision's digest, SHA-256 chained over its
-- parent's digest and its content (the same table as
-- Migrations/sqlite/0007_revision_digest.sql; docs/schema.md defines the bytes
-- hashed). A catalog made before this migration gets the digests of its
-- revisions from the first read-write open after it, and every write records
-- the digest of the revision it appends. PostgreSQL has no REPLACE, and
-- INSERT … ON CONFLICT DO UPDATE fires the UPDATE triggers, which refuse it.
CREATE TABLE revision_digest (
  revision_id bigint PRIMARY KEY REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  digest      text   NOT NULL CHECK (length(digest) = 64)  -- lowercase hexadecimal SHA-256
);

CREATE TRIGGER revision_digest_is_append_only BEFORE UPDATE OR DELETE ON revision_digest
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER revision_digest_is_not_truncated BEFORE TRUNCATE ON revision_digest
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

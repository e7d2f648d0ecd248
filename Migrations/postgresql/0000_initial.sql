-- The catalog schema on PostgreSQL: the same tables, columns and rules as
-- Migrations/sqlite/0001_initial.sql (docs/schema.md explains them). History
-- is append-only: revisions, components, entry versions and payloads are only
-- ever inserted; the triggers below refuse UPDATE, DELETE and TRUNCATE, and a
-- new revision must be head + 1.
--
-- References are checked at commit (DEFERRABLE INITIALLY DEFERRED), as the
-- SQLite engine checks a whole-catalog write's before its commit: a write may
-- send an import's rows before the revision that they belong to.
--
-- Texts compared for order (kind, position, tag names) use the "C" collation:
-- byte order, whatever the database's locale, as SQLite's BINARY.

CREATE TABLE revision (
  id         bigint PRIMARY KEY CHECK (id > 0),   -- 1, 2, 3, ...: consecutive, never reused
  created_at text   COLLATE "C" NOT NULL,  -- UTC, ISO-8601 with milliseconds: 2026-11-29T14:03:00.123Z
  author     text   NOT NULL,
  message    text   NOT NULL,
  source     text   NOT NULL,  -- imported file name, '-' for stdin, or the operation's operands
  operation  text   NOT NULL,  -- import, restore, rename, deprecate, undeprecate, patch, copy
  added      bigint NOT NULL,
  changed    bigint NOT NULL,
  removed    bigint NOT NULL,
  moved      bigint NOT NULL
);
CREATE INDEX revision_by_time ON revision (created_at);

-- Every distinct JSON text the catalog holds (sample payloads), stored once.
CREATE TABLE payload (
  id   bigint PRIMARY KEY,
  hash bigint NOT NULL,  -- 64-bit FNV-1a of json, to find an identical text
  json text   NOT NULL   -- canonical compact JSON: members in order, numbers as written
);
CREATE INDEX payload_by_hash ON payload (hash);

-- A component's identity, which survives renames.
CREATE TABLE component (
  id          bigint PRIMARY KEY,
  revision_id bigint NOT NULL REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED  -- the revision that added it
);

-- The state of one component after one revision that touched it. The catalog
-- at revision R holds, for each component, its row with the greatest
-- revision_id <= R, unless that row's change is 'removed'.
CREATE TABLE entry_version (
  component_id bigint NOT NULL REFERENCES component (id) DEFERRABLE INITIALLY DEFERRED,
  revision_id  bigint NOT NULL REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  change       text   NOT NULL
    CHECK (change IN ('added', 'changed', 'renamed', 'moved', 'removed')),
  kind         text   COLLATE "C" NOT NULL,
  category     text   NOT NULL,
  description  text   NOT NULL,
  payload_id   bigint NOT NULL REFERENCES payload (id) DEFERRABLE INITIALLY DEFERRED,
  extra        text,              -- the entry's other members, as a JSON object in order; NULL if none
  key_order    text,              -- JSON array of member names when not the default order
  position     text   COLLATE "C" NOT NULL,  -- order key: entries are exported in byte order of it
  PRIMARY KEY (component_id, revision_id)
);
CREATE INDEX entry_version_by_revision ON entry_version (revision_id);
CREATE INDEX entry_version_by_kind ON entry_version (kind, revision_id);

-- Names for revisions. Tags are labels, not history: they can be deleted.
CREATE TABLE tag (
  name        text   COLLATE "C" PRIMARY KEY,
  revision_id bigint NOT NULL REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  created_at  text   COLLATE "C" NOT NULL,
  author      text   NOT NULL
);

CREATE FUNCTION catalog_refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'history is append-only: % rows cannot be %d', TG_TABLE_NAME,
    lower(TG_OP) USING ERRCODE = 'restrict_violation';
END
$$;

CREATE FUNCTION catalog_require_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head bigint;
BEGIN
  SELECT coalesce(max(id), 0) INTO head FROM revision;
  IF NEW.id <> head + 1 THEN
    RAISE EXCEPTION 'revision ids are consecutive: the next is %, not %', head + 1, NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER revision_is_consecutive BEFORE INSERT ON revision
  FOR EACH ROW EXECUTE FUNCTION catalog_require_next_revision();

CREATE TRIGGER revision_is_append_only BEFORE UPDATE OR DELETE ON revision
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER revision_is_not_truncated BEFORE TRUNCATE ON revision
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER entry_version_is_append_only BEFORE UPDATE OR DELETE ON entry_version
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER entry_version_is_not_truncated BEFORE TRUNCATE ON entry_version
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER payload_is_append_only BEFORE UPDATE OR DELETE ON payload
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER payload_is_not_truncated BEFORE TRUNCATE ON payload
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER component_is_append_only BEFORE UPDATE OR DELETE ON component
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER component_is_not_truncated BEFORE TRUNCATE ON component
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

-- Compatibility policies and waivers on PostgreSQL: the same tables as
-- Migrations/sqlite/0002_policies.sql (docs/policies.md). Both are history:
-- rows are only ever inserted.

CREATE TABLE policy_change (
  id             bigint PRIMARY KEY CHECK (id > 0),
  after_revision bigint NOT NULL CHECK (after_revision >= 0), -- head when it was made
  created_at     text   COLLATE "C" NOT NULL,
  author         text   NOT NULL,
  action         text   NOT NULL CHECK (action IN ('set', 'unset', 'ignore', 'unignore')),
  scope          text   NOT NULL CHECK (scope IN ('catalog', 'category', 'kind')),
  name           text   COLLATE "C" NOT NULL,
  mode           text,
  rule           text,
  pointer        text   COLLATE "C"
);

CREATE TABLE waiver (
  revision_id bigint PRIMARY KEY REFERENCES revision (id) DEFERRABLE INITIALLY DEFERRED,
  created_at  text   COLLATE "C" NOT NULL,
  author      text   NOT NULL,
  reason      text   NOT NULL
);

CREATE TABLE waived_change (
  revision_id bigint NOT NULL REFERENCES waiver (revision_id) DEFERRABLE INITIALLY DEFERRED,
  seq         bigint NOT NULL,
  kind        text   COLLATE "C" NOT NULL,
  rule        text   NOT NULL,
  pointer     text   COLLATE "C" NOT NULL,
  mode        text   NOT NULL,
  PRIMARY KEY (revision_id, seq)
);

CREATE TRIGGER policy_change_is_append_only BEFORE UPDATE OR DELETE ON policy_change
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER policy_change_is_not_truncated BEFORE TRUNCATE ON policy_change
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER waiver_is_append_only BEFORE UPDATE OR DELETE ON waiver
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER waiver_is_not_truncated BEFORE TRUNCATE ON waiver
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER waived_change_is_append_only BEFORE UPDATE OR DELETE ON waived_change
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER waived_change_is_not_truncated BEFORE TRUNCATE ON waived_change
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

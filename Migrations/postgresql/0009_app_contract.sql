-- App contracts on PostgreSQL: the same table as
-- Migrations/sqlite/0009_app_contract.sql (docs/schema.md, "Contract events").
-- One row per event (a build's contract recorded, or the build retired), only
-- ever inserted, each with a SHA-256 digest chained over the previous event's.
CREATE TABLE contract_event (
  id             bigint PRIMARY KEY CHECK (id > 0),
  after_revision bigint NOT NULL CHECK (after_revision >= 0), -- head when it was made
  created_at     text   COLLATE "C" NOT NULL,
  author         text   NOT NULL,
  action         text   NOT NULL CHECK (action IN ('record', 'retire')),
  app            text   COLLATE "C" NOT NULL,
  version        text   COLLATE "C" NOT NULL,
  contract       text,
  digest         text   NOT NULL CHECK (length(digest) = 64),
  CHECK ((action = 'record') = (contract IS NOT NULL))
);
CREATE INDEX contract_event_by_build ON contract_event (app, version, id);

CREATE TRIGGER contract_event_is_append_only BEFORE UPDATE OR DELETE ON contract_event
  FOR EACH ROW EXECUTE FUNCTION catalog_refuse_history_change();
CREATE TRIGGER contract_event_is_not_truncated BEFORE TRUNCATE ON contract_event
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_refuse_history_change();

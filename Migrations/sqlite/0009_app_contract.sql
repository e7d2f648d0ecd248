-- App contracts (docs/registry.md, "App contracts"; docs/schema.md, "Contract
-- events"): what each recorded build of an app decodes. One row per event, only
-- ever inserted: a build's contract recorded (its canonical contract.json bytes)
-- or the build retired. A build is retained while its newest event is a record.
-- Each row carries a SHA-256 digest chained over the previous event's digest
-- and its own fields (docs/schema.md defines the bytes), so an event changed
-- behind the triggers' back no longer matches, nor does any later one; the
-- chain is the contracts' own, apart from the revisions' (recording a contract
-- writes no revision). `catalog doctor` recomputes it, `catalog copy` checks it.
CREATE TABLE contract_event (
  id             INTEGER PRIMARY KEY CHECK (id > 0),
  after_revision INTEGER NOT NULL CHECK (after_revision >= 0), -- head when it was made
  created_at     TEXT    NOT NULL,  -- UTC, ISO-8601 with milliseconds
  author         TEXT    NOT NULL,
  action         TEXT    NOT NULL CHECK (action IN ('record', 'retire')),
  app            TEXT    NOT NULL,
  version        TEXT    NOT NULL,
  contract       TEXT,              -- for 'record': the canonical contract.json; else NULL
  digest         TEXT    NOT NULL CHECK (length(digest) = 64),  -- lowercase hexadecimal
  CHECK ((action = 'record') = (contract IS NOT NULL))
);
CREATE INDEX contract_event_by_build ON contract_event (app, version, id);

CREATE TRIGGER contract_event_is_append_only_update BEFORE UPDATE ON contract_event
BEGIN SELECT RAISE(ABORT, 'history is append-only: contract events cannot change'); END;
CREATE TRIGGER contract_event_is_append_only_delete BEFORE DELETE ON contract_event
BEGIN SELECT RAISE(ABORT, 'history is append-only: contract events cannot be deleted'); END;
-- As in 0007: REPLACE deletes without firing DELETE triggers
-- (https://sqlite.org/lang_conflict.html); a BEFORE INSERT trigger refuses it.
CREATE TRIGGER contract_event_is_append_only_replace BEFORE INSERT ON contract_event
WHEN EXISTS (SELECT 1 FROM contract_event WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'history is append-only: contract events cannot be replaced'); END;

-- Compatibility policies and waivers (docs/policies.md). Both are history:
-- rows are only ever inserted.

-- One row per change to the policies: a mode set or unset at a level, an
-- ignore added or removed. The policies in force are these rows replayed in
-- id order.
CREATE TABLE policy_change (
  id             INTEGER PRIMARY KEY CHECK (id > 0),
  after_revision INTEGER NOT NULL CHECK (after_revision >= 0), -- head when it was made
  created_at     TEXT    NOT NULL,  -- UTC, ISO-8601 with milliseconds
  author         TEXT    NOT NULL,
  action         TEXT    NOT NULL CHECK (action IN ('set', 'unset', 'ignore', 'unignore')),
  scope          TEXT    NOT NULL CHECK (scope IN ('catalog', 'category', 'kind')),
  name           TEXT    NOT NULL,  -- the category or kind; '' for the catalog
  mode           TEXT,              -- for 'set': NONE, BACKWARD, ..., FULL_TRANSITIVE
  rule           TEXT,              -- for 'ignore' and 'unignore': a change rule
  pointer        TEXT               -- for 'ignore' and 'unignore': a JSON Pointer prefix
);

-- A deliberate break (`--allow-breaking REASON`): the revision that made it,
-- why, and who.
CREATE TABLE waiver (
  revision_id INTEGER PRIMARY KEY REFERENCES revision(id),
  created_at  TEXT    NOT NULL,
  author      TEXT    NOT NULL,
  reason      TEXT    NOT NULL
);

-- What a waiver let through: one row per refused change.
CREATE TABLE waived_change (
  revision_id INTEGER NOT NULL REFERENCES waiver(revision_id),
  seq         INTEGER NOT NULL,
  kind        TEXT    NOT NULL,
  rule        TEXT    NOT NULL,
  pointer     TEXT    NOT NULL,
  mode        TEXT    NOT NULL,
  PRIMARY KEY (revision_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER policy_change_is_append_only_update BEFORE UPDATE ON policy_change
BEGIN SELECT RAISE(ABORT, 'history is append-only: policy changes cannot change'); END;
CREATE TRIGGER policy_change_is_append_only_delete BEFORE DELETE ON policy_change
BEGIN SELECT RAISE(ABORT, 'history is append-only: policy changes cannot be deleted'); END;
CREATE TRIGGER waiver_is_append_only_update BEFORE UPDATE ON waiver
BEGIN SELECT RAISE(ABORT, 'history is append-only: waivers cannot change'); END;
CREATE TRIGGER waiver_is_append_only_delete BEFORE DELETE ON waiver
BEGIN SELECT RAISE(ABORT, 'history is append-only: waivers cannot be deleted'); END;
CREATE TRIGGER waived_change_is_append_only_update BEFORE UPDATE ON waived_change
BEGIN SELECT RAISE(ABORT, 'history is append-only: waived changes cannot change'); END;
CREATE TRIGGER waived_change_is_append_only_delete BEFORE DELETE ON waived_change
BEGIN SELECT RAISE(ABORT, 'history is append-only: waived changes cannot be deleted'); END;

-- Payloads are found by hash through a table instead of an index. The index
-- payload_by_hash could only be filled in the order payloads were inserted,
-- which is random in hash order, so a first import dropped it and made it
-- again after the last row: CREATE INDEX scanned the whole payload table (its
-- texts included) and sorted 100,000 keys with SQLite's sorter, about a fifth
-- of the import's time, and n log n in the catalog's size. A table can be
-- filled in any order: a first import sorts the (hash, id) pairs it already
-- holds in memory and appends them in key order, one B-tree leaf after the
-- next. Every other write inserts its few new payloads' rows as it goes.
--
-- payload.hash stays: it answers "the hash of payload N", this table "the
-- payloads with hash H". The hash only finds candidates; a payload is the
-- same as another when their texts are equal byte for byte.
-- No foreign key: checking 100,000 references into payload before a first
-- import commits would be 100,000 random probes of the largest table;
-- `catalog doctor` checks that the two tables hold the same pairs instead.
CREATE TABLE payload_hash (
  hash       INTEGER NOT NULL,  -- payload.hash of the payload
  payload_id INTEGER NOT NULL,  -- payload.id
  PRIMARY KEY (hash, payload_id)
) WITHOUT ROWID;

INSERT INTO payload_hash (hash, payload_id) SELECT hash, id FROM payload ORDER BY hash, id;
DROP INDEX payload_by_hash;

CREATE TRIGGER payload_hash_is_append_only_update BEFORE UPDATE ON payload_hash
BEGIN SELECT RAISE(ABORT, 'history is append-only: payload hashes cannot change'); END;
CREATE TRIGGER payload_hash_is_append_only_delete BEFORE DELETE ON payload_hash
BEGIN SELECT RAISE(ABORT, 'history is append-only: payload hashes cannot be deleted'); END;

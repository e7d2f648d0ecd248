-- App contracts indexed by kind (issue 32, the gate's speed): what each recorded
-- contract decodes, kind by kind, so that the gate (`check --clients`, the
-- write gate, the policies) reads the shapes of the kinds it checks instead of
-- parsing every retained build's whole contract.json on every run.
--
-- contract_index holds one index text per distinct index, keyed by the
-- SHA-256 (hexadecimal) of the text: builds that decode the same kinds with the
-- same shapes (most builds of an app) share one row. The text
-- (ContractShapeIndex in CatalogStorage, docs/schema.md) lists each distinct
-- shape once, with the SHA-256 of its schema's canonical text, then each kind
-- and the shape it decodes. contract_event_index names each record event's
-- index. Both are derived from contract_event.contract, which stays the record:
-- `catalog copy` recomputes them, `catalog doctor` checks them, and a record
-- event without a row (recorded before this migration) is indexed from its
-- contract when it is read. event_id names a contract_event row without a
-- foreign key: the history tables refuse TRUNCATE with their own sentence,
-- which a referencing key would pre-empt on PostgreSQL.
CREATE TABLE contract_index (
  digest text COLLATE "C" PRIMARY KEY CHECK (length(digest) = 64),  -- SHA-256 of body, lowercase hex
  body   text NOT NULL
);

CREATE TABLE contract_event_index (
  event_id     bigint PRIMARY KEY,
  index_digest text   COLLATE "C" NOT NULL REFERENCES contract_index (digest)
);

-- No `component` row per entry: a component is its entry versions. Its id is
-- the component_id they share, and the revision that added it is the least
-- revision_id among them, so the table held nothing that entry_version does
-- not. A write numbers new components from max(component_id) + 1, a read of
-- the last key of entry_version's primary key. A first import of 100,000
-- entries sends 100,000 rows fewer, and the commit checks 100,000 references
-- fewer. (docs/schema.md; the SQLite migration of the same name.)
ALTER TABLE entry_version DROP CONSTRAINT entry_version_component_id_fkey;
-- Its triggers go with it.
DROP TABLE component;

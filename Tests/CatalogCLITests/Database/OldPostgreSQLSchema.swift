import CatalogStore
import Foundation
import TestSupport

/// A PostgreSQL catalog of an older schema, for the migration tests.
enum OldPostgreSQLSchema {
  /// SQL that makes `schema_migration` as the migrator makes it, then applies each of
  /// `migrations` from Migrations/postgresql with its record, as the binary of that schema
  /// applied them: by the names that binary recorded (`0001_initial` for the file now named
  /// `0000_initial.sql`, ``MigrationPlan/formerNames``).
  static func script(_ migrations: [String]) throws -> String {
    let folder = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Migrations/postgresql")
    var script = """
      CREATE TABLE schema_migration (name text PRIMARY KEY, applied_at text NOT NULL);
      COMMENT ON TABLE schema_migration IS 'component catalog';

      """
    for name in migrations {
      let file = MigrationPlan.formerNames.first { $0.value == name }?.key ?? name
      script += try String(
        contentsOf: folder.appendingPathComponent("\(file).sql"), encoding: .utf8)
      script += "\nINSERT INTO schema_migration VALUES ('\(name)', '2026-11-30T00:00:00.000Z');\n"
    }
    return script
  }
}

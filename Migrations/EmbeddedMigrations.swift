/// The catalog schema of each engine: the `Migrations/ENGINE/NNNN_name.sql` files of this
/// folder, in name order (`Migrations/sqlite/`, `Migrations/postgresql/`).
///
/// The SQL is embedded at build time by the `EmbedMigrationsPlugin` build tool, so a copied
/// `catalog` binary needs no resource files. A migration that has shipped is never edited:
/// schema changes are new files. An engine's migrator applies its own list, in order, and
/// records each name it ran.
public enum EmbeddedMigrations {
  /// The migrations of the engine whose folder is `engine` (`"sqlite"`, `"postgresql"`),
  /// ordered by name: `(name: "0000_initial", sql: "CREATE TABLE …")`; empty for a folder
  /// that holds no `.sql` file.
  public static func migrations(engine: String) -> [(name: String, sql: String)] {
    files[engine] ?? []
  }

  /// The SQLite schema (`Migrations/sqlite/`).
  public static var sqlite: [(name: String, sql: String)] { migrations(engine: "sqlite") }

  /// The PostgreSQL schema (`Migrations/postgresql/`).
  public static var postgresql: [(name: String, sql: String)] {
    migrations(engine: "postgresql")
  }
}

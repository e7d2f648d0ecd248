/// The catalog schema: the `Migrations/NNNN_name.sql` files of this folder, in name order.
///
/// The SQL is embedded at build time by the `EmbedMigrationsPlugin` build tool, so a copied
/// `catalog` binary needs no resource files. A migration that has shipped is never edited:
/// schema changes are new files.
public enum EmbeddedMigrations {
  /// The migrations, ordered by name: `(name: "0001_initial", sql: "CREATE TABLE …")`.
  public static var all: [(name: String, sql: String)] { files }
}

import CatalogStorage

/// Why ``Migrator`` refused a database or a migration.
///
/// Each message is a sentence for the person running `catalog`: lowercase, no final period.
enum MigrationError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The database has migrations this binary does not know: a newer `catalog` wrote it.
  case schemaIsNewer(unknownMigrations: [String])
  /// The file is an SQLite database of something else; it was left unchanged.
  ///
  /// `applicationID` is the file's `PRAGMA application_id`: 0 when it has tables but no catalog
  /// marks, another application's id otherwise.
  case notACatalog(path: String, applicationID: Int32)
  /// A migration left a row whose foreign key points at no row; it was rolled back.
  /// `rowID` is nil for a `WITHOUT ROWID` table.
  case foreignKeyViolation(migration: String, table: String, rowID: Int64?, parent: String)
  /// The migration list is not a plan (two steps with one number, a badly named step): a bug
  /// in the list, not in the database.
  case invalidPlan(MigrationPlanError)

  var description: String {
    switch self {
    case .schemaIsNewer(let names):
      let list = names.joined(separator: ", ")
      let has = names.count == 1 ? "migration \(list)" : "migrations \(list)"
      return "the catalog's schema is newer than this catalog binary (it has \(has), which this "
        + "binary does not know); upgrade catalog"
    case .notACatalog(let path, let applicationID) where applicationID == 0:
      return "\(path) is not a catalog database (it has tables, but neither the catalog "
        + "application id nor a schema_migration table); it was left unchanged"
    case .notACatalog(let path, let applicationID):
      return "\(path) is not a catalog database (its application id is \(hex(applicationID)), "
        + "not \(hex(Migrator.applicationID))); it was left unchanged"
    case .foreignKeyViolation(let migration, let table, let rowID, let parent):
      let row = rowID.map { "row \($0) of \(table)" } ?? "a row of \(table)"
      return "migration \(migration) was rolled back: \(row) refers to a missing row of \(parent)"
    case .invalidPlan(let problem):
      return "the migration list is wrong: \(problem)"
    }
  }
}

private func hex(_ value: Int32) -> String {
  "0x" + String(UInt32(bitPattern: value), radix: 16, uppercase: true)
}

import CatalogStorage

/// The SQLite engine: a catalog in one file, beside its `-wal` and `-shm` files.
package enum SQLiteEngine: StorageEngine {
  package static let name = "sqlite"

  package static func open(_ location: CatalogLocation, options: CatalogOptions) throws
    -> any CatalogStorage
  {
    guard case .sqlite(let path) = location else {
      throw CatalogError.unavailable(
        location: location.description, reason: "not a SQLite location")
    }
    return try SQLiteCatalogStorage(path: path, options: options)
  }

  package static func integrityCheck(_ location: CatalogLocation, options: CatalogOptions)
    throws -> [String]?
  {
    guard case .sqlite(let path) = location else { return nil }
    return try SQLiteCatalogStorage.integrityCheck(path: path, busyTimeout: options.busyTimeout)
  }
}

import CSQLite
import CatalogStorage

/// The SQLite engine: a catalog in one file, beside its `-wal` and `-shm` files.
package enum SQLiteEngine: StorageEngine {
  package static let name = "sqlite"

  /// Turns SQLite's memory statistics off: nothing in the catalog reads them
  /// (`sqlite3_memory_used`, a heap limit), and with them on, every allocation SQLite makes
  /// takes a process-wide mutex (Debian's SQLite has no lookaside allocator, so a first
  /// import's writes allocate and free hundreds of thousands of times). `sqlite3_config`
  /// must come before SQLite initializes and is not thread-safe
  /// (https://sqlite.org/c3ref/config.html): hence an executable's first act, not the
  /// library's; after SQLite has initialized it changes nothing.
  package static func configureProcess() {
    _ = csqlite_disable_memory_statistics()
  }

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

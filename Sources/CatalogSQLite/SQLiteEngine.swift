import CSQLite
import CatalogStorage
import Foundation

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
    throws -> IntegrityCheckReport?
  {
    guard case .sqlite(let path) = location else { return nil }
    return IntegrityCheckReport(
      engine: "SQLite", check: "integrity_check",
      findings: try SQLiteCatalogStorage.integrityCheck(
        path: path, busyTimeout: options.busyTimeout))
  }

  /// The database file and the -journal, -wal and -shm files SQLite keeps beside it, named
  /// after the database's path with links resolved (https://sqlite.org/tempfiles.html).
  package static func localFiles(of location: CatalogLocation) -> LocalCatalogFiles? {
    guard case .sqlite(let path) = location else { return nil }
    return LocalCatalogFiles(database: path, companionSuffixes: ["-journal", "-wal", "-shm"])
  }

  /// Whether the file starts like a catalog: the SQLite header and the catalog's
  /// application id (``Migrator/applicationID``, "CATG" at offset 68,
  /// https://sqlite.org/fileformat.html#database_header).
  package static func holdsCatalog(file path: String) -> Bool {
    guard let header = firstBytes(of: path, count: 72) else { return false }
    let applicationID = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return Array(header[0..<16]) == Array("SQLite format 3\0".utf8)
      && applicationID == UInt32(bitPattern: Migrator.applicationID)
  }

  /// Whether nothing is at the path yet: a write would create the file.
  package static func isVacant(_ location: CatalogLocation) -> Bool {
    guard case .sqlite(let path) = location else { return false }
    return !FileManager.default.fileExists(atPath: path)
  }

  /// A file in `directory`.
  package static func scratchLocation(in directory: String) -> CatalogLocation? {
    .sqlite(path: directory + "/scratch.sqlite")
  }
}

/// The first `count` bytes of the file at `path`; nil when it cannot be read or is shorter
/// (outside the engine type, whose `open` would shadow the system's).
private func firstBytes(of path: String, count: Int) -> [UInt8]? {
  let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var bytes = [UInt8](repeating: 0, count: count)
  guard read(fd, &bytes, count) == count else { return nil }
  return bytes
}

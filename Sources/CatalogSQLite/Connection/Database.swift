import CSQLite
import CatalogStorage

/// A connection to one SQLite database file.
///
/// The connection enables extended result codes and foreign keys, and waits up to
/// `busyTimeout` seconds for other connections' locks. It does not change the journal mode:
/// a store opened read-write calls ``enableWAL()`` once the file is known to be a catalog, so
/// opening a file read-only, or refusing it, never writes to it.
///
///     let db = try Database(path: "catalog.sqlite", mode: .readWrite(create: true))
///     try Migrator().migrate(db)
///     try db.enableWAL()
///
/// Statements come from ``makeStatement(sql:)`` or ``cachedStatement(sql:)``; writes go
/// through `inTransaction(_:_:)`.
final class Database {
  /// How to open the file.
  enum OpenMode: Sendable, Equatable {
    /// Read and write; with `create`, a missing file is created as an empty database.
    case readWrite(create: Bool)
    /// Read only: every write fails with `SQLITE_READONLY`, and the file is never modified.
    case readOnly
  }

  /// The path the connection was opened with.
  let path: String
  /// The mode the connection was opened with.
  let mode: OpenMode
  /// The `sqlite3*` handle, valid until `deinit`.
  let handle: OpaquePointer
  /// Prepared statements by SQL text. Only ``cachedStatement(sql:)`` and `deinit` use it.
  var statementCache: [String: Statement] = [:]

  /// Opens the database at `path`.
  ///
  /// SQLite opens files lazily: a file that is not a database opens without error, and the
  /// first read throws a ``DatabaseError`` whose `isNotADatabase` is true.
  ///
  /// - Parameters:
  ///   - path: A file path. It is never read as a `file:` URI, even though this SQLite is
  ///     built with `SQLITE_USE_URI`: a relative path is passed as `./path`, and SQLite reads
  ///     a name as a URI only when it begins with `file:` (https://sqlite.org/uri.html).
  ///     `":memory:"` and `""` likewise name files (`./:memory:`), never a private database.
  ///   - mode: Read-write (creating the file or not) or read-only.
  ///   - busyTimeout: How long, in seconds, a statement waits for another connection's lock
  ///     before it fails with `SQLITE_BUSY` (https://sqlite.org/c3ref/busy_timeout.html).
  /// - Throws: ``DatabaseError``, such as `isCantOpen` for a missing file.
  init(path: String, mode: OpenMode, busyTimeout: Double = 5) throws {
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    switch mode {
    case .readWrite(let create):
      flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
    case .readOnly:
      flags |= SQLITE_OPEN_READONLY
    }
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(Self.fileName(path), &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      // Even a failed open usually allocates a handle, which holds the message and must be
      // closed (https://sqlite.org/c3ref/open.html).
      let error = DatabaseError(code: code, connection: connection, sql: nil)
      sqlite3_close_v2(connection)
      throw DatabaseError(
        extendedResultCode: error.extendedResultCode,
        message: "\(error.message): \(path)",
        sql: nil,
        systemErrno: error.systemErrno
      )
    }
    self.path = path
    self.mode = mode
    self.handle = connection
    // From here on, a throw runs deinit, which closes the handle.
    sqlite3_extended_result_codes(handle, 1)
    let milliseconds = busyTimeout * 1000
    sqlite3_busy_timeout(handle, milliseconds >= 0 ? Int32(min(milliseconds, 2_000_000_000)) : 0)
    try execute(script: "PRAGMA foreign_keys = ON")
  }

  /// The name handed to SQLite for `path`: absolute paths as they are, others behind `./`, so
  /// that no name is ever a URI, `:memory:` or the empty (temporary database) name.
  static func fileName(_ path: String) -> String {
    path.hasPrefix("/") ? path : "./" + path
  }

  deinit {
    // Finalize the statements only the cache holds, so close_v2 can free the connection now;
    // a statement still held elsewhere keeps it alive as a zombie until that statement goes
    // (https://sqlite.org/c3ref/close.html).
    statementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Switches the database to write-ahead logging, which lets readers run while one
  /// connection writes (https://sqlite.org/wal.html).
  ///
  /// The mode is stored in the file, so this writes to it: call it only on a read-write
  /// connection to a file that is known to be a catalog. It cannot run inside a transaction.
  ///
  /// - Returns: The journal mode now in effect: `"wal"`, or the previous mode if the file
  ///   system cannot support WAL (`"memory"` for an in-memory database).
  @discardableResult
  func enableWAL() throws -> String {
    try scalar(sql: "PRAGMA journal_mode = WAL") ?? ""
  }

  /// Whether the connection is inside an explicit transaction (`BEGIN` without its `COMMIT`
  /// or `ROLLBACK` yet).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Whether the main database is read-only, by mode or by file permissions.
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// The rowid of the last successful `INSERT` on this connection.
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// The rows the last completed `INSERT`, `UPDATE` or `DELETE` changed
  /// (https://sqlite.org/c3ref/changes.html).
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The rows changed by all `INSERT`, `UPDATE` and `DELETE` statements since the
  /// connection opened.
  var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

  /// A number that changes when another connection commits to the database.
  ///
  /// Commits by this connection do not change it, so a reader polls it to learn that someone
  /// else wrote (https://sqlite.org/pragma.html#pragma_data_version).
  func dataVersion() throws -> Int64 {
    try scalar(sql: "PRAGMA data_version") ?? 0
  }
}

@available(*, unavailable, message: "an SQLite connection is used by one thread at a time")
extension Database: Sendable {}

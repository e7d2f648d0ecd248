import CSQLite
import CatalogStorage

/// An error reported by SQLite, or by this layer when SQLite is misused.
///
/// The error keeps the numeric result code, so callers branch on it rather than on text:
/// `error.isBusy`, `error.isConstraint`, `error.extendedResultCode == 1811`. Extended result
/// codes are enabled on every connection (https://sqlite.org/rescode.html); `resultCode` is the
/// primary code, the low 8 bits of the extended one.
///
/// Its description names the code, SQLite's message and the SQL:
///
///     SQLite error 5 (database is locked) in: BEGIN IMMEDIATE
struct DatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The extended result code, such as 1811 (`SQLITE_CONSTRAINT_TRIGGER`).
  let extendedResultCode: Int32
  /// The message: `sqlite3_errmsg` for errors SQLite reports, or this layer's sentence.
  let message: String
  /// The SQL that failed, when there is one.
  let sql: String?
  /// The operating system's `errno` of the failed call, when SQLite had one (`EFBIG`,
  /// `ENOSPC`, …), else 0 (https://sqlite.org/c3ref/system_errno.html).
  var systemErrno: Int32 = 0

  /// Creates an error from its parts.
  ///
  /// - Parameters:
  ///   - extendedResultCode: An extended (or primary) SQLite result code.
  ///   - message: What went wrong.
  ///   - sql: The SQL that failed, if any.
  init(extendedResultCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
    self.extendedResultCode = extendedResultCode
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// Creates the error for `code`, just returned by an SQLite call on `connection`.
  ///
  /// The message is `sqlite3_errmsg` when the connection's last error is this code, and the
  /// generic `sqlite3_errstr` text otherwise (or when there is no connection).
  ///
  /// - Parameters:
  ///   - code: The result code the call returned.
  ///   - connection: The `sqlite3*` the call ran on.
  ///   - sql: The SQL that failed, if any.
  init(code: Int32, connection: OpaquePointer?, sql: String?) {
    var message: String?
    if let connection, sqlite3_extended_errcode(connection) & 0xFF == code & 0xFF,
      let text = sqlite3_errmsg(connection)
    {
      message = String(cString: text)
    }
    self.init(
      extendedResultCode: code,
      message: message ?? sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error",
      sql: sql,
      systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0
    )
  }

  /// An `SQLITE_MISUSE` error for a mistake this layer catches before SQLite sees it.
  static func misuse(_ message: String, sql: String?) -> DatabaseError {
    DatabaseError(extendedResultCode: SQLITE_MISUSE, message: message, sql: sql)
  }

  /// The primary result code, such as 5 (`SQLITE_BUSY`) or 19 (`SQLITE_CONSTRAINT`).
  var resultCode: Int32 { extendedResultCode & 0xFF }

  /// `SQLITE_BUSY` or `SQLITE_LOCKED`: another connection holds a lock the busy timeout
  /// did not outlast (https://sqlite.org/rescode.html#busy).
  var isBusy: Bool { resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED }

  /// `SQLITE_CONSTRAINT`: a NOT NULL, UNIQUE, CHECK, foreign key or trigger `RAISE` refusal.
  var isConstraint: Bool { resultCode == SQLITE_CONSTRAINT }

  /// `SQLITE_NOTADB`: the file is not an SQLite database. SQLite opens files lazily, so this
  /// comes from the first read, not from opening.
  var isNotADatabase: Bool { resultCode == SQLITE_NOTADB }

  /// `SQLITE_CORRUPT`: the file is an SQLite database, but damaged.
  var isCorrupt: Bool { resultCode == SQLITE_CORRUPT }

  /// `SQLITE_READONLY`: a write on a read-only connection or file.
  var isReadOnly: Bool { resultCode == SQLITE_READONLY }

  /// `SQLITE_READONLY_DIRECTORY` (1544): the directory cannot be written, so SQLite cannot
  /// create the journal, or a WAL database's `-shm`, even for a reader
  /// (https://sqlite.org/rescode.html#readonly_directory). Written out because the C macro
  /// is not imported into Swift.
  var isReadOnlyDirectory: Bool { extendedResultCode == SQLITE_READONLY | (6 << 8) }

  /// `SQLITE_CANTOPEN`: the file does not exist (and was not to be created), or is not
  /// accessible.
  var isCantOpen: Bool { resultCode == SQLITE_CANTOPEN }

  /// `SQLITE_FULL`: the disk is full (https://sqlite.org/rescode.html#full).
  var isFull: Bool { resultCode == SQLITE_FULL }

  /// `SQLITE_IOERR`: the operating system reported an error reading or writing the file;
  /// ``systemErrno`` says which.
  var isIOError: Bool { resultCode == SQLITE_IOERR }

  /// `SQLITE_MISUSE`: the API was used wrongly, such as an empty statement or a wrong number
  /// of arguments.
  var isMisuse: Bool { resultCode == SQLITE_MISUSE }

  var description: String {
    var text = "SQLite error \(resultCode) (\(message))"
    if let sql {
      text += " in: \(sql)"
    }
    return text
  }
}

import CSQLite
import CatalogStorage

/// A prepared statement, finalized when it goes away.
///
/// Bind the `?` parameters (1-based), then step through the rows; column readers are in
/// `Statement+Columns.swift`.
///
///     let statement = try db.cachedStatement(sql: "SELECT name FROM tag WHERE revision_id = ?")
///     try statement.bind([.integer(revision)])
///     while try statement.step() {
///       names.append(statement.string(at: 0) ?? "")
///     }
///
/// A statement belongs to the ``Database`` that prepared it and must not outlive it.
final class Statement {
  /// The `sqlite3_stmt*` handle, valid until `deinit`.
  let handle: OpaquePointer
  /// The `sqlite3*` handle of the connection, for error messages.
  private let connection: OpaquePointer
  /// The SQL text the statement was prepared from.
  let sql: String
  /// Whether the last ``step()`` threw; the statement cache prepares such a statement again
  /// rather than reuse it.
  private(set) var lastStepFailed = false

  /// Takes ownership of a statement prepared on `connection`.
  ///
  /// - Parameters:
  ///   - handle: A statement from `sqlite3_prepare_v2`; this object finalizes it.
  ///   - connection: The connection it was prepared on.
  ///   - sql: Its SQL text; by default the text SQLite kept (`sqlite3_sql`).
  init(handle: OpaquePointer, connection: OpaquePointer, sql: String? = nil) {
    self.handle = handle
    self.connection = connection
    self.sql = sql ?? sqlite3_sql(handle).map { String(cString: $0) } ?? ""
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// The number of `?` parameters.
  var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

  /// Resets the statement and binds `values` to its parameters, in order.
  ///
  /// - Parameter values: One value per parameter.
  /// - Throws: ``DatabaseError`` with `isMisuse` when the number of values is not the number
  ///   of parameters, or SQLite's error if a bind fails (such as `SQLITE_TOOBIG`).
  func bind(_ values: [DatabaseValue]) throws {
    guard values.count == Int(parameterCount) else {
      throw DatabaseError.misuse(
        "wrong number of arguments: the statement has \(parameterCount) parameters, "
          + "\(values.count) values were given",
        sql: sql
      )
    }
    reset()
    clearBindings()
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds `value` to the parameter at `index` (1-based).
  func bind(_ value: DatabaseValue, at index: Int32) throws {
    switch value {
    case .null: try bindNull(at: index)
    case .integer(let integer): try bind(integer, at: index)
    case .real(let real): try bind(real, at: index)
    case .text(let text): try bind(text, at: index)
    case .blob(let bytes): try bind(bytes, at: index)
    }
  }

  /// Binds an integer to the parameter at `index` (1-based).
  func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds an integer to the parameter at `index` (1-based).
  func bind(_ value: Int, at index: Int32) throws {
    try bind(Int64(value), at: index)
  }

  /// Binds a floating-point value to the parameter at `index` (1-based). SQLite stores NaN as
  /// NULL.
  func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, index, value))
  }

  /// Binds text to the parameter at `index` (1-based).
  ///
  /// The UTF-8 is passed with its length, so the empty string binds as empty text, not NULL;
  /// SQLite copies it (`SQLITE_TRANSIENT`).
  func bind(_ value: String, at index: Int32) throws {
    var value = value
    let code = value.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { text in
        if let address = text.baseAddress {
          sqlite3_bind_text64(
            handle, index, address, UInt64(text.count), csqlite_transient, UInt8(SQLITE_UTF8))
        } else {
          // An empty buffer may have no address, and a null pointer would bind NULL.
          sqlite3_bind_text(handle, index, "", 0, csqlite_transient)
        }
      }
    }
    try check(code)
  }

  /// Binds a blob to the parameter at `index` (1-based); an empty array binds an empty blob,
  /// not NULL.
  func bind(_ value: [UInt8], at index: Int32) throws {
    let code = value.withUnsafeBytes { bytes in
      if let address = bytes.baseAddress, !bytes.isEmpty {
        sqlite3_bind_blob64(handle, index, address, UInt64(bytes.count), csqlite_transient)
      } else {
        sqlite3_bind_zeroblob(handle, index, 0)
      }
    }
    try check(code)
  }

  /// Binds NULL to the parameter at `index` (1-based).
  func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index))
  }

  /// Runs the statement to its next row.
  ///
  /// - Returns: True when a row is ready to read, false when the statement is done.
  /// - Throws: ``DatabaseError`` with this statement's SQL. The statement is then reset, and
  ///   the cache will not hand it out again.
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW:
      lastStepFailed = false
      return true
    case SQLITE_DONE:
      lastStepFailed = false
      return false
    default:
      lastStepFailed = true
      let error = DatabaseError(code: code, connection: connection, sql: sql)
      reset()
      throw error
    }
  }

  /// Runs the statement with `arguments` to completion, discarding any rows, and resets it.
  ///
  /// - Throws: ``DatabaseError``, as ``bind(_:)`` and ``step()``.
  func execute(_ arguments: [DatabaseValue] = []) throws {
    try bind(arguments)
    defer { reset() }
    while try step() {}
  }

  /// Rewinds the statement so it can run again; bindings are kept.
  ///
  /// `sqlite3_reset` returns the error of the last step, which ``step()`` has already thrown,
  /// so this does not throw (https://sqlite.org/c3ref/reset.html).
  func reset() {
    sqlite3_reset(handle)
  }

  /// Sets every parameter back to NULL.
  func clearBindings() {
    sqlite3_clear_bindings(handle)
  }

  private func check(_ code: Int32) throws {
    guard code == SQLITE_OK else {
      throw DatabaseError(code: code, connection: connection, sql: sql)
    }
  }
}

@available(*, unavailable, message: "a prepared statement belongs to a connection's thread")
extension Statement: Sendable {}

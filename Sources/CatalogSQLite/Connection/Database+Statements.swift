import CSQLite
import CatalogStorage

extension Database {
  /// Runs SQL that may hold several statements, such as a migration or a list of pragmas.
  ///
  /// Each statement is prepared, stepped to completion and finalized in turn, walking the
  /// tail that `sqlite3_prepare_v2` returns (https://sqlite.org/c3ref/prepare.html). Rows are
  /// discarded. Statements before a failing one have run: wrap the call in a transaction to
  /// make the script all or nothing.
  ///
  /// - Parameter sql: Statements separated by semicolons; comments and whitespace are allowed.
  /// - Throws: ``DatabaseError`` of the first statement that fails, with that statement's SQL
  ///   (for a statement that does not prepare, the script from that statement on).
  func execute(script sql: String) throws {
    try withSQLText(sql) { start, end in
      var current = start
      while true {
        // Start at the statement, so that its text and errors do not begin with the
        // previous line's end.
        while current < end, Self.isWhitespace(current.pointee) {
          current += 1
        }
        guard current < end else { break }
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let length = Int32(end - current) + 1
        let code = sqlite3_prepare_v2(handle, current, length, &statement, &tail)
        guard code == SQLITE_OK else {
          throw DatabaseError(code: code, connection: handle, sql: Self.text(from: current))
        }
        guard let tail, tail > current else {
          throw DatabaseError.misuse("SQL contains a NUL character", sql: sql)
        }
        current = tail
        guard let statement else { continue }  // Only whitespace and comments.
        // Owning it finalizes it on every path out of this iteration.
        let owned = Statement(handle: statement, connection: handle)
        while try owned.step() {}
      }
    }
  }

  /// Prepares one statement.
  ///
  /// Use it for statements built at run time or used once; for constant SQL run often, use
  /// ``cachedStatement(sql:)``.
  ///
  /// - Parameter sql: Exactly one statement; a final semicolon, whitespace and comments after
  ///   it are allowed.
  /// - Returns: The statement, ready to bind and step. It must not outlive this connection.
  /// - Throws: ``DatabaseError``: SQLite's error (with `sql`) if the statement does not
  ///   prepare; `isMisuse` if `sql` is empty or holds more than one statement.
  func makeStatement(sql: String) throws -> Statement {
    try withSQLText(sql) { start, end in
      var statement: OpaquePointer?
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(handle, start, Int32(end - start) + 1, &statement, &tail)
      guard code == SQLITE_OK else {
        throw DatabaseError(code: code, connection: handle, sql: sql)
      }
      guard let statement else {
        throw DatabaseError.misuse("cannot prepare an empty statement", sql: sql)
      }
      let prepared = Statement(handle: statement, connection: handle, sql: sql)
      try requireOnlyTrivia(from: tail ?? end, to: end, sql: sql)
      return prepared
    }
  }

  /// Returns a prepared statement for `sql`, reusing the one prepared for the same text
  /// before.
  ///
  /// The statement comes back reset, with its bindings cleared. A statement whose last
  /// step failed is not reused: it is prepared again. The cache lives as long as the
  /// connection, so `sql` should be a constant text with `?` parameters, never text built from
  /// values. Two uses of the same SQL text share one statement: finish with it (step to the
  /// end, or reset) before asking for it again.
  ///
  /// - Parameter sql: Exactly one statement, as for ``makeStatement(sql:)``.
  /// - Throws: ``DatabaseError``, as ``makeStatement(sql:)``.
  func cachedStatement(sql: String) throws -> Statement {
    if let statement = statementCache[sql], !statement.lastStepFailed {
      statement.reset()
      statement.clearBindings()
      return statement
    }
    statementCache[sql] = nil
    let statement = try makeStatement(sql: sql)
    statementCache[sql] = statement
    return statement
  }

  /// Runs one statement with `arguments` to completion, discarding any rows.
  ///
  /// The statement comes from the cache: `sql` should be constant text with `?` parameters.
  ///
  /// - Throws: ``DatabaseError``, including `isMisuse` when the number of arguments does not
  ///   match the statement's parameters.
  func execute(sql: String, arguments: [DatabaseValue] = []) throws {
    try cachedStatement(sql: sql).execute(arguments)
  }

  /// The first column of the first row as an integer, or nil when there is no row or the
  /// value is NULL.
  func scalar(sql: String, arguments: [DatabaseValue] = []) throws -> Int64? {
    try firstValue(sql: sql, arguments: arguments) { $0.isNull(at: 0) ? nil : $0.int64(at: 0) }
  }

  /// The first column of the first row as text, or nil when there is no row or the value is
  /// NULL.
  func scalar(sql: String, arguments: [DatabaseValue] = []) throws -> String? {
    try firstValue(sql: sql, arguments: arguments) { $0.string(at: 0) }
  }

  private func firstValue<T>(
    sql: String,
    arguments: [DatabaseValue],
    _ read: (Statement) -> T?
  ) throws -> T? {
    let statement = try cachedStatement(sql: sql)
    try statement.bind(arguments)
    // Reset releases the read the unfinished statement would hold open.
    defer { statement.reset() }
    return try statement.step() ? read(statement) : nil
  }

  /// Calls `body` with the NUL-terminated UTF-8 of `sql`: its first byte and its terminator.
  private func withSQLText<R>(
    _ sql: String,
    _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) throws -> R
  ) throws -> R {
    let text = sql.utf8CString
    guard text.count <= Int(Int32.max) else {
      throw DatabaseError(extendedResultCode: SQLITE_TOOBIG, message: "SQL is too long", sql: nil)
    }
    return try text.withUnsafeBufferPointer { buffer in
      // utf8CString always holds at least the terminator.
      guard let start = buffer.baseAddress else {
        throw DatabaseError.misuse("cannot prepare an empty statement", sql: sql)
      }
      return try body(start, start + (buffer.count - 1))
    }
  }

  /// Throws unless the text from `current` to `end` is only whitespace and comments, which
  /// SQLite reports by preparing no statement from it.
  private func requireOnlyTrivia(
    from start: UnsafePointer<CChar>,
    to end: UnsafePointer<CChar>,
    sql: String
  ) throws {
    var current = start
    while current < end {
      var statement: OpaquePointer?
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(handle, current, Int32(end - current) + 1, &statement, &tail)
      sqlite3_finalize(statement)
      guard code == SQLITE_OK, statement == nil, let tail, tail > current else {
        throw DatabaseError.misuse(
          "expected one statement, found more SQL after it: \(Self.text(from: current))",
          sql: sql
        )
      }
      current = tail
    }
  }

  /// The text from `pointer` to the terminator, without leading whitespace.
  private static func text(from pointer: UnsafePointer<CChar>) -> String {
    String(String(cString: pointer).drop { $0.isWhitespace })
  }

  /// Whether `byte` is one of the ASCII spaces SQLite skips between tokens.
  private static func isWhitespace(_ byte: CChar) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}

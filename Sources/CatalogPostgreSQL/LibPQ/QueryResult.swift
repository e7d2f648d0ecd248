import CLibPQ

/// The result of one statement: its rows as text, held by libpq until `deinit`.
///
/// Rows and columns are numbered from 0. Values are PostgreSQL's text format: an integer
/// column reads as its decimal digits, which ``int64(row:column:)`` parses.
final class QueryResult: TextRow {
  /// The `PGresult*` handle, valid until `deinit`.
  let handle: OpaquePointer
  /// The SQL the result is for.
  let sql: String?

  /// Takes ownership of `result` when it succeeded; frees it and throws its error otherwise.
  ///
  /// - Throws: ``PostgreSQLError``: the server's error, a lost connection (no result at all),
  ///   or `.misuse` for an empty statement.
  init(checking result: OpaquePointer?, connection: OpaquePointer, sql: String?) throws {
    guard let result else {
      throw PostgreSQLError(result: nil, connection: connection, sql: sql)
    }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE, PGRES_COPY_IN, PGRES_COPY_OUT:
      self.handle = result
      self.sql = sql
    case PGRES_EMPTY_QUERY:
      PQclear(result)
      throw PostgreSQLError.misuse("cannot run an empty statement", sql: sql)
    default:
      let error = PostgreSQLError(result: result, connection: connection, sql: sql)
      PQclear(result)
      throw error
    }
  }

  deinit {
    PQclear(handle)
  }

  /// The number of rows.
  var rowCount: Int { Int(PQntuples(handle)) }

  /// The number of columns.
  var columnCount: Int { Int(PQnfields(handle)) }

  /// The rows an `INSERT`, `UPDATE`, `DELETE` or `COPY` affected; 0 for other statements.
  var affectedRows: Int {
    guard let text = PQcmdTuples(handle) else { return 0 }
    return Int(String(cString: text)) ?? 0
  }

  /// Whether the value is SQL NULL. Out-of-range positions read as NULL.
  func isNull(row: Int, column: Int) -> Bool {
    guard row < rowCount, column < columnCount else { return true }
    return PQgetisnull(handle, Int32(row), Int32(column)) == 1
  }

  /// The value's bytes, borrowed from the result: valid until it is freed. Empty for NULL.
  func bytes(row: Int, column: Int) -> UnsafeRawBufferPointer {
    guard row < rowCount, column < columnCount,
      let value = PQgetvalue(handle, Int32(row), Int32(column))
    else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
    return UnsafeRawBufferPointer(start: value, count: length)
  }
}

@available(*, unavailable, message: "a result belongs to the thread of its connection")
extension QueryResult: Sendable {}

/// Parses decimal digits with an optional minus sign, without making a `String`.
func parseInt64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
  var index = 0
  var negative = false
  if bytes.first == UInt8(ascii: "-") {
    negative = true
    index = 1
  }
  guard index < bytes.count else { return nil }
  var value: Int64 = 0
  while index < bytes.count {
    let digit = bytes[index] &- UInt8(ascii: "0")
    guard digit < 10 else { return nil }
    let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
    let (sum, overflow2) =
      negative
      ? shifted.subtractingReportingOverflow(Int64(digit))
      : shifted.addingReportingOverflow(Int64(digit))
    guard !overflow1, !overflow2 else { return nil }
    value = sum
    index += 1
  }
  return value
}

/// A row's values in PostgreSQL's text format, read the same way whether they came in a
/// result (``QueryResult``, row 0 in single-row mode) or in a COPY stream (``CopyOutRow``):
/// the one shape the context's row decoders (`PostgreSQLContext.entryRow`) read.
protocol TextRow: AnyObject {
  /// Whether the value is SQL NULL. Out-of-range positions read as NULL.
  func isNull(row: Int, column: Int) -> Bool
  /// The value's bytes, borrowed: valid while the row is. Empty for NULL.
  func bytes(row: Int, column: Int) -> UnsafeRawBufferPointer
  /// The statement the row came from, for the messages of its errors.
  var sql: String? { get }
}

extension TextRow {
  /// The value as an integer; nil for NULL.
  ///
  /// - Throws: ``PostgreSQLError`` (`.misuse`) when the text is not an integer.
  func int64(row: Int, column: Int) throws -> Int64? {
    guard !isNull(row: row, column: column) else { return nil }
    guard let value = parseInt64(bytes(row: row, column: column)) else {
      throw PostgreSQLError.misuse(
        "column \(column) of row \(row) is not an integer: "
          + (string(row: row, column: column) ?? ""), sql: sql)
    }
    return value
  }

  /// The value as a string; nil for NULL.
  func string(row: Int, column: Int) -> String? {
    isNull(row: row, column: column)
      ? nil : String(decoding: bytes(row: row, column: column), as: UTF8.self)
  }
}

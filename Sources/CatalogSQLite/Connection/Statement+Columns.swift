import CSQLite
import CatalogStorage

extension Statement {
  /// The number of columns in a result row.
  var columnCount: Int32 { sqlite3_column_count(handle) }

  /// The name of the column at `index` (0-based), as the query names it.
  func columnName(at index: Int32) -> String {
    sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
  }

  /// Whether the value at `index` (0-based) in the current row is NULL.
  ///
  /// Ask before reading the value: a reader's type conversion changes what SQLite reports
  /// as the column's type (https://sqlite.org/c3ref/column_blob.html).
  func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// The value at `index` (0-based) as an integer; NULL reads as 0.
  func int64(at index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// The value at `index` (0-based) as a floating-point number; NULL reads as 0.
  func double(at index: Int32) -> Double {
    sqlite3_column_double(handle, index)
  }

  /// The value at `index` (0-based) as text, or nil when it is NULL.
  func string(at index: Int32) -> String? {
    if isNull(at: index) { return nil }
    return withText(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// The value at `index` (0-based) as bytes, or nil when it is NULL.
  func bytes(at index: Int32) -> [UInt8]? {
    if isNull(at: index) { return nil }
    // Pointer first, then length: the documented safe order.
    let pointer = sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// The value at `index` (0-based), in its storage class.
  func value(at index: Int32) -> DatabaseValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: .integer(int64(at: index))
    case SQLITE_FLOAT: .real(double(at: index))
    case SQLITE_TEXT: .text(withText(at: index) { String(decoding: $0, as: UTF8.self) })
    case SQLITE_BLOB: .blob(bytes(at: index) ?? [])
    default: .null
    }
  }

  /// Calls `body` with the UTF-8 of the value at `index` (0-based), without copying it.
  ///
  /// The buffer is SQLite's and is valid only during `body`. NULL reads as an empty buffer:
  /// ask ``isNull(at:)`` first where the difference matters.
  func withText<R>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    // Text first, then its length (https://sqlite.org/c3ref/column_blob.html).
    let pointer = sqlite3_column_text(handle, index)
    let count = pointer == nil ? 0 : Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// Appends the UTF-8 of the value at `index` (0-based) to `output`; NULL appends nothing.
  ///
  /// The fast path for exports: no `String` is made.
  func appendText(at index: Int32, to output: inout [UInt8]) {
    withText(at: index) { output.append(contentsOf: $0) }
  }
}

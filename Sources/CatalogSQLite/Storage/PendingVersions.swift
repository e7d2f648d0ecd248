import CatalogStorage
import Components

/// Entry versions waiting to be inserted together by ``SQLiteContext``: copies of the rows
/// (the caller's bytes are only borrowed).
struct PendingVersions {
  /// Rows per multi-row INSERT: 640 parameters, well under SQLite's limit of 32,766
  /// (https://sqlite.org/limits.html#max_variable_number).
  static let batchSize = 64

  private var rows = EntryRowTable()

  var count: Int { rows.count }

  /// Adds a copy of `row`, without its payload text: a write stores the payload's id.
  mutating func append(_ row: EntryRow) {
    var row = row
    row.payload = UnsafeRawBufferPointer(start: nil, count: 0)
    rows.append(row)
  }

  mutating func removeAll() { rows.removeAll() }

  /// Calls `body` with each row's kind, revision and component, in order.
  func forEachKind(_ body: (UnsafeRawBufferPointer, Int64, Int64) throws -> Void) rethrows {
    try rows.withRows { row in
      for index in 0..<rows.count {
        let version = row(index)
        try body(version.kind, version.revision, version.componentID)
      }
    }
  }

  /// Binds `rows` to the parameters of `statement` (``SQLiteEntryColumns/count`` per row, in
  /// the INSERT's column order) and runs it once.
  func bind(to statement: Statement, rows range: Range<Int>) throws {
    try rows.withRows { row in
      for (n, index) in range.enumerated() {
        try SQLiteEntryColumns.bind(
          row(index), to: statement, after: Int32(n * SQLiteEntryColumns.count))
      }
      // The texts are bound without a copy: step while they live, then drop the bindings.
      defer {
        statement.reset()
        statement.clearBindings()
      }
      _ = try statement.step()
    }
  }
}

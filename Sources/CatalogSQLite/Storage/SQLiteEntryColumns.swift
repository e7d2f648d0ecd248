import CatalogStorage

/// The SQLite side of ``EntryCodec``: how an ``EntryRow`` is bound to an INSERT and read from
/// a SELECT of `entry_version`, its columns in ``EntryCodec/columns`` order.
enum SQLiteEntryColumns {
  /// Parameters (and result columns) per row.
  static var count: Int { EntryCodec.columns.count }

  /// `component_id, revision_id, …, position`.
  static let names = EntryCodec.columns.joined(separator: ", ")

  /// Every column of a row of `entry_version AS v`, then its payload's text (`p.json`).
  static let selectWithPayload =
    "SELECT " + EntryCodec.columns.map { "v.\($0)" }.joined(separator: ", ")
    + ", p.json FROM entry_version AS v JOIN payload AS p ON p.id = v.payload_id"

  /// Every column of a row of `entry_version`, without its payload's text.
  static let select = "SELECT \(names) FROM entry_version"

  /// The row at the statement's cursor, its texts borrowed until the next step or reset;
  /// with the payload's text when the SELECT was ``selectWithPayload``.
  static func row(from statement: Statement, withPayload: Bool) throws -> EntryRow {
    let changeText = statement.textBytes(at: 2)
    guard let change = EntryChange(columnText: changeText) else {
      let kind = String(decoding: statement.textBytes(at: 3), as: UTF8.self)
      throw CatalogError.database(
        .inconsistent(
          "an entry version of \"\(kind)\" has an unknown change '\(String(decoding: changeText, as: UTF8.self))'"
        ))
    }
    return EntryRow(
      componentID: statement.int64(at: 0), revision: statement.int64(at: 1), change: change,
      kind: statement.textBytes(at: 3), category: statement.textBytes(at: 4),
      description: statement.textBytes(at: 5), payloadID: statement.int64(at: 6),
      payload: withPayload
        ? statement.textBytes(at: 10) : UnsafeRawBufferPointer(start: nil, count: 0),
      extra: statement.optionalTextBytes(at: 7), keyOrder: statement.optionalTextBytes(at: 8),
      orderKey: statement.textBytes(at: 9))
  }

  /// Binds a row to parameters `first + 1` … `first + count`, without copying its texts:
  /// the caller steps the statement while they live, then clears the bindings.
  static func bind(_ row: EntryRow, to statement: Statement, after first: Int32) throws {
    let change = row.change.columnText
    try statement.bind(row.componentID, at: first + 1)
    try statement.bind(row.revision, at: first + 2)
    try statement.bindTextNoCopy(
      UnsafeRawBufferPointer(start: change.utf8Start, count: change.utf8CodeUnitCount),
      at: first + 3)
    try bindContent(row, to: statement, after: first + 3)
  }

  /// Binds the 7 columns of a row after its component, revision and change (`kind` …
  /// `position`) to parameters `first + 1` … `first + 7`, without copying its texts: what a
  /// first import's INSERT, which holds the other three in its SQL, binds per row.
  static func bindContent(_ row: EntryRow, to statement: Statement, after first: Int32) throws {
    try bindContent(
      kind: row.kind, category: row.category, description: row.description,
      payloadID: row.payloadID, extra: row.extra, keyOrder: row.keyOrder,
      orderKey: row.orderKey, to: statement, after: first)
  }

  /// ``bindContent(_:to:after:)`` of a row given by its columns, for a first import's batch,
  /// which binds its rows without making an ``EntryRow`` of each.
  @inline(__always)
  static func bindContent(
    kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payloadID: Int64, extra: UnsafeRawBufferPointer?,
    keyOrder: UnsafeRawBufferPointer?, orderKey: UnsafeRawBufferPointer,
    to statement: Statement, after first: Int32
  ) throws {
    try statement.bindTextNoCopy(kind, at: first + 1)
    try statement.bindTextNoCopy(category, at: first + 2)
    try statement.bindTextNoCopy(description, at: first + 3)
    try statement.bind(payloadID, at: first + 4)
    try statement.bindTextNoCopy(extra, at: first + 5)
    try statement.bindTextNoCopy(keyOrder, at: first + 6)
    try statement.bindTextNoCopy(orderKey, at: first + 7)
  }
}

extension EntryChange {
  /// The `change` column's text, static so that it binds without a copy.
  var columnText: StaticString {
    switch self {
    case .added: return "added"
    case .changed: return "changed"
    case .renamed: return "renamed"
    case .moved: return "moved"
    case .removed: return "removed"
    }
  }
}

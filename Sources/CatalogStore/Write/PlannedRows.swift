import CatalogStorage
import Components

/// The new `entry_version` rows a write will add (for added and changed entries), held
/// compactly (an ``EntryRowTable``) until the write knows their revision, components and
/// positions. A first import of 100,000 entries holds 100,000 rows here, so a `String` per
/// member would cost more than the rows themselves.
struct PlannedRows {
  private var rows = EntryRowTable()

  /// The number of rows.
  var count: Int { rows.count }

  /// Adds a row and returns its index.
  mutating func append(
    componentID: Int64, kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payloadID: Int64, extra: UnsafeRawBufferPointer?,
    keyOrder: UnsafeRawBufferPointer?
  ) -> Int {
    rows.append(
      EntryRow(
        componentID: componentID, revision: 0, change: .added, kind: kind, category: category,
        description: description, payloadID: payloadID, extra: extra, keyOrder: keyOrder,
        orderKey: UnsafeRawBufferPointer(start: nil, count: 0)))
  }

  /// The component a row continues (0 for a new component).
  func componentID(_ row: Int) -> Int64 { rows.withRow(row) { $0.componentID } }
  func payloadID(_ row: Int) -> Int64 { rows.withRow(row) { $0.payloadID } }

  /// The row's kind.
  func kind(_ row: Int) -> String { rows.withRow(row) { String(decoding: $0.kind, as: UTF8.self) } }

  /// Calls `body` with the row's texts, valid only during the call.
  func withTexts<R>(
    _ row: Int,
    _ body: (
      _ kind: UnsafeRawBufferPointer, _ category: UnsafeRawBufferPointer,
      _ description: UnsafeRawBufferPointer, _ extra: UnsafeRawBufferPointer?,
      _ keyOrder: UnsafeRawBufferPointer?
    ) throws -> R
  ) rethrows -> R {
    try rows.withRow(row) { try body($0.kind, $0.category, $0.description, $0.extra, $0.keyOrder) }
  }
}

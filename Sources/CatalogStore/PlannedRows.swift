import Components

/// The new `entry_version` rows a write will add (for added and changed entries), held
/// compactly until the write knows their positions: their texts in one ``ByteStrings``
/// buffer, their numbers in arrays. A first import of 100,000 entries holds 100,000 rows
/// here, so a `String` per member would cost more than the rows themselves.
struct PlannedRows {
  /// The texts of each row, in this order, at ids `row * fieldCount + field`.
  private enum Field: Int, CaseIterable {
    case kind, category, description, extra, keyOrder
  }

  private var texts = ByteStrings()
  private var componentIDs: [Int64] = []
  private var payloadIDs: [Int64] = []
  /// Bit 0: no extra members (NULL); bit 1: standard member order (NULL).
  private var nulls: [UInt8] = []

  /// The number of rows.
  var count: Int { componentIDs.count }

  /// Adds a row and returns its index.
  mutating func append(
    componentID: Int64, kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payloadID: Int64, extra: UnsafeRawBufferPointer?,
    keyOrder: UnsafeRawBufferPointer?
  ) -> Int {
    texts.append(kind)
    texts.append(category)
    texts.append(description)
    texts.append(extra ?? UnsafeRawBufferPointer(start: nil, count: 0))
    texts.append(keyOrder ?? UnsafeRawBufferPointer(start: nil, count: 0))
    componentIDs.append(componentID)
    payloadIDs.append(payloadID)
    nulls.append((extra == nil ? 1 : 0) | (keyOrder == nil ? 2 : 0))
    return count - 1
  }

  /// The component a row continues (0 for a new component).
  func componentID(_ row: Int) -> Int64 { componentIDs[row] }
  func payloadID(_ row: Int) -> Int64 { payloadIDs[row] }

  /// The row's kind.
  func kind(_ row: Int) -> String { texts.string(row * Field.allCases.count) }

  /// Whether the row's kind has these bytes.
  func hasKind(_ row: Int, _ kind: UnsafeRawBufferPointer) -> Bool {
    texts.equals(row * Field.allCases.count, kind)
  }

  /// Calls `body` with the row's texts, valid only during the call.
  func withTexts<R>(
    _ row: Int,
    _ body: (
      _ kind: UnsafeRawBufferPointer, _ category: UnsafeRawBufferPointer,
      _ description: UnsafeRawBufferPointer, _ extra: UnsafeRawBufferPointer?,
      _ keyOrder: UnsafeRawBufferPointer?
    ) throws -> R
  ) rethrows -> R {
    let base = row * Field.allCases.count
    return try texts.withStorage { stored in
      try body(
        stored[base + Field.kind.rawValue], stored[base + Field.category.rawValue],
        stored[base + Field.description.rawValue],
        nulls[row] & 1 != 0 ? nil : stored[base + Field.extra.rawValue],
        nulls[row] & 2 != 0 ? nil : stored[base + Field.keyOrder.rawValue])
    }
  }
}

import Components

/// Entry rows held compactly, for writes that gather many before storing them (an engine's
/// batched inserts, a bulk load): every text of every row in one ``ByteStrings`` buffer, the
/// numbers in arrays, NULLs as bits. A `String` per column would cost more than the rows.
///
/// ``append(_:)`` copies a row's texts; ``withRow(_:_:)`` lends them back as an ``EntryRow``.
package struct EntryRowTable {
  /// The texts of each row, in this order, at ids `row * fieldCount + field`.
  private enum Field: Int, CaseIterable {
    case kind, category, description, payload, extra, keyOrder, orderKey
  }

  private var texts = ByteStrings()
  private var numbers: [(componentID: Int64, revision: Int64, payloadID: Int64)] = []
  private var changes: [EntryChange] = []
  /// Bit 0: `extra` is NULL; bit 1: `keyOrder` is NULL.
  private var nulls: [UInt8] = []

  package init() {}

  /// The number of rows.
  package var count: Int { numbers.count }

  /// Adds a copy of `row` and returns its index.
  @discardableResult
  package mutating func append(_ row: EntryRow) -> Int {
    texts.append(row.kind)
    texts.append(row.category)
    texts.append(row.description)
    texts.append(row.payload)
    texts.append(row.extra ?? UnsafeRawBufferPointer(start: nil, count: 0))
    texts.append(row.keyOrder ?? UnsafeRawBufferPointer(start: nil, count: 0))
    texts.append(row.orderKey)
    numbers.append((row.componentID, row.revision, row.payloadID))
    changes.append(row.change)
    nulls.append((row.extra == nil ? 1 : 0) | (row.keyOrder == nil ? 2 : 0))
    return count - 1
  }

  /// Calls `body` with a function that lends out any row, the texts of every row valid until
  /// `body` returns: for binding many rows to one statement and running it.
  package func withRows<R>(_ body: (_ row: (Int) -> EntryRow) throws -> R) rethrows -> R {
    try texts.withStorage { stored in try body { self.row($0, stored) } }
  }

  /// Calls `body` with row `index`, its texts valid during the call.
  package func withRow<R>(_ index: Int, _ body: (EntryRow) throws -> R) rethrows -> R {
    try texts.withStorage { stored in try body(row(index, stored)) }
  }

  private func row(_ index: Int, _ stored: ByteStrings.Storage) -> EntryRow {
    let base = index * Field.allCases.count
    return EntryRow(
      componentID: numbers[index].componentID, revision: numbers[index].revision,
      change: changes[index], kind: stored[base + Field.kind.rawValue],
      category: stored[base + Field.category.rawValue],
      description: stored[base + Field.description.rawValue],
      payloadID: numbers[index].payloadID, payload: stored[base + Field.payload.rawValue],
      extra: nulls[index] & 1 != 0 ? nil : stored[base + Field.extra.rawValue],
      keyOrder: nulls[index] & 2 != 0 ? nil : stored[base + Field.keyOrder.rawValue],
      orderKey: stored[base + Field.orderKey.rawValue])
  }

  /// Removes every row, keeping the memory for the next ones.
  package mutating func removeAll() {
    texts.removeAll()
    numbers.removeAll(keepingCapacity: true)
    changes.removeAll(keepingCapacity: true)
    nulls.removeAll(keepingCapacity: true)
  }
}

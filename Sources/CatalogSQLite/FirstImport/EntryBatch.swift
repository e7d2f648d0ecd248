import CatalogStorage
import Components

/// The entries of one batch of a first import (``SQLiteEntryStream``), as the caller copied
/// them: their texts side by side in one buffer, with component and payload ids and order
/// keys not yet known.
///
/// Made for the caller's per-entry copy, the larger half of the import: four appends to one
/// ``ByteStrings`` (a `memcpy` and an offset each), through one access to the batch's
/// storage. The general ``EntryRowTable`` (seven texts and three numbers a row, each text
/// lent through a closure by ``EntryCodec/withRow(of:componentID:revision:change:payloadID:orderKey:_:)``)
/// spent twice as long, much of it retaining and releasing the entry's buffers.
final class EntryBatch {
  private var storage = Storage()

  var count: Int { storage.count }

  func append(_ entry: RawCatalogEntry) { storage.append(entry) }

  func removeAll() { storage.removeAll() }

  /// Calls `body` with the batch's rows, their texts valid until `body` returns.
  func withRows<R>(_ body: (Rows) throws -> R) rethrows -> R {
    try storage.withRows(body)
  }

  /// The rows of a batch, lent by ``withRows(_:)``: row `i` is an `added` row with
  /// component, revision and payload 0 and an empty order key (``row(_:)``), whose columns
  /// are also read one by one, without making the row (an ``EntryRow`` is 130 bytes).
  struct Rows {
    /// The texts: entry `i`'s kind, category, description and payload are texts `4 * i` to
    /// `4 * i + 3`.
    fileprivate let texts: ByteStrings.Storage
    let count: Int
    /// The `extra` and `key_order` columns of the rows that have them, as ids in
    /// `unusualTexts` (nil for NULL).
    fileprivate let unusual: [Int: (extra: Int?, keyOrder: Int?)]
    fileprivate let unusualTexts: ByteStrings.Storage

    func kind(_ row: Int) -> UnsafeRawBufferPointer { texts[4 * row] }
    func category(_ row: Int) -> UnsafeRawBufferPointer { texts[4 * row + 1] }
    func description(_ row: Int) -> UnsafeRawBufferPointer { texts[4 * row + 2] }
    func payload(_ row: Int) -> UnsafeRawBufferPointer { texts[4 * row + 3] }

    /// The `extra` and `key_order` columns of a row: nil (NULL) for most.
    func unusualColumns(_ row: Int) -> (
      extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?
    ) {
      guard !unusual.isEmpty, let ids = unusual[row] else { return (nil, nil) }
      return (ids.extra.map { unusualTexts[$0] }, ids.keyOrder.map { unusualTexts[$0] })
    }

    func row(_ row: Int) -> EntryRow {
      let (extra, keyOrder) = unusualColumns(row)
      return EntryRow(
        componentID: 0, revision: 0, change: .added, kind: kind(row), category: category(row),
        description: description(row), payloadID: 0, payload: payload(row), extra: extra,
        keyOrder: keyOrder, orderKey: UnsafeRawBufferPointer(start: nil, count: 0))
    }
  }

  /// The batch's texts, in a struct so that an append is one exclusive access to the class's
  /// property rather than one per text.
  private struct Storage {
    /// Each entry's kind, category, description and payload, in that order.
    private var texts = ByteStrings()
    /// The `extra` and `key_order` columns of the entries that have them (extra members, or
    /// members in an order of their own: rare), by entry, as ids in `unusualTexts`.
    private var unusual: [Int: (extra: Int?, keyOrder: Int?)] = [:]
    private var unusualTexts = ByteStrings()

    var count: Int { texts.count / 4 }

    mutating func append(_ entry: RawCatalogEntry) {
      if !entry.extraMembers.isEmpty || !entry.hasStandardOrder {
        unusual[count] = (
          EntryCodec.extraColumn(entry.extraMembers).map { unusualTexts.append($0) },
          EntryCodec.keyOrderColumn(entry.memberOrder).map { unusualTexts.append($0) }
        )
      }
      texts.append(entry.kind)
      texts.append(entry.category)
      texts.append(entry.description)
      texts.append(entry.payload)
    }

    mutating func removeAll() {
      texts.removeAll()
      if !unusual.isEmpty {
        unusual.removeAll()
        unusualTexts.removeAll()
      }
    }

    func withRows<R>(_ body: (Rows) throws -> R) rethrows -> R {
      try texts.withStorage { texts in
        try unusualTexts.withStorage { unusualTexts in
          try body(
            Rows(texts: texts, count: count, unusual: unusual, unusualTexts: unusualTexts))
        }
      }
    }
  }
}

import CatalogStorage
import Components

/// The entries of one batch of a first import (``SQLiteEntryStream``), as the caller copied
/// them: their texts side by side in one buffer, with component and payload ids and order
/// keys not yet known.
///
/// Made for the caller's per-entry copy, the larger half of the import: four appends of an
/// array to an array (a `memcpy` each) and four offsets, through one access to the batch's
/// storage. The general ``EntryRowTable`` (seven texts and three numbers a row, each text
/// lent through a closure by ``EntryCodec/withRow(of:componentID:revision:change:payloadID:orderKey:_:)``)
/// spent twice as long, much of it retaining and releasing the entry's buffers.
final class EntryBatch {
  private var storage = Storage()

  var count: Int { storage.count }

  func append(_ entry: RawCatalogEntry) { storage.append(entry) }

  func removeAll() { storage.removeAll() }

  /// Calls `body` with a function that lends out row `i` of the batch: an `added` row with
  /// component, revision and payload 0 and an empty order key, its texts valid until `body`
  /// returns.
  func withRows<R>(_ body: (_ row: (Int) -> EntryRow) throws -> R) rethrows -> R {
    try storage.withRows(body)
  }

  /// The batch's texts, in a struct so that an append is one exclusive access to the class's
  /// property rather than one per text.
  private struct Storage {
    /// Each entry's kind, category, description and payload, in that order.
    private var bytes: [UInt8] = []
    /// Where each text ends in ``bytes``: entry `i`'s are `ends[4 * i] … ends[4 * i + 3]`.
    private var ends: [Int] = []
    /// The `extra` and `key_order` columns of the entries that have them (extra members, or
    /// members in an order of their own: rare), by entry.
    private var unusual: [Int: (extra: [UInt8]?, keyOrder: [UInt8]?)] = [:]

    var count: Int { ends.count / 4 }

    mutating func append(_ entry: RawCatalogEntry) {
      if !entry.extraMembers.isEmpty || !entry.hasStandardOrder {
        unusual[count] = (
          EntryCodec.extraColumn(entry.extraMembers), EntryCodec.keyOrderColumn(entry.memberOrder)
        )
      }
      bytes += entry.kind
      ends.append(bytes.count)
      bytes += entry.category
      ends.append(bytes.count)
      bytes += entry.description
      ends.append(bytes.count)
      bytes += entry.payload
      ends.append(bytes.count)
    }

    mutating func removeAll() {
      bytes.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      if !unusual.isEmpty { unusual.removeAll() }
    }

    func withRows<R>(_ body: (_ row: (Int) -> EntryRow) throws -> R) rethrows -> R {
      try bytes.withUnsafeBytes { bytes in
        try ends.withUnsafeBufferPointer { ends in
          func text(_ n: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[(n == 0 ? 0 : ends[n - 1])..<ends[n]])
          }
          let empty = UnsafeRawBufferPointer(start: nil, count: 0)
          if unusual.isEmpty {
            return try body { i in
              EntryRow(
                componentID: 0, revision: 0, change: .added, kind: text(4 * i),
                category: text(4 * i + 1), description: text(4 * i + 2), payloadID: 0,
                payload: text(4 * i + 3), extra: nil, keyOrder: nil, orderKey: empty)
            }
          }
          // Rare: entries with extra members or an order of their own. Their columns are
          // lent from copies that live as long as `body`.
          return try withUnusualColumns { columns in
            try body { i in
              let (extra, keyOrder) = columns[i] ?? (nil, nil)
              return EntryRow(
                componentID: 0, revision: 0, change: .added, kind: text(4 * i),
                category: text(4 * i + 1), description: text(4 * i + 2), payloadID: 0,
                payload: text(4 * i + 3), extra: extra, keyOrder: keyOrder, orderKey: empty)
            }
          }
        }
      }
    }

    /// Calls `body` with the unusual entries' columns as bytes valid during the call.
    private func withUnusualColumns<R>(
      _ body: ([Int: (UnsafeRawBufferPointer?, UnsafeRawBufferPointer?)]) throws -> R
    ) rethrows -> R {
      var texts = ByteStrings()
      var ids: [Int: (Int?, Int?)] = [:]
      for (entry, columns) in unusual {
        ids[entry] = (columns.extra.map { texts.append($0) }, columns.keyOrder.map { texts.append($0) })
      }
      return try texts.withStorage { stored in
        try body(ids.mapValues { ($0.0.map { stored[$0] }, $0.1.map { stored[$0] }) })
      }
    }
  }
}

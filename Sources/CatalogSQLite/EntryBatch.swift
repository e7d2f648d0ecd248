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

  /// Calls `body` with the batch's rows, their texts valid until `body` returns.
  func withRows<R>(_ body: (Rows) throws -> R) rethrows -> R {
    try storage.withRows(body)
  }

  /// The rows of a batch, lent by ``withRows(_:)``: row `i` is an `added` row with
  /// component, revision and payload 0 and an empty order key (``row(_:)``), whose columns
  /// are also read one by one, without making the row (an ``EntryRow`` is 130 bytes).
  struct Rows {
    fileprivate let bytes: UnsafeRawBufferPointer
    fileprivate let ends: UnsafeBufferPointer<Int>
    /// The `extra` and `key_order` columns of the rows that have them.
    fileprivate let unusual:
      [Int: (extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?)]

    var count: Int { ends.count / 4 }

    @inline(__always)
    private func text(_ n: Int) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(rebasing: bytes[(n == 0 ? 0 : ends[n - 1])..<ends[n]])
    }

    func kind(_ row: Int) -> UnsafeRawBufferPointer { text(4 * row) }
    func category(_ row: Int) -> UnsafeRawBufferPointer { text(4 * row + 1) }
    func description(_ row: Int) -> UnsafeRawBufferPointer { text(4 * row + 2) }
    func payload(_ row: Int) -> UnsafeRawBufferPointer { text(4 * row + 3) }

    /// The `extra` and `key_order` columns of a row: nil (NULL) for most.
    func unusualColumns(_ row: Int) -> (
      extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?
    ) {
      unusual.isEmpty ? (nil, nil) : unusual[row] ?? (nil, nil)
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
      append(entry.kind)
      append(entry.category)
      append(entry.description)
      append(entry.payload)
    }

    /// Appends one text through a pointer to its bytes: `bytes += text` retained and released
    /// the text's buffer.
    @inline(__always)
    private mutating func append(_ text: [UInt8]) {
      text.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
      ends.append(bytes.count)
    }

    mutating func removeAll() {
      bytes.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      if !unusual.isEmpty { unusual.removeAll() }
    }

    func withRows<R>(_ body: (Rows) throws -> R) rethrows -> R {
      try bytes.withUnsafeBytes { bytes in
        try ends.withUnsafeBufferPointer { ends in
          // Rare: entries with extra members or an order of their own, whose columns are
          // lent from copies that live as long as `body`.
          guard !unusual.isEmpty else {
            return try body(Rows(bytes: bytes, ends: ends, unusual: [:]))
          }
          return try withUnusualColumns { try body(Rows(bytes: bytes, ends: ends, unusual: $0)) }
        }
      }
    }

    /// Calls `body` with the unusual entries' columns as bytes valid during the call.
    private func withUnusualColumns<R>(
      _ body: ([Int: (extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?)]) throws
        -> R
    ) rethrows -> R {
      var texts = ByteStrings()
      var ids: [Int: (Int?, Int?)] = [:]
      for (entry, columns) in unusual {
        ids[entry] = (
          columns.extra.map { texts.append($0) }, columns.keyOrder.map { texts.append($0) }
        )
      }
      return try texts.withStorage { stored in
        try body(ids.mapValues { ($0.0.map { stored[$0] }, $0.1.map { stored[$0] }) })
      }
    }
  }
}

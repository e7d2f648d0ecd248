import CatalogStorage
import Components

/// Payloads with ids handed out but not yet inserted by ``SQLiteContext``: their texts
/// copied into one buffer (the caller's bytes are only borrowed), with their hashes; or,
/// while ``isLending``, the caller's own bytes, which it keeps alive until the pending
/// payloads are inserted (``SQLiteContext/lendingPayloads(_:)``).
struct PendingPayloads {
  /// Rows per multi-row INSERT.
  static let batchSize = 64

  /// Whether appended texts are kept by reference (`lent`) instead of copied (`texts`);
  /// changed only while nothing is pending.
  var isLending = false {
    willSet { precondition(count == 0, "lending changes only while nothing is pending") }
  }
  private var lent: [UnsafeRawBufferPointer] = []
  private var texts = ByteStrings()
  private var hashes: [Int64] = []
  /// The id of the first pending payload; the others follow consecutively.
  private var firstID: Int64 = 0

  var count: Int { hashes.count }
  var lastID: Int64 { firstID + Int64(count) - 1 }

  mutating func append(id: Int64, hash: Int64, text: UnsafeRawBufferPointer) {
    if count == 0 { firstID = id }
    precondition(id == firstID + Int64(count), "pending payload ids must be consecutive")
    if isLending { lent.append(text) } else { texts.append(text) }
    hashes.append(hash)
  }

  /// The text of a pending payload, or nil when `id` is not pending.
  func text(of id: Int64) -> [UInt8]? {
    guard count > 0, id >= firstID, id <= lastID else { return nil }
    return isLending ? Array(lent[Int(id - firstID)]) : texts.array(Int(id - firstID))
  }

  /// Calls `body` with the hash and id of every pending payload, in id order.
  func forEachHash(_ body: (_ hash: Int64, _ id: Int64) throws -> Void) rethrows {
    for (offset, hash) in hashes.enumerated() { try body(hash, firstID + Int64(offset)) }
  }

  mutating func removeAll() {
    texts.removeAll()
    lent.removeAll(keepingCapacity: true)
    hashes.removeAll(keepingCapacity: true)
  }

  /// Binds `rows` to `statement` (hash and text per row) and runs it once.
  func insert(with statement: Statement, rows: Range<Int>) throws {
    try texts.withStorage { stored in
      for (n, row) in rows.enumerated() {
        try statement.bind(hashes[row], at: Int32(2 * n + 1))
        try statement.bindTextNoCopy(isLending ? lent[row] : stored[row], at: Int32(2 * n + 2))
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

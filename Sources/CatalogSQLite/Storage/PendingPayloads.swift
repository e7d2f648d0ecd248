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

  /// Inserts the `payload_digest` row of every pending payload (they must be inserted
  /// already): the SHA-256 of each text, computed by `hasher`, ``batchSize`` rows per run
  /// of `statement(true)` (a statement of that many rows) while that many are left, then
  /// one at a time through `statement(false)`. The rows go in id order: the end of the table, one leaf after
  /// the next.
  ///
  /// - Throws: ``CatalogError/internalError(_:)`` when libcrypto fails (it could not
  ///   allocate); what SQLite throws.
  func insertDigests(
    hasher: SHA256, statement: (_ batched: Bool) throws -> Statement
  ) throws {
    let size = SHA256Digest.byteCount
    var digests = [UInt8](repeating: 0, count: count * size)
    try texts.withStorage { stored in
      try digests.withUnsafeMutableBytes { output in
        for row in 0..<count {
          do {
            try hasher.digest(
              of: isLending ? lent[row] : stored[row],
              into: UnsafeMutableRawBufferPointer(rebasing: output[row * size..<(row + 1) * size]))
          } catch {
            throw CatalogError.internalError("libcrypto could not compute a payload's SHA-256")
          }
        }
      }
    }
    try digests.withUnsafeBytes { digests in
      var row = 0
      while row < count {
        let rows = count - row >= Self.batchSize ? Self.batchSize : 1
        let statement = try statement(rows != 1)
        for n in 0..<rows {
          try statement.bind(firstID + Int64(row + n), at: Int32(2 * n + 1))
          try statement.bindBlobNoCopy(
            UnsafeRawBufferPointer(rebasing: digests[(row + n) * size..<(row + n + 1) * size]),
            at: Int32(2 * n + 2))
        }
        defer {
          statement.reset()
          statement.clearBindings()
        }
        _ = try statement.step()
        row += rows
      }
    }
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

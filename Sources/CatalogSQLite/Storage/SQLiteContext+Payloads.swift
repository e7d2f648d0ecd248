import CatalogStorage
import Components
import Foundation

/// The payload table: interning (deduplicated by bytes, found by hash through
/// `payload_hash`) and batched inserts, each new payload with its SHA-256 in
/// `payload_digest`.
extension SQLiteContext {
  // MARK: Payloads

  func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    if let pending = pendingPayloads.text(of: id) { return try pending.withUnsafeBytes(body) }
    let statement = try database.cachedStatement(sql: "SELECT json FROM payload WHERE id = ?")
    try statement.bind([.integer(id)])
    defer { statement.reset() }
    guard try statement.step() else {
      throw CatalogError.database(.inconsistent("payload \(id) is missing"))
    }
    return try body(statement.textBytes(at: 0))
  }

  func internPayload(bytes: UnsafeRawBufferPointer, hash: Int64) throws -> Int64 {
    // A payload this write stored (or is about to): remembered by hash, its text compared.
    // One probe answers that and, for a new hash, says where it goes.
    let probe = storedPayloads.probe(hash)
    if let id = probe.id {
      let equal =
        try pendingPayloads.text(of: id).map { $0.elementsEqual(bytes) }
        ?? payload(id).bytes.elementsEqual(bytes)
      if equal { return id }
      // The lookup below must see every payload with this hash: two texts of one 64-bit
      // hash, as rare as that is, end the deferral of this write's hash rows.
      try flushPendingPayloads()
      try insertDeferredPayloadHashes()
    }
    if !payloadTableWasEmpty || probe.id != nil {
      let lookup = try database.cachedStatement(
        sql: """
          SELECT p.id, p.json FROM payload_hash AS h JOIN payload AS p ON p.id = h.payload_id
          WHERE h.hash = ?
          """)
      try lookup.bind([.integer(hash)])
      defer { lookup.reset() }
      while try lookup.step() {
        if lookup.textBytes(at: 1).elementsEqual(bytes) { return lookup.int64(at: 0) }
      }
    }
    // A new payload: it gets the next rowid now and is inserted with others later.
    let id: Int64
    if let next = nextPayloadID {
      id = next
    } else {
      id = (try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM payload") ?? 0) + 1
    }
    nextPayloadID = id + 1
    pendingPayloads.append(id: id, hash: hash, text: bytes)
    // The table is unchanged since the probe: flushing and inserting the hash rows above
    // leave it as it was.
    storedPayloads.insertFirst(hash: hash, id: id, at: probe)
    if pendingPayloads.count == PendingPayloads.batchSize { try flushPendingPayloads() }
    return id
  }

  /// Inserts the payloads waiting in `pendingPayloads`, 64 rows per statement run.
  ///
  /// Their ids were handed out in advance: without AUTOINCREMENT each new rowid is one more
  /// than the largest (https://sqlite.org/autoinc.html), and only this context inserts
  /// payloads while it holds the write lock; the ids are checked after the insert all the
  /// same. Reads of `payload` and `entry_version` in a write context, and the commit, flush
  /// first.
  func flushPendingPayloads() throws {
    guard pendingPayloads.count > 0 else { return }
    defer { pendingPayloads.removeAll() }
    let last = pendingPayloads.lastID
    if pendingPayloads.count == PendingPayloads.batchSize {
      try pendingPayloads.insert(
        with: try keptInsert(.payload, batched: true), rows: 0..<pendingPayloads.count)
    } else {
      let one = try keptInsert(.payload, batched: false)
      for row in 0..<pendingPayloads.count {
        try pendingPayloads.insert(with: one, rows: row..<row + 1)
      }
    }
    guard database.lastInsertRowID == last else {
      throw CatalogError.database(.inconsistent("new payloads did not get the ids expected"))
    }
    try pendingPayloads.insertDigests(hasher: payloadHasher) {
      try keptInsert(.payloadDigest, batched: $0)
    }
    // While the hash rows are deferred, each new payload's hash is its own (a repeated hash
    // ends the deferral first) and its row is in `storedPayloads`.
    if deferredPayloadHashes == nil {
      let one = try keptInsert(.payloadHash, batched: false)
      try pendingPayloads.forEachHash { hash, id in
        try one.execute([.integer(hash), .integer(id)])
      }
    }
  }

  /// Runs `body`, in which ``internPayload(bytes:hash:)`` keeps new payloads' bytes by
  /// reference instead of copying them, and inserts them before returning: the caller's
  /// bytes must stay alive and unchanged until then. A first import's writer thread interns
  /// a batch of entries this way, which saves copying every payload once more (26 MB for
  /// 100,000 entries) on its way into SQLite.
  func lendingPayloads<R>(_ body: () throws -> R) throws -> R {
    try flushPendingPayloads()
    pendingPayloads.isLending = true
    // After a failure nothing lent may stay behind: the write is ending anyway.
    defer {
      pendingPayloads.removeAll()
      pendingPayloads.isLending = false
    }
    let result = try body()
    try flushPendingPayloads()
    return result
  }

  /// Keeps this write's `payload_hash` rows in memory (``storedPayloads``) until
  /// ``insertDeferredPayloadHashes()``, for a first import.
  func deferPayloadHashes() {
    if deferredPayloadHashes == nil { deferredPayloadHashes = storedPayloads.count }
  }

  /// Inserts the deferred `payload_hash` rows in key order, 64 per statement, and ends the
  /// deferral. In key order each row goes at the end of the table's last leaf, where rows
  /// in payload order would each descend to a random one.
  ///
  /// With `forgettingStoredPayloads` (at the end of a first import, whose last payload is
  /// stored), ``storedPayloads`` is emptied as well, its rows taken rather than copied: from
  /// here on `payload_hash` finds every payload this write stored, and the memory goes
  /// before the indexes made after the last row.
  func insertDeferredPayloadHashes(forgettingStoredPayloads: Bool = false) throws {
    guard let first = deferredPayloadHashes else {
      if forgettingStoredPayloads { try forgetStoredPayloads() }
      return
    }
    try flushPendingPayloads()
    deferredPayloadHashes = nil
    var rows: [PayloadHashRow]
    if forgettingStoredPayloads {
      rows = storedPayloads.takeRows(from: first)
      payloadTableWasEmpty = false
    } else {
      rows = storedPayloads.rows(from: first)
    }
    rows.sortByKey()
    let batch = PendingPayloads.batchSize
    var start = 0
    while start < rows.count {
      let statement = try keptInsert(.payloadHash, batched: rows.count - start >= batch)
      let end = rows.count - start >= batch ? start + batch : start + 1
      for (n, row) in rows[start..<end].enumerated() {
        try statement.bind(row.hash, at: Int32(2 * n + 1))
        try statement.bind(row.id, at: Int32(2 * n + 2))
      }
      defer { statement.reset() }
      _ = try statement.step()
      start = end
    }
  }

  /// Empties ``storedPayloads`` once every payload of this write and its `payload_hash` row
  /// are inserted: a payload met again is then found through `payload_hash`.
  private func forgetStoredPayloads() throws {
    try flushPendingPayloads()
    storedPayloads = StoredPayloads()
    payloadTableWasEmpty = false
  }

  /// The statement kept in `slot`, or, when there is none or its last step failed, `sql`
  /// from the cache, kept there: a write of 100,000 rows should not hash its SQL text for
  /// every batch to find it in the cache.
  func keptStatement(_ slot: inout Statement?, sql: @autoclosure () -> String) throws
    -> Statement
  {
    if let statement = slot, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(sql: sql())
    slot = statement
    return statement
  }
}

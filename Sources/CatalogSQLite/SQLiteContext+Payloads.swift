import CatalogStorage
import Components
import Foundation

/// The payload table: interning (deduplicated by bytes, found by hash) and batched inserts.
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
    if let id = storedPayloads[hash] {
      let equal =
        try pendingPayloads.text(of: id).map { $0.elementsEqual(bytes) }
        ?? payload(id).bytes.elementsEqual(bytes)
      if equal { return id }
      try flushPendingPayloads()  // the lookup below must see every payload with this hash
    }
    if !payloadTableWasEmpty || storedPayloads[hash] != nil {
      let lookup = try database.cachedStatement(sql: "SELECT id, json FROM payload WHERE hash = ?")
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
    if storedPayloads[hash] == nil { storedPayloads[hash] = id }
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
        with: try insertPayloadsStatement(), rows: 0..<pendingPayloads.count)
    } else {
      let one = try insertPayloadStatement()
      for row in 0..<pendingPayloads.count {
        try pendingPayloads.insert(with: one, rows: row..<row + 1)
      }
    }
    guard database.lastInsertRowID == last else {
      throw CatalogError.database(.inconsistent("new payloads did not get the ids expected"))
    }
  }

  func insertPayloadStatement() throws -> Statement {
    if let statement = insertPayload, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(
      sql: "INSERT OR ROLLBACK INTO payload (hash, json) VALUES (?, ?)")
    insertPayload = statement
    return statement
  }

  func insertPayloadsStatement() throws -> Statement {
    if let statement = insertPayloads, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(
      sql: "INSERT OR ROLLBACK INTO payload (hash, json) VALUES "
        + repeatElement("(?, ?)", count: PendingPayloads.batchSize).joined(separator: ", "))
    insertPayloads = statement
    return statement
  }
}

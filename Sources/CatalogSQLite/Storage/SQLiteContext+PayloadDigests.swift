import CatalogStorage

/// The payloads' digests on SQLite (`Migrations/sqlite/0010_payload_digest.sql`): what
/// `catalog doctor` reads, and the migration's completion, which computes the digests of the
/// payloads a catalog held before it. A write stores each new payload's digest with it
/// (``SQLiteContext/flushPendingPayloads()``).
extension SQLiteContext {
  func forEachPayloadWithDigest(
    _ body: (_ id: Int64, _ text: UnsafeRawBufferPointer, _ digest: UnsafeRawBufferPointer?)
      throws -> Void
  ) throws {
    try flushPendingPayloads()
    let statement = try database.cachedStatement(
      sql: """
        SELECT p.id, p.json, d.digest
        FROM payload AS p LEFT JOIN payload_digest AS d ON d.payload_id = p.id ORDER BY p.id
        """)
    defer { statement.reset() }
    while try statement.step() {
      try body(statement.int64(at: 0), statement.textBytes(at: 1), statement.blobBytes(at: 2))
    }
  }

  func strayPayloadDigestCount() throws -> Int {
    try flushPendingPayloads()
    let count: Int64? = try database.scalar(
      sql: """
        SELECT count(*) FROM payload_digest AS d
        WHERE NOT EXISTS (SELECT 1 FROM payload AS p WHERE p.id = d.payload_id)
        """)
    return Int(count ?? 0)
  }

  /// Stores the digest of every payload that has none, in id order: the completion of
  /// migration 0010 (``MigrationPlan/Completion/payloadDigests``), run inside its
  /// transaction.
  ///
  /// - Returns: How many digests it stored.
  @discardableResult
  static func storeMissingPayloadDigests(in database: Database) throws -> Int {
    let select = try database.makeStatement(
      sql: """
        SELECT p.id, p.json FROM payload AS p
        WHERE NOT EXISTS (SELECT 1 FROM payload_digest AS d WHERE d.payload_id = p.id)
        ORDER BY p.id
        """)
    let insert = try database.makeStatement(
      sql: "INSERT INTO payload_digest (payload_id, digest) VALUES (?, ?)")
    let hasher = SHA256()
    var digest = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
    var stored = 0
    while try select.step() {
      do {
        try digest.withUnsafeMutableBytes {
          try hasher.digest(of: select.textBytes(at: 1), into: $0)
        }
      } catch {
        throw CatalogError.internalError("libcrypto could not compute a payload's SHA-256")
      }
      try insert.bind(select.int64(at: 0), at: 1)
      try insert.bind(digest, at: 2)
      _ = try insert.step()
      insert.reset()
      stored += 1
    }
    return stored
  }
}

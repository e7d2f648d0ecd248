import CatalogStorage

/// The payloads' digests on PostgreSQL (`Migrations/postgresql/0010_payload_digest.sql`):
/// what `catalog doctor` reads, and the migration's completion, which computes the digests
/// of the payloads a catalog held before it with the code the SQLite engine uses (``SHA256``
/// over the bytes the server sends). A write sends each new payload's digest with it
/// (``PostgreSQLContext/flush()``).
extension PostgreSQLContext {
  func forEachPayloadWithDigest(
    _ body: (_ id: Int64, _ text: UnsafeRawBufferPointer, _ digest: UnsafeRawBufferPointer?)
      throws -> Void
  ) throws {
    try flush()
    var digest = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
    try connection.forEachRow(
      """
      SELECT p.id, p.json, encode(d.digest, 'hex')
      FROM payload AS p LEFT JOIN payload_digest AS d ON d.payload_id = p.id ORDER BY p.id
      """
    ) { row in
      let id = try row.int64(row: 0, column: 0) ?? 0
      guard !row.isNull(row: 0, column: 2) else {
        return try body(id, row.bytes(row: 0, column: 1), nil)
      }
      guard Self.decodeDigest(hex: row.bytes(row: 0, column: 2), into: &digest) else {
        throw CatalogError.database(.inconsistent("the digest of payload \(id) is not 32 bytes"))
      }
      try digest.withUnsafeBytes { try body(id, row.bytes(row: 0, column: 1), $0) }
    }
  }

  func strayPayloadDigestCount() throws -> Int {
    try flush()
    let result = try connection.execute(
      """
      SELECT count(*) FROM payload_digest AS d
      WHERE NOT EXISTS (SELECT 1 FROM payload AS p WHERE p.id = d.payload_id)
      """)
    return Int(try result.int64(row: 0, column: 0) ?? 0)
  }

  /// Decodes 64 hexadecimal digits (what `encode(digest, 'hex')` sends) into `digest`'s 32
  /// bytes; false for anything else.
  static func decodeDigest(hex: UnsafeRawBufferPointer, into digest: inout [UInt8]) -> Bool {
    guard hex.count == 2 * SHA256Digest.byteCount, digest.count == SHA256Digest.byteCount
    else { return false }
    func value(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    for i in 0..<SHA256Digest.byteCount {
      guard let high = value(hex[2 * i]), let low = value(hex[2 * i + 1]) else { return false }
      digest[i] = high << 4 | low
    }
    return true
  }

  /// Stores the digest of every payload that has none: the completion of migration 0010
  /// (``MigrationPlan/Completion/payloadDigests``), run inside its transaction. The payloads
  /// are streamed and their digests sent with one COPY once the stream has ended (a
  /// connection runs one command at a time).
  ///
  /// - Returns: How many digests it stored.
  @discardableResult
  static func storeMissingPayloadDigests(in connection: Connection) throws -> Int {
    let hasher = SHA256()
    var digest = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
    var rows = CopyBuffer(format: .binary)
    try connection.forEachRow(
      """
      SELECT p.id, p.json FROM payload AS p
      WHERE NOT EXISTS (SELECT 1 FROM payload_digest AS d WHERE d.payload_id = p.id)
      ORDER BY p.id
      """
    ) { row in
      do {
        try digest.withUnsafeMutableBytes {
          try hasher.digest(of: row.bytes(row: 0, column: 1), into: $0)
        }
      } catch {
        throw CatalogError.internalError("libcrypto could not compute a payload's SHA-256")
      }
      rows.append(try row.int64(row: 0, column: 0) ?? 0)
      digest.withUnsafeBytes { rows.append(bytea: $0) }
      rows.endRow()
    }
    guard !rows.isEmpty else { return 0 }
    return try connection.copyIn(
      "COPY payload_digest (payload_id, digest) FROM STDIN (FORMAT binary)", rows: rows)
  }
}

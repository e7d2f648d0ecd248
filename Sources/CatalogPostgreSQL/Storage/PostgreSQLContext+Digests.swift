import CatalogStorage

/// The revisions' digests on PostgreSQL (`Migrations/postgresql/0007_revision_digest.sql`).
extension PostgreSQLContext {
  func revisionDigest(_ id: Int64) throws -> String? {
    try connection.execute(
      "SELECT digest FROM revision_digest WHERE revision_id = $1", [.int(id)]
    ).string(row: 0, column: 0)
  }

  func revisionDigests() throws -> [(revision: Int64, digest: String)] {
    let result = try connection.execute(
      "SELECT revision_id, digest FROM revision_digest ORDER BY revision_id")
    return try (0..<result.rowCount).map { row in
      (try result.int64(row: row, column: 0) ?? 0, result.string(row: row, column: 1) ?? "")
    }
  }

  func sealedHead() throws -> Int64 {
    try connection.execute("SELECT coalesce(max(revision_id), 0) FROM revision_digest")
      .int64(row: 0, column: 0) ?? 0
  }

  func appendRevisionDigest(_ digest: SHA256Digest, revision: Int64) throws {
    _ = try connection.execute(
      "INSERT INTO revision_digest (revision_id, digest) VALUES ($1, $2)",
      [.int(revision), .text(digest.hex)])
  }

  func forEachVersionRow(ofRevision revision: Int64, _ body: (EntryRow) throws -> Void) throws {
    try flush()
    try connection.forEachRow(
      "\(Self.versionColumns) WHERE v.revision_id = $1 ORDER BY v.component_id", [.int(revision)]
    ) { try body(try Self.entryRow($0)) }
  }
}

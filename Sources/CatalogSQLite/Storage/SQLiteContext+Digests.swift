import CatalogStorage

/// The revisions' digests on SQLite (`Migrations/sqlite/0007_revision_digest.sql`).
extension SQLiteContext {
  func revisionDigest(_ id: Int64) throws -> String? {
    try database.scalar(
      sql: "SELECT digest FROM revision_digest WHERE revision_id = ?", arguments: [.integer(id)])
  }

  func revisionDigests() throws -> [(revision: Int64, digest: String)] {
    let statement = try database.cachedStatement(
      sql: "SELECT revision_id, digest FROM revision_digest ORDER BY revision_id")
    defer { statement.reset() }
    var digests: [(revision: Int64, digest: String)] = []
    while try statement.step() {
      digests.append((statement.int64(at: 0), statement.string(at: 1) ?? ""))
    }
    return digests
  }

  func sealedHead() throws -> Int64 {
    try database.scalar(sql: "SELECT coalesce(max(revision_id), 0) FROM revision_digest") ?? 0
  }

  func appendRevisionDigest(_ digest: SHA256Digest, revision: Int64) throws {
    try database.cachedStatement(
      sql: "INSERT INTO revision_digest (revision_id, digest) VALUES (?, ?)"
    ).execute([.integer(revision), .text(digest.hex)])
  }

  func forEachVersionRow(ofRevision revision: Int64, _ body: (EntryRow) throws -> Void) throws {
    try flushPendingVersions()
    // entry_version_by_revision holds (revision_id, component_id): the order is the index's.
    let statement = try database.cachedStatement(
      sql: """
        \(SQLiteEntryColumns.selectWithPayload) WHERE v.revision_id = ?
        ORDER BY v.component_id
        """)
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    while try statement.step() {
      try body(try SQLiteEntryColumns.row(from: statement, withPayload: true))
    }
  }
}

import CatalogStorage
import Foundation

/// The tags' history on SQLite (`Migrations/sqlite/0008_tag_events.sql`).
extension SQLiteContext {
  func tagEvents() throws -> [TagEvent] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT e.id, e.name, e.operation, e.from_revision_id, e.to_revision_id, e.created_at,
               e.author, e.message, e.carried, d.export_digest, d.digest, d.event_id IS NOT NULL
        FROM tag_event AS e LEFT JOIN tag_event_digest AS d ON d.event_id = e.id
        ORDER BY e.id
        """)
    defer { statement.reset() }
    var events: [TagEvent] = []
    while try statement.step() {
      let operationText = statement.string(at: 2) ?? ""
      guard let operation = TagEvent.Operation(rawValue: operationText) else {
        throw CatalogError.database(
          .inconsistent(
            "tag event \(statement.int64(at: 0)) has an unknown operation '\(operationText)'"))
      }
      events.append(
        TagEvent(
          id: statement.int64(at: 0), name: statement.string(at: 1) ?? "", operation: operation,
          fromRevision: statement.isNull(at: 3) ? nil : statement.int64(at: 3),
          toRevision: statement.isNull(at: 4) ? nil : statement.int64(at: 4),
          storedTime: statement.string(at: 5), author: statement.string(at: 6),
          message: statement.string(at: 7) ?? "", carried: statement.int64(at: 8) != 0,
          exportDigest: statement.string(at: 9).flatMap { SHA256Digest(hex: $0) },
          digest: statement.string(at: 10).flatMap { SHA256Digest(hex: $0) },
          sealed: statement.int64(at: 11) != 0))
    }
    return events
  }

  func appendTagEvent(_ event: TagEvent, stampingNow: Bool) throws -> TagEvent {
    var stored = event
    stored.id = (try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM tag_event") ?? 0) + 1
    // The writer's clock as it is, as for revisions (appendRevision).
    if stampingNow {
      stored.storedTime = Timestamp.string(Date(timeIntervalSinceNow: storage.clockSkew))
    }
    stored.exportDigest = nil
    stored.digest = nil
    stored.sealed = false
    try database.cachedStatement(
      sql: """
        INSERT INTO tag_event (id, name, operation, from_revision_id, to_revision_id,
                               created_at, author, message, carried)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    ).execute([
      .integer(stored.id), .text(stored.name), .text(stored.operation.rawValue),
      stored.fromRevision.map(DatabaseValue.integer) ?? .null,
      stored.toRevision.map(DatabaseValue.integer) ?? .null,
      stored.storedTime.map(DatabaseValue.text) ?? .null,
      stored.author.map(DatabaseValue.text) ?? .null, .text(stored.message),
      .integer(stored.carried ? 1 : 0),
    ])
    return stored
  }

  func appendTagEventDigest(event id: Int64, export: SHA256Digest, digest: SHA256Digest) throws {
    try database.cachedStatement(
      sql: "INSERT INTO tag_event_digest (event_id, export_digest, digest) VALUES (?, ?, ?)"
    ).execute([.integer(id), .text(export.hex), .text(digest.hex)])
  }
}

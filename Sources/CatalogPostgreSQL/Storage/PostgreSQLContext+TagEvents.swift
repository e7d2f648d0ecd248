import CatalogStorage

/// The tags' history on PostgreSQL (`Migrations/postgresql/0008_tag_events.sql`).
extension PostgreSQLContext {
  func tagEvents() throws -> [TagEvent] {
    let result = try connection.execute(
      """
      SELECT e.id, e.name, e.operation, e.from_revision_id, e.to_revision_id, e.created_at,
             e.author, e.message, e.carried, d.export_digest, d.digest, d.event_id IS NOT NULL
      FROM tag_event AS e LEFT JOIN tag_event_digest AS d ON d.event_id = e.id
      ORDER BY e.id
      """)
    return try (0..<result.rowCount).map { row in
      let id = try result.int64(row: row, column: 0) ?? 0
      let operationText = result.string(row: row, column: 2) ?? ""
      guard let operation = TagEvent.Operation(rawValue: operationText) else {
        throw CatalogError.database(
          .inconsistent("tag event \(id) has an unknown operation '\(operationText)'"))
      }
      return TagEvent(
        id: id, name: result.string(row: row, column: 1) ?? "", operation: operation,
        fromRevision: try result.int64(row: row, column: 3),
        toRevision: try result.int64(row: row, column: 4),
        storedTime: result.string(row: row, column: 5),
        author: result.string(row: row, column: 6),
        message: result.string(row: row, column: 7) ?? "",
        carried: (try result.int64(row: row, column: 8) ?? 0) != 0,
        exportDigest: result.string(row: row, column: 9).flatMap { SHA256Digest(hex: $0) },
        digest: result.string(row: row, column: 10).flatMap { SHA256Digest(hex: $0) },
        sealed: result.string(row: row, column: 11) == "t")
    }
  }

  func appendTagEvent(_ event: TagEvent, stampingNow: Bool) throws -> TagEvent {
    // The server's clock, read under the writers' lock, as appendRevision does; a copy
    // keeps the source's time.
    let time: QueryValue = stampingNow ? .null : event.storedTime.map(QueryValue.text) ?? .null
    let result = try connection.execute(
      """
      INSERT INTO tag_event (id, name, operation, from_revision_id, to_revision_id, created_at,
                             author, message, carried)
      SELECT coalesce(max(id), 0) + 1, $1, $2, $3, $4,
             CASE WHEN $9 THEN to_char(clock_timestamp() AT TIME ZONE 'UTC',
                                       'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                  ELSE $5::text END,
             $6, $7, $8
      FROM tag_event
      RETURNING id, created_at
      """,
      [
        .text(event.name), .text(event.operation.rawValue),
        event.fromRevision.map(QueryValue.int) ?? .null,
        event.toRevision.map(QueryValue.int) ?? .null, time,
        event.author.map(QueryValue.text) ?? .null, .text(event.message),
        .int(event.carried ? 1 : 0), .text(stampingNow ? "true" : "false"),
      ])
    var stored = event
    stored.id = try result.int64(row: 0, column: 0) ?? 0
    stored.storedTime = result.string(row: 0, column: 1)
    stored.exportDigest = nil
    stored.digest = nil
    stored.sealed = false
    return stored
  }

  func appendTagEventDigest(event id: Int64, export: SHA256Digest, digest: SHA256Digest) throws {
    _ = try connection.execute(
      "INSERT INTO tag_event_digest (event_id, export_digest, digest) VALUES ($1, $2, $3)",
      [.int(id), .text(export.hex), .text(digest.hex)])
  }
}

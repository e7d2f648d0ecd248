import CatalogStorage

/// PostgreSQL's ``PayloadCursor``: payloads fetched a batch at a time, the one asked for and
/// the next ones by id, so that a write comparing a document in head's order with head makes
/// one round trip per batch instead of one per payload.
///
/// Stored payloads are never changed, so a batch stays true for the whole transaction; an id
/// not in the batch in hand starts the next batch there, and one that is not stored (or not
/// yet) is read as ``PostgreSQLContext/withPayload(_:_:)`` reads it.
final class PostgreSQLPayloadCursor: PayloadCursor {
  /// Payloads per batch.
  private static let batchSize = 512

  private let context: PostgreSQLContext
  /// The batch in hand and the row of each id in it.
  private var batch: QueryResult?
  private var rows: [Int64: Int] = [:]

  init(context: PostgreSQLContext) {
    self.context = context
  }

  func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    if rows[id] == nil {
      try context.flush()
      let result = try context.connection.execute(
        "SELECT id, json FROM payload WHERE id >= $1 ORDER BY id LIMIT \(Self.batchSize)",
        [.int(id)])
      var rows: [Int64: Int] = [:]
      for row in 0..<result.rowCount {
        if let id = try result.int64(row: row, column: 0) { rows[id] = row }
      }
      batch = result
      self.rows = rows
    }
    guard let row = rows[id], let batch else { return try context.withPayload(id, body) }
    return try body(batch.bytes(row: row, column: 1))
  }

  func close() {
    batch = nil
    rows = [:]
  }
}

extension PostgreSQLContext {
  func payloadCursor() throws -> any PayloadCursor {
    PostgreSQLPayloadCursor(context: self)
  }
}

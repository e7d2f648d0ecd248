/// The plain INSERTs a write repeats for every payload and entry version, each as a statement
/// of one row and one of a whole batch: ``SQLiteContext/keptInsert(_:batched:)`` prepares
/// each once per write and keeps it.
///
/// `OR ROLLBACK`: a constraint failure (a repeated key the write did not expect) ends the
/// transaction at once instead of leaving it half applied.
enum KeptInsert: Hashable, Sendable {
  /// `payload (hash, json)`, ``PendingPayloads/batchSize`` rows per batch.
  case payload
  /// `payload_hash (hash, payload_id)`, ``PendingPayloads/batchSize`` rows per batch.
  case payloadHash
  /// `payload_digest (payload_id, digest)`, ``PendingPayloads/batchSize`` rows per batch.
  case payloadDigest
  /// `kind_version (kind, revision_id, component_id)`, ``PendingVersions/batchSize`` rows
  /// per batch.
  case kindVersion

  var table: String {
    switch self {
    case .payload: "payload"
    case .payloadHash: "payload_hash"
    case .payloadDigest: "payload_digest"
    case .kindVersion: "kind_version"
    }
  }

  var columns: [String] {
    switch self {
    case .payload: ["hash", "json"]
    case .payloadHash: ["hash", "payload_id"]
    case .payloadDigest: ["payload_id", "digest"]
    case .kindVersion: ["kind", "revision_id", "component_id"]
    }
  }

  /// The rows of a batched statement.
  var batchSize: Int {
    switch self {
    case .payload, .payloadHash, .payloadDigest: PendingPayloads.batchSize
    case .kindVersion: PendingVersions.batchSize
    }
  }

  /// The INSERT of `rows` rows; row `n`'s values are parameters `columns.count * n + 1` ….
  func sql(rows: Int) -> String {
    let row = "(" + repeatElement("?", count: columns.count).joined(separator: ", ") + ")"
    return "INSERT OR ROLLBACK INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
      + repeatElement(row, count: rows).joined(separator: ", ")
  }

  /// A kept statement's place in ``SQLiteContext/keptInserts``.
  struct Key: Hashable {
    var insert: KeptInsert
    var batched: Bool
  }
}

extension SQLiteContext {
  /// The INSERT of one row into `insert`'s table, or of a whole batch with `batched`.
  func keptInsert(_ insert: KeptInsert, batched: Bool) throws -> Statement {
    try keptStatement(
      &keptInserts[KeptInsert.Key(insert: insert, batched: batched)],
      sql: insert.sql(rows: batched ? insert.batchSize : 1))
  }
}

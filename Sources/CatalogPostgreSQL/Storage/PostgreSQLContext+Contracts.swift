import CatalogStorage
import Foundation

/// The app contract events on PostgreSQL (`Migrations/postgresql/0009_app_contract.sql`).
extension PostgreSQLContext {
  func contractEvents() throws -> [ContractEvent] {
    try readContractEvents(columns: ContractEvent.columns)
  }

  /// The events without their contracts' bytes (`contract` is nil).
  func contractEventSummaries() throws -> [ContractEvent] {
    try readContractEvents(columns: ContractEvent.summaryColumns)
  }

  /// Every event in id order, read from `columns` (``ContractEvent/columns``' order).
  private func readContractEvents(columns: String) throws -> [ContractEvent] {
    let result = try connection.execute(
      "SELECT \(columns) FROM contract_event ORDER BY id")
    return try (0..<result.rowCount).map { row in
      try ContractEvent(
        storedID: try result.int64(row: row, column: 0) ?? 0,
        afterRevision: try result.int64(row: row, column: 1) ?? 0,
        createdAt: result.string(row: row, column: 2), author: result.string(row: row, column: 3),
        action: result.string(row: row, column: 4), app: result.string(row: row, column: 5),
        version: result.string(row: row, column: 6),
        contract: result.isNull(row: row, column: 7)
          ? nil : Array(result.bytes(row: row, column: 7)),
        digest: result.string(row: row, column: 8))
    }
  }

  func appendContractEvent(_ event: ContractEvent) throws {
    _ = try connection.execute(
      """
      INSERT INTO contract_event (\(ContractEvent.columns))
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
      """,
      [
        .int(event.id), .int(event.afterRevision), .text(Timestamp.string(event.time)),
        .text(event.author), .text(event.action.rawValue), .text(event.app),
        .text(event.version), event.contract.map { .utf8($0) } ?? .null, .text(event.digest),
      ])
  }

  func contractIndexDigests() throws -> [Int64: SHA256Digest] {
    let result = try connection.execute(
      "SELECT event_id, index_digest FROM contract_event_index")
    var digests: [Int64: SHA256Digest] = [:]
    for row in 0..<result.rowCount {
      let id = try result.int64(row: row, column: 0) ?? 0
      guard let digest = SHA256Digest(hex: result.string(row: row, column: 1) ?? "") else {
        throw CatalogError.database(
          .inconsistent("the contract index of contract event \(id) is unreadable"))
      }
      digests[id] = digest
    }
    return digests
  }

  func contractIndexBody(_ digest: SHA256Digest) throws -> [UInt8]? {
    let result = try connection.execute(
      "SELECT body FROM contract_index WHERE digest = $1", [.text(digest.hex)])
    guard result.rowCount > 0 else { return nil }
    return Array(result.bytes(row: 0, column: 0))
  }

  func storeContractIndex(_ index: ContractShapeIndex, event: Int64) throws {
    let body = index.body
    let digest = try SHA256.hash(body)
    _ = try connection.execute(
      "INSERT INTO contract_index (digest, body) VALUES ($1, $2) ON CONFLICT DO NOTHING",
      [.text(digest.hex), .utf8(body)])
    _ = try connection.execute(
      "INSERT INTO contract_event_index (event_id, index_digest) VALUES ($1, $2)",
      [.int(event), .text(digest.hex)])
  }
}

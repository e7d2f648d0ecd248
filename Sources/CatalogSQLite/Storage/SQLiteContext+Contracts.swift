import CatalogStorage
import Foundation

/// The app contract events of the SQLite catalog (`Migrations/sqlite/0009_app_contract.sql`).
extension SQLiteContext {
  func contractEvents() throws -> [ContractEvent] {
    try readContractEvents(columns: ContractEvent.columns)
  }

  /// The events without their contracts' bytes (`contract` is nil).
  func contractEventSummaries() throws -> [ContractEvent] {
    try readContractEvents(columns: ContractEvent.summaryColumns)
  }

  /// Every event in id order, read from `columns` (``ContractEvent/columns``' order).
  private func readContractEvents(columns: String) throws -> [ContractEvent] {
    let statement = try database.cachedStatement(
      sql: "SELECT \(columns) FROM contract_event ORDER BY id")
    defer { statement.reset() }
    var events: [ContractEvent] = []
    while try statement.step() {
      events.append(
        try ContractEvent(
          storedID: statement.int64(at: 0), afterRevision: statement.int64(at: 1),
          createdAt: statement.string(at: 2), author: statement.string(at: 3),
          action: statement.string(at: 4), app: statement.string(at: 5),
          version: statement.string(at: 6), contract: statement.bytes(at: 7),
          digest: statement.string(at: 8)))
    }
    return events
  }

  func appendContractEvent(_ event: ContractEvent) throws {
    try database.cachedStatement(
      sql: "INSERT INTO contract_event (\(ContractEvent.columns))"
        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ).execute([
      .integer(event.id), .integer(event.afterRevision), .text(Timestamp.string(event.time)),
      .text(event.author), .text(event.action.rawValue), .text(event.app), .text(event.version),
      event.contract.map { .text(String(decoding: $0, as: UTF8.self)) } ?? .null,
      .text(event.digest),
    ])
  }

  func contractIndexDigests() throws -> [Int64: SHA256Digest] {
    let statement = try database.cachedStatement(
      sql: "SELECT event_id, index_digest FROM contract_event_index")
    defer { statement.reset() }
    var digests: [Int64: SHA256Digest] = [:]
    while try statement.step() {
      let id = statement.int64(at: 0)
      guard let digest = SHA256Digest(hex: statement.string(at: 1) ?? "") else {
        throw CatalogError.database(
          .inconsistent("the contract index of contract event \(id) is unreadable"))
      }
      digests[id] = digest
    }
    return digests
  }

  func contractIndexBody(_ digest: SHA256Digest) throws -> [UInt8]? {
    let statement = try database.cachedStatement(
      sql: "SELECT body FROM contract_index WHERE digest = ?")
    defer { statement.reset() }
    try statement.bind(digest.hex, at: 1)
    guard try statement.step() else { return nil }
    return statement.bytes(at: 0) ?? []
  }

  func storeContractIndex(_ index: ContractShapeIndex, event: Int64) throws {
    let body = index.body
    let digest = try SHA256.hash(body)
    try database.cachedStatement(
      sql: "INSERT INTO contract_index (digest, body) VALUES (?, ?) ON CONFLICT DO NOTHING"
    ).execute([.text(digest.hex), .text(String(decoding: body, as: UTF8.self))])
    try database.cachedStatement(
      sql: "INSERT INTO contract_event_index (event_id, index_digest) VALUES (?, ?)"
    ).execute([.integer(event), .text(digest.hex)])
  }
}

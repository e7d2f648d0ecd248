import CatalogStorage
import Foundation

/// The app contract events on PostgreSQL (`Migrations/postgresql/0009_app_contract.sql`).
extension PostgreSQLContext {
  private static let contractColumns =
    "id, after_revision, created_at, author, action, app, version, contract, digest"

  func contractEvents() throws -> [ContractEvent] {
    let result = try connection.execute(
      "SELECT \(Self.contractColumns) FROM contract_event ORDER BY id")
    return try (0..<result.rowCount).map { row in
      let id = try result.int64(row: row, column: 0) ?? 0
      guard let time = Timestamp.parse(result.string(row: row, column: 2) ?? ""),
        let action = ContractEvent.Action(rawValue: result.string(row: row, column: 4) ?? "")
      else {
        throw CatalogError.database(.inconsistent("contract event \(id) is unreadable"))
      }
      return ContractEvent(
        id: id, afterRevision: try result.int64(row: row, column: 1) ?? 0, time: time,
        author: result.string(row: row, column: 3) ?? "", action: action,
        app: result.string(row: row, column: 5) ?? "",
        version: result.string(row: row, column: 6) ?? "",
        contract: result.isNull(row: row, column: 7)
          ? nil : Array(result.bytes(row: row, column: 7)),
        digest: result.string(row: row, column: 8) ?? "")
    }
  }

  func appendContractEvent(_ event: ContractEvent) throws {
    _ = try connection.execute(
      """
      INSERT INTO contract_event (\(Self.contractColumns))
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
      """,
      [
        .int(event.id), .int(event.afterRevision), .text(Timestamp.string(event.time)),
        .text(event.author), .text(event.action.rawValue), .text(event.app),
        .text(event.version), event.contract.map { .utf8($0) } ?? .null, .text(event.digest),
      ])
  }
}

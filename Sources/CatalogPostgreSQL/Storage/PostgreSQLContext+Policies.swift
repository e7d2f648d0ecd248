import CatalogStorage
import Foundation

/// The policy and waiver rows on PostgreSQL (`Migrations/postgresql/0001_policies.sql`).
extension PostgreSQLContext {
  private static let policyColumns =
    "id, after_revision, created_at, author, action, scope, name, mode, rule, pointer"

  func policyRecords() throws -> [PolicyRecord] {
    let result = try connection.execute(
      "SELECT \(Self.policyColumns) FROM policy_change ORDER BY id")
    return try (0..<result.rowCount).map { row in
      let id = try result.int64(row: row, column: 0) ?? 0
      guard let time = Timestamp.parse(result.string(row: row, column: 2) ?? ""),
        let action = PolicyRecord.Action(rawValue: result.string(row: row, column: 4) ?? ""),
        let scope = PolicyRecord.Scope(rawValue: result.string(row: row, column: 5) ?? "")
      else {
        throw CatalogError.database(.inconsistent("policy change \(id) is unreadable"))
      }
      return PolicyRecord(
        id: id, afterRevision: try result.int64(row: row, column: 1) ?? 0, time: time,
        author: result.string(row: row, column: 3) ?? "", action: action, scope: scope,
        name: result.string(row: row, column: 6) ?? "", mode: result.string(row: row, column: 7),
        rule: result.string(row: row, column: 8), pointer: result.string(row: row, column: 9))
    }
  }

  func appendPolicyRecord(_ record: PolicyRecord) throws -> Int64 {
    let id =
      (try connection.execute("SELECT coalesce(max(id), 0) FROM policy_change")
        .int64(row: 0, column: 0) ?? 0) + 1
    func optional(_ text: String?) -> QueryValue { text.map { .text($0) } ?? .null }
    _ = try connection.execute(
      """
      INSERT INTO policy_change (\(Self.policyColumns))
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
      """,
      [
        .int(id), .int(record.afterRevision), .text(Timestamp.string(record.time)),
        .text(record.author), .text(record.action.rawValue), .text(record.scope.rawValue),
        .text(record.name), optional(record.mode), optional(record.rule),
        optional(record.pointer),
      ])
    return id
  }

  func waivers() throws -> [Waiver] {
    let result = try connection.execute(
      "SELECT revision_id, created_at, author, reason FROM waiver ORDER BY revision_id")
    var waivers = try (0..<result.rowCount).map { row in
      Waiver(
        revision: try result.int64(row: row, column: 0) ?? 0,
        time: Timestamp.parse(result.string(row: row, column: 1) ?? "")
          ?? Date(timeIntervalSince1970: 0),
        author: result.string(row: row, column: 2) ?? "",
        reason: result.string(row: row, column: 3) ?? "", changes: [])
    }
    guard !waivers.isEmpty else { return [] }
    var slot: [Int64: Int] = [:]
    for (i, waiver) in waivers.enumerated() { slot[waiver.revision] = i }
    let items = try connection.execute(
      "SELECT revision_id, kind, rule, pointer, mode FROM waived_change ORDER BY revision_id, seq")
    for row in 0..<items.rowCount {
      guard let i = slot[try items.int64(row: row, column: 0) ?? 0] else { continue }
      waivers[i].changes.append(
        WaivedChange(
          kind: items.string(row: row, column: 1) ?? "",
          rule: items.string(row: row, column: 2) ?? "",
          pointer: items.string(row: row, column: 3) ?? "",
          mode: items.string(row: row, column: 4) ?? ""))
    }
    return waivers
  }

  func appendWaiver(_ waiver: Waiver) throws {
    _ = try connection.execute(
      "INSERT INTO waiver (revision_id, created_at, author, reason) VALUES ($1, $2, $3, $4)",
      [
        .int(waiver.revision), .text(Timestamp.string(waiver.time)), .text(waiver.author),
        .text(waiver.reason),
      ])
    for (seq, change) in waiver.changes.enumerated() {
      _ = try connection.execute(
        """
        INSERT INTO waived_change (revision_id, seq, kind, rule, pointer, mode)
        VALUES ($1, $2, $3, $4, $5, $6)
        """,
        [
          .int(waiver.revision), .int(Int64(seq)), .text(change.kind), .text(change.rule),
          .text(change.pointer), .text(change.mode),
        ])
    }
  }
}

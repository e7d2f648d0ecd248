import CatalogStorage
import Foundation

/// The policy and waiver rows of the SQLite catalog (`Migrations/sqlite/0001_policies.sql`).
extension SQLiteContext {
  private static let policyColumns =
    "id, after_revision, created_at, author, action, scope, name, mode, rule, pointer"

  func policyRecords() throws -> [PolicyRecord] {
    let statement = try database.cachedStatement(
      sql: "SELECT \(Self.policyColumns) FROM policy_change ORDER BY id")
    defer { statement.reset() }
    var records: [PolicyRecord] = []
    while try statement.step() {
      let id = statement.int64(at: 0)
      guard let time = Timestamp.parse(statement.string(at: 2) ?? ""),
        let action = PolicyRecord.Action(rawValue: statement.string(at: 4) ?? ""),
        let scope = PolicyRecord.Scope(rawValue: statement.string(at: 5) ?? "")
      else {
        throw CatalogError.database(.inconsistent("policy change \(id) is unreadable"))
      }
      records.append(
        PolicyRecord(
          id: id, afterRevision: statement.int64(at: 1), time: time,
          author: statement.string(at: 3) ?? "", action: action, scope: scope,
          name: statement.string(at: 6) ?? "", mode: statement.string(at: 7),
          rule: statement.string(at: 8), pointer: statement.string(at: 9)))
    }
    return records
  }

  func appendPolicyRecord(_ record: PolicyRecord) throws -> Int64 {
    let id: Int64 =
      (try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM policy_change") ?? 0) + 1
    func optional(_ text: String?) -> DatabaseValue { text.map { .text($0) } ?? .null }
    try database.cachedStatement(
      sql: "INSERT INTO policy_change (\(Self.policyColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ).execute([
      .integer(id), .integer(record.afterRevision), .text(Timestamp.string(record.time)),
      .text(record.author), .text(record.action.rawValue), .text(record.scope.rawValue),
      .text(record.name), optional(record.mode), optional(record.rule), optional(record.pointer),
    ])
    return id
  }

  func waivers() throws -> [Waiver] {
    let statement = try database.cachedStatement(
      sql: "SELECT revision_id, created_at, author, reason FROM waiver ORDER BY revision_id")
    var waivers: [Waiver] = []
    do {
      defer { statement.reset() }
      while try statement.step() {
        waivers.append(
          Waiver(
            revision: statement.int64(at: 0),
            time: Timestamp.parse(statement.string(at: 1) ?? "") ?? Date(timeIntervalSince1970: 0),
            author: statement.string(at: 2) ?? "", reason: statement.string(at: 3) ?? "",
            changes: []))
      }
    }
    guard !waivers.isEmpty else { return [] }
    let items = try database.cachedStatement(
      sql: "SELECT revision_id, kind, rule, pointer, mode FROM waived_change "
        + "ORDER BY revision_id, seq")
    defer { items.reset() }
    var slot: [Int64: Int] = [:]
    for (i, waiver) in waivers.enumerated() { slot[waiver.revision] = i }
    while try items.step() {
      guard let i = slot[items.int64(at: 0)] else { continue }
      waivers[i].changes.append(
        WaivedChange(
          kind: items.string(at: 1) ?? "", rule: items.string(at: 2) ?? "",
          pointer: items.string(at: 3) ?? "", mode: items.string(at: 4) ?? ""))
    }
    return waivers
  }

  func appendWaiver(_ waiver: Waiver) throws {
    try database.cachedStatement(
      sql: "INSERT INTO waiver (revision_id, created_at, author, reason) VALUES (?, ?, ?, ?)"
    ).execute([
      .integer(waiver.revision), .text(Timestamp.string(waiver.time)), .text(waiver.author),
      .text(waiver.reason),
    ])
    let insert = try database.cachedStatement(
      sql: "INSERT INTO waived_change (revision_id, seq, kind, rule, pointer, mode) "
        + "VALUES (?, ?, ?, ?, ?, ?)")
    for (seq, change) in waiver.changes.enumerated() {
      try insert.execute([
        .integer(waiver.revision), .integer(Int64(seq)), .text(change.kind), .text(change.rule),
        .text(change.pointer), .text(change.mode),
      ])
    }
  }
}

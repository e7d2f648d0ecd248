import Foundation
import TestSupport
import Testing

/// The history tables that came with policies and tag events (`policy_change`, `waiver`,
/// `waived_change`, `tag_event`, `tag_event_digest`) are append-only in the database itself, on both engines:
/// an `UPDATE` or `DELETE` made past `catalog`, with the engine's own client, is refused and
/// the rows stay as they were.
@Suite("Policy and tag history is append-only in the database")
struct AppendOnlyHistoryTests {
  static let tables = [
    ("policy_change", "author"), ("waiver", "reason"), ("waived_change", "kind"),
    ("tag_event", "author"), ("tag_event_digest", "digest"),
  ]

  /// A catalog with a row in each table: a policy change, a waived break, a moved tag.
  static func makeCatalog(_ location: TestLocation) throws {
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "v1.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {"x": 1}}]"#)
    try location.directory.write(
      "v2.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {}}]"#)
    try runner.run(["import", "v1.json"])
    try runner.run(["tag", "v1"])
    try runner.run(["policy", "set", "FULL"])
    try runner.run(["import", "v2.json"], expect: 65)
    try runner.run(["import", "v2.json", "--allow-breaking", "x is gone on purpose"])
    try runner.run(["tag", "-f", "v1", "2"])
  }

  /// Runs `sql` with the engine's own client; the error it fails with, or `nil`.
  static func refusal(of sql: String, at location: TestLocation) -> String? {
    do {
      if let database = location.database {
        _ = try database.psql(sql)
      } else {
        try RawSQLite(path: location.text).execute(sql)
      }
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// How many rows `table` has, and its `column` of each, in a fixed order.
  static func rows(of table: String, _ column: String, at location: TestLocation) throws
    -> String
  {
    let concat = location.database == nil ? "group_concat" : "string_agg"
    let sql =
      "SELECT count(*) || ':' || \(concat)(c, ',') FROM "
      + "(SELECT \(column) AS c FROM \(table) ORDER BY \(column)) AS t"
    if let database = location.database { return try database.psql(sql) }
    return try RawSQLite(path: location.text).text(sql) ?? ""
  }

  @Test(arguments: TestEngine.allCases)
  func updatesAndDeletesAreRefused(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    try Self.makeCatalog(location)
    for (table, column) in Self.tables {
      let before = try Self.rows(of: table, column, at: location)
      #expect(!before.hasPrefix("0:"), "\(table) has no row to protect")
      for sql in ["UPDATE \(table) SET \(column) = 'mallory'", "DELETE FROM \(table)"] {
        let error = Self.refusal(of: sql, at: location)
        #expect(
          error?.contains("history is append-only") == true,
          "\(engine) \(sql): \(error ?? "accepted")")
      }
      #expect(try Self.rows(of: table, column, at: location) == before, "\(engine) \(table)")
    }
  }
}

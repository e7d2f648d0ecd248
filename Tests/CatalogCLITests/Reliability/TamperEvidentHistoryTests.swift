import Foundation
import TestSupport
import Testing

/// History that cannot be rewritten unseen: SQLite's `INSERT OR REPLACE`, `REPLACE` and
/// UPSERT cannot rewrite a history row (issue 30, item 13: they fired no DELETE trigger),
/// and every revision records a SHA-256 digest chained over its parent's, which `doctor`
/// recomputes, naming the first revision changed behind the triggers' back, and which
/// `copy` carries and checks. Both engines.
@Suite("History is tamper-evident")
struct TamperEvidentHistoryTests {
  /// Three revisions, the second of which changes the document's frame as well.
  static func makeCatalog(_ location: TestLocation) throws -> CatalogRunner {
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "v1.json", #"[{"kind": "a", "category": "c", "description": "one", "payload": {"x": 1}}]"#)
    try location.directory.write(
      "v2.json",
      #"{"version": 2, "components": [{"kind": "a", "category": "c", "description": "two", "payload": {"x": 2}}, {"kind": "b", "category": "c", "description": "b", "payload": [], "note": "n"}]}"#
    )
    try location.directory.write(
      "v3.json",
      #"{"version": 2, "components": [{"kind": "b", "category": "c", "description": "b3", "payload": [], "note": "n"}]}"#
    )
    for file in ["v1.json", "v2.json", "v3.json"] {
      try runner.run(["import", file, "-m", "import \(file)"])
    }
    return runner
  }

  /// Runs SQL with the engine's own client, past `catalog`.
  static func execute(_ sql: String, at location: TestLocation) throws {
    if let database = location.database {
      try database.psql(sql)
    } else {
      try RawSQLite(path: location.text).execute(sql)
    }
  }

  /// The recorded digests, `id:hex` a line.
  static func digests(at location: TestLocation) throws -> String {
    let sql = "SELECT revision_id || ':' || digest FROM revision_digest ORDER BY revision_id"
    if let database = location.database {
      return try database.psql(sql).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let raw = try RawSQLite(path: location.text)
    return try raw.text(
      "SELECT group_concat(line, char(10)) FROM (SELECT revision_id || ':' || digest AS line "
        + "FROM revision_digest ORDER BY revision_id)") ?? ""
  }

  /// The exact attack of the issue: `INSERT OR REPLACE` (and `REPLACE`) of a revision, an
  /// entry version and a payload, and the UPSERT spelling, with the sqlite3 C API, are
  /// refused; the catalog exports what it did and `doctor` is content.
  @Test func replaceAndUpsertAreRefusedOnSQLite() throws {
    let location = try TestEngine.sqlite.makeLocation()
    let runner = try Self.makeCatalog(location)
    let before = try runner.run(["export", "--at", "2"]).stdout
    let attacks = [
      """
      INSERT OR REPLACE INTO revision
        (id, created_at, author, message, source, operation, added, changed, removed, moved)
      VALUES (2, '2020-01-01T00:00:00.000Z', 'mallory', 'rewritten', 'x', 'import', 1, 1, 0, 0)
      """,
      """
      REPLACE INTO entry_version
        (component_id, revision_id, change, kind, category, description, payload_id, extra,
         key_order, position)
      SELECT component_id, revision_id, change, kind, category, 'forged', payload_id, extra,
             key_order, position
      FROM entry_version WHERE revision_id = 2 ORDER BY component_id LIMIT 1
      """,
      "INSERT OR REPLACE INTO payload (id, hash, json) SELECT id, hash, '{\"x\":9}' FROM payload",
      """
      INSERT INTO revision
        (id, created_at, author, message, source, operation, added, changed, removed, moved)
      VALUES (2, '2020-01-01T00:00:00.000Z', 'mallory', 'rewritten', 'x', 'import', 1, 1, 0, 0)
      ON CONFLICT (id) DO UPDATE SET author = excluded.author
      """,
      """
      INSERT OR REPLACE INTO document_frame (revision_id, form, members_before, members_after)
      VALUES (2, 'object', '{}', '{}')
      """,
      "INSERT OR REPLACE INTO revision_digest (revision_id, digest) SELECT revision_id, "
        + "'\(String(repeating: "0", count: 64))' FROM revision_digest",
    ]
    let digests = try Self.digests(at: location)
    for sql in attacks {
      var refusal: String?
      do { try Self.execute(sql, at: location) } catch { refusal = "\(error)" }
      #expect(
        refusal?.contains("history is append-only") == true, "\(sql): \(refusal ?? "accepted")")
    }
    #expect(try runner.run(["export", "--at", "2"]).stdout == before)
    #expect(try Self.digests(at: location) == digests)
    let doctor = try runner.run(["doctor"])
    #expect(doctor.stdout.contains("revision digests ok"), "\(doctor)")
  }

  /// PostgreSQL has no REPLACE; its UPSERT is an update, which the triggers refuse.
  @Test func upsertIsRefusedOnPostgreSQL() throws {
    let location = try TestEngine.postgresql.makeLocation()
    _ = try Self.makeCatalog(location)
    var refusal: String?
    do {
      try Self.execute(
        """
        INSERT INTO payload (id, hash, json) SELECT id, hash, '{"x":9}' FROM payload
        ON CONFLICT (id) DO UPDATE SET json = excluded.json
        """, at: location)
    } catch { refusal = "\(error)" }
    #expect(refusal?.contains("history is append-only") == true, "\(refusal ?? "accepted")")
  }

  /// How to change a row behind the triggers' back, per engine: what an adversary with the
  /// database's owner rights can do, and what the digests are for.
  static func tamper(_ table: String, _ update: String, at location: TestLocation) throws {
    if location.database != nil {
      try execute(
        "ALTER TABLE \(table) DISABLE TRIGGER USER; \(update); "
          + "ALTER TABLE \(table) ENABLE TRIGGER USER", at: location)
    } else {
      try execute(
        "DROP TRIGGER \(table)_is_append_only_update; \(update); "
          + "CREATE TRIGGER \(table)_is_append_only_update BEFORE UPDATE ON \(table) "
          + "BEGIN SELECT RAISE(ABORT, 'history is append-only'); END", at: location)
    }
  }

  static let tampers: [(table: String, update: String, firstBad: Int)] = [
    ("revision", "UPDATE revision SET author = 'mallory' WHERE id = 2", 2),
    ("revision", "UPDATE revision SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = 3", 3),
    ("entry_version", "UPDATE entry_version SET description = 'forged' WHERE revision_id = 3", 3),
    ("payload", "UPDATE payload SET json = '{\"x\":7}' WHERE json = '{\"x\":1}'", 1),
    ("document_frame", "UPDATE document_frame SET members_before = '{\"version\":3}'", 2),
  ]

  @Test(arguments: TestEngine.allCases, 0..<tampers.count)
  func doctorNamesTheFirstChangedRevision(_ engine: TestEngine, _ which: Int) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let healthy = try runner.run(["doctor"])
    #expect(healthy.stdout.contains("revision digests ok (head sha256:"), "\(healthy)")
    let (table, update, firstBad) = Self.tampers[which]
    try Self.tamper(table, update, at: location)
    let doctor = try runner.run(["doctor"], expect: 74)
    #expect(
      doctor.stderr.contains(
        "catalog: error: revision \(firstBad) does not match its recorded digest: its history "
          + "was changed after it was written"),
      "\(engine) \(update): \(doctor)")
    // Nor does a copy carry the tampered history on as if it were sound.
    let copy = try location.sibling(fileName: "copy.sqlite")
    let copied = try runner.run(["copy", location.text, copy], expect: 74)
    #expect(
      copied.stderr.contains("revision \(firstBad) does not match its recorded digest"),
      "\(copied)")
  }

  /// A copy to the other engine records the same digests, and the copy's doctor agrees.
  @Test(arguments: TestEngine.allCases)
  func copyCarriesTheDigests(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let other: TestEngine = engine == .sqlite ? .postgresql : .sqlite
    let target = try other.makeLocation()
    try runner.run(["copy", location.text, target.text])
    let digests = try Self.digests(at: location)
    #expect(digests.split(separator: "\n").count == 3)
    #expect(try Self.digests(at: target) == digests)
    let doctor = try CatalogRunner(location: target).run(["doctor"])
    #expect(doctor.stdout.contains("revision digests ok"), "\(doctor)")
  }

  /// A catalog made before digests gets them at its first read-write open after the
  /// migration, the same digests a catalog made with them has.
  @Test(arguments: TestEngine.allCases)
  func olderCatalogsGetTheirDigests(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let digests = try Self.digests(at: location)
    // Back to schema 0006: no digest table, no record of its migration.
    var downgrade = "DROP TABLE revision_digest; "
    if engine == .sqlite {
      for table in [
        "revision", "entry_version", "payload", "document_frame", "policy_change", "waiver",
        "waived_change", "tag_move",
      ] {
        downgrade += "DROP TRIGGER \(table)_is_append_only_replace; "
      }
    }
    try Self.execute(
      downgrade + "DELETE FROM schema_migration WHERE name = '0007_revision_digest'",
      at: location)
    try runner.run(["tag", "v1", "1"])
    #expect(try Self.digests(at: location) == digests)
    let doctor = try runner.run(["doctor"])
    #expect(doctor.stdout.contains("revision digests ok"), "\(doctor)")
  }
}

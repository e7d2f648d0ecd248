import Components
import Foundation
import TestSupport
import Testing

/// Migration 0003 (document frames) on catalogs made by the schema before it: every revision
/// exports the bytes the binary of that schema exported, and frames work from then on.
@Suite("document frame migration")
struct FrameMigrationTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Adds `"$schema"` before `components` of an export.
  static func withSchema(_ export: [UInt8]) -> String {
    String(decoding: export, as: UTF8.self).replacingOccurrences(
      of: "{\n  \"components\"", with: "{\n  \"$schema\": \"s.json\",\n  \"components\"")
  }

  @Test func theSiteFixtureExportsAsTheOldBinaryDid() throws {
    let path = directory.path("fixture.sqlite")
    try FileManager.default.copyItem(
      atPath: Fixtures.url("site/fixture.sqlite").path, toPath: path)
    // The first command to open it, a reader here, upgrades it.
    for revision in 1...6 {
      #expect(
        try directory.runCatalog(["export", "--at", "\(revision)"], expect: 0, database: path)
          .stdoutBytes
          == Fixtures.bytes("frame-migration/revision-\(revision).json"), "revision \(revision)")
    }
    #expect(
      try directory.runCatalog(["export", "--category", "Display"], expect: 0, database: path)
        .stdoutBytes
        == Fixtures.bytes("frame-migration/head-Display.json"))
    try directory.runCatalog(["doctor"], expect: 0, database: path)
    // A frame from now on; the old revisions keep theirs.
    let head = try Fixtures.bytes("frame-migration/revision-6.json")
    try directory.write("schema.json", Self.withSchema(head))
    #expect(
      try directory.runCatalog(["import", "schema.json"], expect: 0, database: path).stdout
        == "revision 7: 0 added, 0 changed, 0 removed, document frame changed\n")
    #expect(
      try directory.runCatalog(["export"], expect: 0, database: path).stdout
        == Self.withSchema(head))
    #expect(
      try directory.runCatalog(["export", "--at", "6"], expect: 0, database: path).stdoutBytes
        == head)
    try directory.runCatalog(["doctor"], expect: 0, database: path)
  }

  /// A PostgreSQL catalog made with migrations 0001–0002 only (applied as the migrator
  /// applies them, from the files in Migrations/postgresql), with two revisions written as
  /// the binary of that schema wrote them, is upgraded by the first command, even a reader.
  @Test func aPostgreSQLCatalogOfTheOldSchemaUpgrades() throws {
    let database = try PostgreSQLTestDatabase()
    var script = try OldPostgreSQLSchema.script([
      "0001_initial", "0002_policies", "0002_tag_history",
    ])
    // Payloads carry their hash, as the binary stores it.
    let hashes = try [#"{"x":[1,2]}"#, "{}"].map { try JSONText(parsing: $0).stableHash }
    script += """
      INSERT INTO revision VALUES
        (1, '2026-11-30T10:00:00.000Z', 'ann', 'first', 'a.json', 'import', 2, 0, 0, 0),
        (2, '2026-11-30T11:00:00.000Z', 'bob', '', 'b.json', 'import', 0, 1, 0, 0);
      INSERT INTO payload VALUES (1, \(hashes[0]), '{"x":[1,2]}'), (2, \(hashes[1]), '{}');
      INSERT INTO component VALUES (1, 1), (2, 1);
      INSERT INTO entry_version VALUES
        (1, 1, 'added', 'tile', 'Display', 'A tile', 1, NULL, NULL, 'i'),
        (2, 1, 'added', 'badge', 'Display', 'A badge', 2, '{"owner":"ui"}', NULL, 'r'),
        (1, 2, 'changed', 'tile', 'Display', 'The tile', 1, NULL, NULL, 'i');
      """
    try database.psql(script)
    let first = """
      {
        "components": [
          {
            "kind": "tile",
            "category": "Display",
            "description": "A tile",
            "payload": {
              "x": [
                1,
                2
              ]
            }
          },
          {
            "kind": "badge",
            "category": "Display",
            "description": "A badge",
            "payload": {},
            "owner": "ui"
          }
        ]
      }

      """
    let second = first.replacingOccurrences(of: "\"A tile\"", with: "\"The tile\"")
    // The first command to open it, a reader here, upgrades it.
    #expect(
      try directory.runCatalog(["export", "--at", "1"], expect: 0, database: database.url).stdout
        == first)
    #expect(
      try database.psql("SELECT name FROM schema_migration ORDER BY name")
        == "0001_initial\n0002_policies\n0002_tag_history\n0003_document_frame\n"
        + "0004_no_component_table\n0005_payload_hash_table\n0006_kind_version_table\n"
        + "0007_revision_digest\n0008_tag_events\n0009_app_contract\n0010_payload_digest\n0011_contract_index\n"
    )
    #expect(
      try directory.runCatalog(["export"], expect: 0, database: database.url).stdout == second)
    try directory.runCatalog(["doctor"], expect: 0, database: database.url)
    try directory.write("schema.json", Self.withSchema(Array(second.utf8)))
    #expect(
      try directory.runCatalog(["import", "schema.json"], expect: 0, database: database.url).stdout
        == "revision 3: 0 added, 0 changed, 0 removed, document frame changed\n")
    #expect(
      try directory.runCatalog(["export"], expect: 0, database: database.url).stdout
        == Self.withSchema(Array(second.utf8)))
  }
}

import Foundation
import TestSupport
import Testing

/// Migrations 0004 (no `component` table) and 0005 (`payload_hash`) on catalogs written by
/// the binary of schema 0001–0003 (main at c8d4210): every revision exports the bytes that
/// binary exported, `log` and the tags read as it printed them, and writes after the
/// upgrade continue the old components' ids. The fixture and its exports are made by
/// Tests/Fixtures/schema-migration/make-fixture.sh.
@Suite("component table migration")
struct ComponentTableMigrationTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The fixture's revisions.
  static let revisions = 1...8

  /// What the fixture's head (revision 8) becomes with `badge` back (it was added in
  /// revision 5 and removed in 7) and a kind never seen before.
  static let headWithTwoMore: String = {
    let head = (try? Fixtures.bytes("schema-migration/revision-8.json")) ?? []
    return String(decoding: head, as: UTF8.self).replacingOccurrences(
      of: "    }\n  ]\n}\n",
      with: """
            },
            {
              "kind": "badge",
              "category": "Display",
              "description": "A small count",
              "payload": {
                "max": 99
              }
            },
            {
              "kind": "toast",
              "category": "Feedback",
              "description": "A short message",
              "payload": {
                "seconds": 4
              }
            }
          ]
        }

        """)
  }()

  /// The schema objects of a SQLite file, in name order: type, name and SQL text.
  static func schema(of path: String) throws -> String? {
    try RawSQLite(path: path).text(
      """
      SELECT group_concat(type || ' ' || name || ': ' || coalesce(sql, ''), char(10))
      FROM (SELECT * FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            AND name <> 'schema_migration' ORDER BY type, name)
      """)
  }

  @Test func theOldSchemaFixtureUpgradesInPlace() throws {
    let path = directory.path("fixture.sqlite")
    try FileManager.default.copyItem(
      atPath: Fixtures.url("schema-migration/fixture.sqlite").path, toPath: path)
    do {
      let old = try RawSQLite(path: path)
      #expect(
        try old.text("SELECT group_concat(name, ' ') FROM schema_migration")
          == "0001_initial 0002_policies 0002_tag_history 0003_document_frame")
      #expect(try old.text("SELECT count(*) FROM component") == "7")
      // What the table held is in entry_version: a component's first revision is its least.
      #expect(
        try old.text(
          """
          SELECT count(*) FROM component AS c
          WHERE c.revision_id = (SELECT min(revision_id) FROM entry_version
                                 WHERE component_id = c.id)
          """) == "7")
    }
    // The first command to open it, a reader here, upgrades it.
    for revision in Self.revisions {
      #expect(
        try directory.runCatalog(["export", "--at", "\(revision)"], expect: 0, database: path)
          .stdoutBytes == Fixtures.bytes("schema-migration/revision-\(revision).json"),
        "revision \(revision)")
    }
    #expect(
      try directory.runCatalog(["log"], expect: 0, database: path).stdoutBytes
        == Fixtures.bytes("schema-migration/log.txt"))
    #expect(
      try directory.runCatalog(["tag", "--list"], expect: 0, database: path).stdoutBytes
        == Fixtures.bytes("schema-migration/tags.txt"))
    try directory.expectHealthy("fixture.sqlite")
    let upgraded = try RawSQLite(path: path)
    #expect(
      try upgraded.text("SELECT group_concat(name, ' ') FROM schema_migration")
        == "0001_initial 0002_policies 0002_tag_history 0003_document_frame "
        + "0004_no_component_table 0005_payload_hash_table 0006_kind_version_table "
        + "0007_revision_digest 0008_tag_events 0009_app_contract 0010_payload_digest 0011_contract_index"
    )
    #expect(try upgraded.text("SELECT count(*) FROM sqlite_schema WHERE name = 'component'") == "0")
    #expect(try upgraded.text("SELECT count(*) FROM entry_version") == "18")

    // The upgraded schema is the one a new catalog gets, to the byte.
    try directory.write("head.json", Self.headWithTwoMore)
    try directory.runCatalog(
      ["import", "head.json"], expect: 0, database: directory.path("new.sqlite"))
    #expect(try Self.schema(of: path) == Self.schema(of: directory.path("new.sqlite")))
    // A new catalog has 16 KiB pages; an upgraded one keeps the pages it was made with.
    #expect(try RawSQLite(path: directory.path("new.sqlite")).text("PRAGMA page_size") == "16384")
    #expect(try upgraded.text("PRAGMA page_size") == "4096")

    // Writes after the upgrade: badge comes back as the component it was (7), and a new
    // kind gets the id after the largest (8).
    #expect(
      try directory.runCatalog(["import", "head.json"], expect: 0, database: path).stdout
        == "revision 9: 2 added, 0 changed, 0 removed\n")
    #expect(
      try upgraded.text(
        """
        SELECT group_concat(kind || ' ' || component_id || '@' || revision_id || ' ' || change, ', ')
        FROM (SELECT * FROM entry_version WHERE kind IN ('badge', 'toast')
              ORDER BY component_id, revision_id)
        """) == "badge 7@5 added, badge 7@7 removed, badge 7@9 added, toast 8@9 added")
    #expect(
      try directory.runCatalog(["export"], expect: 0, database: path).stdout
        == Self.headWithTwoMore)
    #expect(
      try directory.runCatalog(["export", "--at", "8"], expect: 0, database: path).stdoutBytes
        == Fixtures.bytes("schema-migration/revision-8.json"))
    #expect(
      try directory.runCatalog(["log", "badge", "--oneline"], expect: 0, database: path).stdout
        .split(separator: "\n").count == 3)
    try directory.expectHealthy("fixture.sqlite")
  }

  /// The same history written on PostgreSQL by the binary of schema 0001–0003: the schema
  /// applied from the migration files as that binary's migrator applied them, then the rows
  /// it wrote (pg_dump's INSERTs, Tests/Fixtures/schema-migration/postgresql-rows.sql).
  @Test func aPostgreSQLCatalogOfTheOldSchemaUpgrades() throws {
    let database = try PostgreSQLTestDatabase()
    var script = try OldPostgreSQLSchema.script([
      "0001_initial", "0002_policies", "0002_tag_history", "0003_document_frame",
    ])
    script += try String(
      contentsOf: Fixtures.url("schema-migration/postgresql-rows.sql"), encoding: .utf8)
    try database.psql(script)
    #expect(try database.psql("SELECT count(*) FROM component") == "7\n")
    // The first command to open it, a reader here, upgrades it.
    for revision in Self.revisions {
      #expect(
        try directory.runCatalog(
          ["export", "--at", "\(revision)"], expect: 0, database: database.url
        ).stdoutBytes == Fixtures.bytes("schema-migration/revision-\(revision).json"),
        "revision \(revision)")
    }
    #expect(
      try database.psql("SELECT name FROM schema_migration ORDER BY name")
        == "0001_initial\n0002_policies\n0002_tag_history\n0003_document_frame\n"
        + "0004_no_component_table\n0005_payload_hash_table\n0006_kind_version_table\n"
        + "0007_revision_digest\n0008_tag_events\n0009_app_contract\n0010_payload_digest\n0011_contract_index\n"
    )
    #expect(try database.psql("SELECT to_regclass('component') IS NULL") == "t\n")
    #expect(
      try directory.runCatalog(["tag", "--list"], expect: 0, database: database.url).stdout
        .split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
        == ["v1.0 revision 4", "v3.0 revision 8"])
    try directory.expectHealthy(database.url)
    try directory.write("head.json", Self.headWithTwoMore)
    #expect(
      try directory.runCatalog(["import", "head.json"], expect: 0, database: database.url).stdout
        == "revision 9: 2 added, 0 changed, 0 removed\n")
    #expect(
      try database.psql(
        """
        SELECT string_agg(kind || ' ' || component_id || '@' || revision_id || ' ' || change, ', '
                          ORDER BY component_id, revision_id)
        FROM entry_version WHERE kind IN ('badge', 'toast')
        """) == "badge 7@5 added, badge 7@7 removed, badge 7@9 added, toast 8@9 added\n")
    #expect(
      try directory.runCatalog(["export"], expect: 0, database: database.url).stdout
        == Self.headWithTwoMore)
    try directory.expectHealthy(database.url)
  }
}

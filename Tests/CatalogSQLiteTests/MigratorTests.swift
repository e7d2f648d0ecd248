import CSQLite
import Foundation
import Migrations
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

@Suite("Migrator")
struct MigratorTests {
  static let catalogTables = [
    "contract_event", "contract_event_index", "contract_index", "document_frame", "entry_version",
    "kind_version", "payload",
    "payload_digest", "payload_hash", "policy_change", "revision", "revision_digest",
    "schema_migration", "tag",
    "tag_event", "tag_event_digest", "tag_move",
    "waived_change", "waiver",
  ]

  /// The names of the embedded migrations, in order.
  static let embedded = EmbeddedMigrations.sqlite.map(\.name)

  /// The embedded schema followed by one more migration.
  static func migrator(adding name: String, sql: String) -> Migrator {
    Migrator(migrations: EmbeddedMigrations.sqlite + [(name: name, sql: sql)])
  }

  @Test func embedsTheInitialMigration() {
    #expect(Migrator().migrations.map(\.name).first == "0000_initial")
    #expect(Migrator().migrations.first?.sql.contains("CREATE TABLE revision") == true)
  }

  @Test func migratesAFreshDatabaseAndThenDoesNothing() throws {
    try withTemporaryDatabasePath { path in
      do {
        let db = try Database(path: path, mode: .readWrite(create: true))
        #expect(try Migrator().pendingMigrations(in: db) == Self.embedded)
        #expect(try Migrator().migrate(db) == Self.embedded)
        #expect(try tableNames(db) == Self.catalogTables)
        #expect(try db.scalar(sql: "PRAGMA application_id") == Int64(0x4341_5447))
        let appliedAtValue: String? = try db.scalar(
          sql: "SELECT applied_at FROM schema_migration WHERE name = '0000_initial'")
        let appliedAt = try #require(appliedAtValue)
        // UTC, ISO-8601 with milliseconds, like 2026-11-29T14:03:00.123Z.
        let timestamp = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/
        #expect(appliedAt.wholeMatch(of: timestamp) != nil)
        #expect(try Migrator().pendingMigrations(in: db) == [])
      }
      let before = try #require(fileBytes(path))
      do {
        let db = try Database(path: path, mode: .readWrite(create: false))
        #expect(try Migrator().migrate(db) == [])
        #expect(db.totalChanges == 0)
      }
      #expect(fileBytes(path) == before)
    }
  }

  @Test func appliesOnlyTheMigrationsThatArePending() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try Migrator().migrate(db)
      let next = Self.migrator(adding: "9000_notes", sql: "CREATE TABLE note(text TEXT);")
      #expect(try next.pendingMigrations(in: db) == ["9000_notes"])
      #expect(try next.migrate(db) == ["9000_notes"])
      #expect(try tableNames(db).contains("note"))
      #expect(
        try db.scalar(
          sql: "SELECT group_concat(name) FROM (SELECT name FROM schema_migration ORDER BY name)")
          == (Self.embedded + ["9000_notes"]).joined(separator: ","))
    }
  }

  @Test func upToDateCatalogOpensReadOnlyUnchanged() throws {
    try withTemporaryDatabasePath { path in
      do {
        let db = try Database(path: path, mode: .readWrite(create: true))
        try Migrator().migrate(db)
        try db.enableWAL()
      }
      let before = try #require(fileBytes(path))
      do {
        let db = try Database(path: path, mode: .readOnly)
        #expect(try Migrator().pendingMigrations(in: db) == [])
        #expect(try Migrator().migrate(db) == [])
      }
      #expect(fileBytes(path) == before)
    }
  }

  @Test func outdatedCatalogCannotMigrateReadOnly() throws {
    try withTemporaryDatabasePath { path in
      try makeDatabaseFile(at: path, script: "")
      let db = try Database(path: path, mode: .readOnly)
      #expect(try Migrator().pendingMigrations(in: db) == Self.embedded)
      let error = try requireError(DatabaseError.self) { try Migrator().migrate(db) }
      #expect(error.isReadOnly)
    }
  }

  @Test func refusesASchemaNewerThanThisBinary() throws {
    try withTemporaryDatabasePath { path in
      do {
        let db = try Database(path: path, mode: .readWrite(create: true))
        try Self.migrator(adding: "9000_future", sql: "CREATE TABLE future(x);").migrate(db)
      }
      let before = try #require(fileBytes(path))
      let db = try Database(path: path, mode: .readWrite(create: false))
      let expected = MigrationError.schemaIsNewer(unknownMigrations: ["9000_future"])
      let pendingError = try requireError(MigrationError.self) {
        try Migrator().pendingMigrations(in: db)
      }
      #expect(pendingError == expected)
      let migrateError = try requireError(MigrationError.self) { try Migrator().migrate(db) }
      #expect(migrateError == expected)
      #expect(
        expected.description
          == "the catalog's schema is newer than this catalog binary (it has migration "
          + "9000_future, which this binary does not know); upgrade catalog")
      #expect(fileBytes(path) == before)
    }
  }

  @Test func refusesADatabaseOfSomethingElseWithoutTouchingIt() throws {
    try withTemporaryDatabasePath { path in
      try makeDatabaseFile(
        at: path, script: "CREATE TABLE notes(text); INSERT INTO notes VALUES ('x');")
      let before = try #require(fileBytes(path))
      do {
        let db = try Database(path: path, mode: .readWrite(create: false))
        let error = try requireError(MigrationError.self) { try Migrator().migrate(db) }
        #expect(error == .notACatalog(path: path, applicationID: 0))
        #expect(
          error.description
            == "\(path) is not a catalog database (it has tables, but neither the catalog "
            + "application id nor a schema_migration table); it was left unchanged")
      }
      #expect(fileBytes(path) == before)
    }
  }

  @Test func refusesAnotherApplicationsDatabaseEvenWhenEmpty() throws {
    try withTemporaryDatabasePath { path in
      try makeDatabaseFile(at: path, script: "PRAGMA application_id = 0x12345678;")
      let before = try #require(fileBytes(path))
      do {
        let db = try Database(path: path, mode: .readWrite(create: false))
        let error = try requireError(MigrationError.self) { try Migrator().migrate(db) }
        #expect(error == .notACatalog(path: path, applicationID: 0x1234_5678))
        #expect(
          error.description
            == "\(path) is not a catalog database (its application id is 0x12345678, not "
            + "0x43415447); it was left unchanged")
      }
      #expect(fileBytes(path) == before)
    }
  }

  @Test func aFileThatIsNotSQLiteThrowsNotADatabase() throws {
    try withTemporaryDatabasePath { path in
      var generator = SystemRandomNumberGenerator()
      let noise = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
      #expect(FileManager.default.createFile(atPath: path, contents: noise))
      let error = try requireError(DatabaseError.self) {
        let db = try Database(path: path, mode: .readWrite(create: false))
        try Migrator().migrate(db)
      }
      #expect(error.isNotADatabase)
      #expect(error.resultCode == SQLITE_NOTADB)
      #expect(error.message == "file is not a database")
      #expect(fileBytes(path) == noise)
    }
  }

  @Test func aFailingMigrationLeavesAnExistingCatalogAsItWas() throws {
    try withTemporaryDatabasePath { path in
      do {
        let db = try Database(path: path, mode: .readWrite(create: true))
        try Migrator().migrate(db)
        try db.execute(
          sql: "INSERT INTO revision VALUES (1, '2026-11-29T14:03:00.123Z', 'ana', 'first', "
            + "'components.json', 'import', 1, 0, 0, 0)")
      }
      let before = try #require(fileBytes(path))
      let bogus = Self.migrator(
        adding: "9000_bogus",
        sql: "CREATE TABLE extra(x);\nINSERT INTO nowhere VALUES (1);\nCREATE TABLE never(x);")
      do {
        let db = try Database(path: path, mode: .readWrite(create: false))
        let error = try requireError(DatabaseError.self) { try bogus.migrate(db) }
        #expect(error.message == "no such table: nowhere")
        #expect(error.sql == "INSERT INTO nowhere VALUES (1);\nCREATE TABLE never(x);")
        #expect(db.isInTransaction == false)
        #expect(try bogus.pendingMigrations(in: db) == ["9000_bogus"])
        #expect(try tableNames(db) == Self.catalogTables)
      }
      #expect(fileBytes(path) == before)
    }
  }

  @Test func aFailingFirstMigrationLeavesAFreshFileEmpty() throws {
    try withTemporaryDatabasePath { path in
      try makeDatabaseFile(at: path, script: "")
      let before = try #require(fileBytes(path))
      let bogus = Migrator(migrations: [
        (name: "0001_bogus", sql: "CREATE TABLE a(x); CREATE TABLE a(y);")
      ])
      do {
        let db = try Database(path: path, mode: .readWrite(create: false))
        let error = try requireError(DatabaseError.self) { try bogus.migrate(db) }
        #expect(error.message == "table a already exists")
        #expect(try tableNames(db) == [])
        #expect(try db.scalar(sql: "PRAGMA application_id") == Int64(0))
      }
      #expect(fileBytes(path) == before)
    }
  }

  @Test func aMigrationThatBreaksAForeignKeyIsRolledBack() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try Migrator().migrate(db)
      let orphan = Self.migrator(
        adding: "0099_orphan",
        sql:
          "PRAGMA defer_foreign_keys = ON; INSERT INTO waiver VALUES (5, '2026-11-30T00:00:00.000Z', 'a', 'r');"
      )
      let error = try requireError(MigrationError.self) { try orphan.migrate(db) }
      #expect(
        error
          == .foreignKeyViolation(
            migration: "0099_orphan", table: "waiver", rowID: 5, parent: "revision"))
      #expect(
        error.description
          == "migration 0099_orphan was rolled back: row 5 of waiver refers to a missing row "
          + "of revision")
      #expect(try db.scalar(sql: "SELECT count(*) FROM waiver") == Int64(0))
      #expect(try orphan.pendingMigrations(in: db) == ["0099_orphan"])
    }
  }

  /// Numbers are unique per engine and give the order; a second step with a number already
  /// taken is a mistake in the list, said with both names.
  @Test func aPlanOrdersByNumberAndRefusesATakenNumberOrABadName() throws {
    let plan = try MigrationPlan([
      (name: "0002_c", sql: "C"), (name: "0000_a", sql: "A"), (name: "0001_b", sql: "B"),
    ])
    #expect(plan.steps.map(\.name) == ["0000_a", "0001_b", "0002_c"])
    #expect(plan.steps.map(\.number) == [0, 1, 2])
    let taken = try requireError(MigrationPlanError.self) {
      try MigrationPlan([(name: "0007_old", sql: ""), (name: "0007_new", sql: "")])
    }
    #expect(taken == .duplicateNumber("0007_new", "0007_old"))
    #expect(
      taken.description
        == "migrations 0007_new and 0007_old have the same number; numbers are unique per "
        + "engine: give the newer one the next free number")
    for bad in ["7_short", "0007", "0007-dash", "abcd_x", "0007_"] {
      let error = try requireError(MigrationPlanError.self) {
        try MigrationPlan([(name: bad, sql: "")])
      }
      #expect(error == .badName(bad))
    }
  }

  /// Every embedded migration of both engines has a number of its own.
  @Test(arguments: ["sqlite", "postgresql"])
  func theEmbeddedMigrationsAreAPlan(engine: String) throws {
    let plan = try MigrationPlan(EmbeddedMigrations.migrations(engine: engine))
    #expect(Set(plan.steps.map(\.number)).count == plan.steps.count)
    #expect(plan.steps.first?.name == "0000_initial")
  }

  /// A catalog made by the binaries that numbered two migrations 0002 recorded
  /// `0001_initial` and `0002_policies`: it is read as having the renumbered steps, nothing
  /// runs twice, and what it recorded stays as it was.
  @Test func aCatalogRecordedUnderTheFormerNamesUpgradesWithoutRunningAStepTwice() throws {
    let steps = try MigrationPlan(EmbeddedMigrations.sqlite).steps
    let former = steps.map { MigrationPlan.formerNames[$0.name] ?? $0.name }
    #expect(former.prefix(3) == ["0001_initial", "0002_policies", "0002_tag_history"])
    try withTemporaryDatabasePath { path in
      do {
        // As the earlier binary left it: every step but the last, under the names it recorded.
        let raw = try RawSQLite(path: path, mode: .create)
        try raw.execute(
          "PRAGMA application_id = \(Migrator.applicationID); "
            + "CREATE TABLE schema_migration (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL);")
        for (step, name) in zip(steps, former).dropLast() {
          try raw.execute(step.sql)
          try raw.execute(
            "INSERT INTO schema_migration VALUES (?, '2026-11-30T00:00:00.000Z')", [name])
        }
      }
      let db = try Database(path: path, mode: .readWrite(create: false))
      #expect(try Migrator().pendingMigrations(in: db) == [steps.last?.name ?? ""])
      #expect(try Migrator().migrate(db) == [steps.last?.name ?? ""])
      #expect(try Migrator().pendingMigrations(in: db) == [])
      let recorded = try db.makeStatement(
        sql: "SELECT group_concat(name, ' ') FROM (SELECT name FROM schema_migration ORDER BY name)"
      )
      #expect(try recorded.step())
      #expect(
        recorded.string(at: 0)
          == (former.dropLast() + [steps.last?.name ?? ""]).joined(separator: " "))
    }
  }

  @Test func aMigrationListWithADuplicateNameIsRefused() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let twice = Migrator(migrations: [
        (name: "0001_a", sql: "CREATE TABLE a(x);"),
        (name: "0001_a", sql: "CREATE TABLE b(x);"),
      ])
      let error = try requireError(MigrationError.self) { try twice.migrate(db) }
      #expect(error == .invalidPlan(.duplicateNumber("0001_a", "0001_a")))
      #expect(try tableNames(db) == [])
    }
  }

  @Test(arguments: [
    ("UPDATE revision SET author = 'eve'", "revision rows cannot change"),
    ("DELETE FROM revision", "revision rows cannot be deleted"),
    ("UPDATE payload SET json = '{}'", "payloads cannot change"),
    ("DELETE FROM payload", "payloads cannot be deleted"),
    ("UPDATE entry_version SET description = 'x'", "entry versions cannot change"),
    ("DELETE FROM entry_version", "entry versions cannot be deleted"),
    ("UPDATE document_frame SET members_after = '{}'", "document frames cannot change"),
    ("DELETE FROM document_frame", "document frames cannot be deleted"),
  ])
  func historyTablesAreAppendOnly(sql: String, refusal: String) throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try Migrator().migrate(db)
      try db.execute(
        script: """
          INSERT INTO revision VALUES
            (1, '2026-11-29T14:03:00.123Z', 'ana', 'first', 'components.json', 'import', 1, 0, 0, 0);
          INSERT INTO payload VALUES (1, 42, '{"title":"Hi"}');
          INSERT INTO entry_version VALUES
            (1, 1, 'added', 'Button', 'controls', 'A button', 1, NULL, NULL, 'a0');
          INSERT INTO document_frame VALUES (1, 'object', '{}', '{"version":3}');
          """
      )
      let error = try requireError(DatabaseError.self) { try db.execute(sql: sql) }
      #expect(error.isConstraint)
      #expect(error.extendedResultCode == 1811)  // SQLITE_CONSTRAINT_TRIGGER
      #expect(error.message == "history is append-only: \(refusal)")
      #expect(error.sql == sql)
      #expect(try db.scalar(sql: "SELECT author FROM revision") == "ana")
      #expect(try db.scalar(sql: "SELECT count(*) FROM entry_version") == Int64(1))
      #expect(try db.scalar(sql: "SELECT json FROM payload") == #"{"title":"Hi"}"#)
      #expect(try db.scalar(sql: "SELECT members_after FROM document_frame") == #"{"version":3}"#)
    }
  }
}

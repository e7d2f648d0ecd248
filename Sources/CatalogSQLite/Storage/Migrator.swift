import CatalogStorage
import Migrations

/// Brings a database's schema up to date with the migrations this binary carries.
///
/// Migrations are applied in the order of their numbers (``MigrationPlan``, shared with the
/// PostgreSQL engine), each in its own `BEGIN IMMEDIATE` transaction
/// together with its completion (the work it needs that SQL cannot do, such as the payloads'
/// SHA-256 digests of 0010) and its row in `schema_migration`; `PRAGMA foreign_key_check` must find nothing
/// before the commit. A migration that fails leaves the database as it was.
///
/// Before writing anything, the migrator makes sure the file is a catalog: a database with
/// tables but neither the catalog application id (`PRAGMA application_id`, "CATG") nor a
/// `schema_migration` table, or with another application's id, is refused unchanged, and so
/// is a catalog with a migration this binary does not know.
///
///     let db = try Database(path: path, mode: .readWrite(create: true))
///     try Migrator().migrate(db)
struct Migrator: Sendable {
  /// `PRAGMA application_id` of a catalog: "CATG" in ASCII
  /// (https://sqlite.org/pragma.html#pragma_application_id).
  static let applicationID: Int32 = 0x4341_5447

  /// The plan of `migrations`, or why they are not one (thrown by every call that needs it).
  private let plan: Result<MigrationPlan, MigrationPlanError>

  /// The migrations, in the order they are applied (none when the list is not a plan).
  var migrations: [MigrationPlan.Step] { (try? plan.get())?.steps ?? [] }

  /// Creates a migrator for `migrations`, by default the schema embedded in this binary.
  ///
  /// - Parameter migrations: Migrations in any order; they are applied in number order.
  init(migrations: [(name: String, sql: String)] = EmbeddedMigrations.sqlite) {
    plan = Result { () throws(MigrationPlanError) in try MigrationPlan(migrations) }
  }

  /// The names of the migrations `db` has not had yet, in the order ``migrate(_:)`` would apply
  /// them. Reads only, so it works on a read-only connection.
  ///
  /// - Throws: ``MigrationError`` when `db` is not a catalog or is newer than this binary;
  ///   ``DatabaseError`` (`isNotADatabase` for a file that is not SQLite) when reading fails.
  func pendingMigrations(in db: Database) throws -> [String] {
    try pending(in: db).map(\.name)
  }

  /// Applies the pending migrations.
  ///
  /// Writes nothing when the database is up to date, so it also succeeds on a read-only
  /// connection to an up-to-date catalog. Must not be called inside a transaction.
  ///
  /// - Parameter db: A connection, read-write unless the catalog is up to date.
  /// - Returns: The names of the migrations applied, in order.
  /// - Throws: ``MigrationError`` when `db` is not a catalog, is newer than this binary, or a
  ///   migration breaks a foreign key; ``DatabaseError`` of a migration's SQL (with that
  ///   statement) or of reading the file. The failing migration is rolled back; the ones
  ///   before it stay applied.
  @discardableResult
  func migrate(_ db: Database) throws -> [String] {
    var applied: [String] = []
    for migration in try pending(in: db) {
      try db.inTransactionDeciding(.immediate) {
        // Look again under the write lock: another process may have migrated meanwhile.
        let state = try inspect(db)
        if !state.pending.contains(migration) { return .rollback }
        let marked = state.applicationID == Self.applicationID
        try apply(migration, to: db, settingApplicationID: !marked)
        applied.append(migration.name)
        return .commit
      }
    }
    return applied
  }

  /// What a database holds, as far as migrating goes.
  private struct State {
    var applicationID: Int32
    /// The steps the database has not had, in order.
    var pending: [MigrationPlan.Step]
  }

  /// Reads the database's marks and refuses a file that is not a catalog or is too new.
  private func inspect(_ db: Database) throws -> State {
    // The first read of the file: a file that is not SQLite fails here with SQLITE_NOTADB.
    let storedID: Int64? = try db.scalar(sql: "PRAGMA application_id")
    let applicationID = Int32(truncatingIfNeeded: storedID ?? 0)
    let recordTable: Int64? = try db.scalar(
      sql: "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migration'")
    let hasRecordTable = recordTable != nil
    // Any table, index, view or trigger, except SQLite's own (sqlite_sequence, sqlite_stat1, …).
    let anyObject: Int64? = try db.scalar(
      sql: "SELECT 1 FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' LIMIT 1")
    let hasObjects = anyObject != nil
    let isForeign = applicationID != 0 && applicationID != Self.applicationID
    let isUnmarked = applicationID == 0 && !hasRecordTable && hasObjects
    if isForeign || isUnmarked {
      throw MigrationError.notACatalog(path: db.path, applicationID: applicationID)
    }
    var recorded: [String] = []
    if hasRecordTable {
      let statement = try db.cachedStatement(sql: "SELECT name FROM schema_migration ORDER BY name")
      defer { statement.reset() }
      while try statement.step() {
        recorded.append(statement.string(at: 0) ?? "")
      }
    }
    let plan: MigrationPlan
    switch self.plan {
    case .success(let valid): plan = valid
    case .failure(let problem): throw MigrationError.invalidPlan(problem)
    }
    do {
      return State(applicationID: applicationID, pending: try plan.pending(recorded: recorded))
    } catch .unknown(let names) {
      throw MigrationError.schemaIsNewer(unknownMigrations: names)
    } catch {
      throw MigrationError.invalidPlan(error)
    }
  }

  /// Runs `migration` and records it; the caller's transaction makes it all or nothing.
  private func apply(
    _ migration: MigrationPlan.Step, to db: Database, settingApplicationID: Bool
  ) throws {
    if settingApplicationID {
      // Part of the transaction: the id lives in the database header, written with the pages.
      try db.execute(script: "PRAGMA application_id = \(Self.applicationID)")
    }
    try db.execute(
      script: """
        CREATE TABLE IF NOT EXISTS schema_migration (
          name       TEXT PRIMARY KEY,
          applied_at TEXT NOT NULL
        )
        """
    )
    try db.execute(script: migration.sql)
    if let completion = migration.completion { try complete(completion, in: db) }
    try db.execute(
      sql: "INSERT INTO schema_migration (name, applied_at) "
        + "VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
      arguments: [.text(migration.name)]
    )
    try checkForeignKeys(in: db, after: migration)
  }

  /// Does what a step needs besides its SQL (``MigrationPlan/Completion``), in its
  /// transaction.
  private func complete(_ completion: MigrationPlan.Completion, in db: Database) throws {
    switch completion {
    case .payloadDigests: try SQLiteContext.storeMissingPayloadDigests(in: db)
    }
  }

  /// Throws for the first row `PRAGMA foreign_key_check` reports
  /// (https://sqlite.org/pragma.html#pragma_foreign_key_check). With foreign keys on, only
  /// deferred violations (`PRAGMA defer_foreign_keys`) or schema changes leave such rows.
  private func checkForeignKeys(in db: Database, after migration: MigrationPlan.Step) throws {
    let statement = try db.makeStatement(sql: "PRAGMA foreign_key_check")
    guard try statement.step() else { return }
    throw MigrationError.foreignKeyViolation(
      migration: migration.name,
      table: statement.string(at: 0) ?? "",
      rowID: statement.isNull(at: 1) ? nil : statement.int64(at: 1),
      parent: statement.string(at: 2) ?? ""
    )
  }

  /// The migrations `db` has not had, read in one transaction so the marks are consistent.
  private func pending(in db: Database) throws -> [MigrationPlan.Step] {
    if case .failure(let problem) = plan { throw MigrationError.invalidPlan(problem) }
    let state =
      db.isInTransaction ? try inspect(db) : try db.inTransaction(.deferred) { try inspect(db) }
    return state.pending
  }
}

import CatalogStorage
import Migrations

/// Brings a PostgreSQL catalog's schema up to date: `Migrations/postgresql/`, applied in the
/// order of the ``MigrationPlan`` and recorded as the SQLite migrator does it.
///
/// Each pending migration runs in its own transaction together with its row in
/// `schema_migration`, holding the writers' lock, so two first writers cannot both apply it
/// (PostgreSQL's DDL is transactional: a failing migration leaves nothing behind). Before
/// writing anything, the migrator makes sure the schema is a catalog's: one with tables but
/// no `schema_migration` table, or whose `schema_migration` lacks the catalog's mark (the
/// table comment `component catalog`), is refused unchanged, and so is a catalog with a
/// migration this binary does not know.
struct PostgreSQLMigrator {
  /// The comment on `schema_migration` that marks a catalog: PostgreSQL's counterpart of
  /// SQLite's `application_id`.
  static let mark = "component catalog"

  /// The plan of `migrations`, or why they are not one (thrown by every call that needs it).
  private let plan: Result<MigrationPlan, MigrationPlanError>

  /// The migrations, in the order they are applied (none when the list is not a plan).
  var migrations: [MigrationPlan.Step] { (try? plan.get())?.steps ?? [] }

  init(migrations: [(name: String, sql: String)] = EmbeddedMigrations.postgresql) {
    plan = Result { () throws(MigrationPlanError) in try MigrationPlan(migrations) }
  }

  /// The names of the migrations the database has not had, read in one snapshot.
  ///
  /// - Throws: ``CatalogError/database(_:)`` (`.notACatalog`, `.schemaNewer`).
  func pendingMigrations(in connection: Connection) throws -> [String] {
    try connection.inTransaction(.readSnapshot) { try inspect(connection) }.map(\.name)
  }

  /// Applies the pending migrations; writes nothing when there are none.
  ///
  /// - Returns: The names applied, in order.
  @discardableResult
  func migrate(_ connection: Connection, lockKey: Int64) throws -> [String] {
    var applied: [String] = []
    let pending = try connection.inTransaction(.readSnapshot) { try inspect(connection) }
    for migration in pending {
      try connection.inTransactionDeciding(.write) {
        try Self.lockWriters(connection, creatorsKey: lockKey)
        // Look again under the lock: another process may have migrated meanwhile.
        if try !inspect(connection).contains(migration) { return .rollback }
        try apply(migration, in: connection)
        applied.append(migration.name)
        return .commit
      }
    }
    return applied
  }

  /// Takes the writers' lock for the current transaction: `LOCK TABLE tag IN SHARE ROW
  /// EXCLUSIVE MODE`, a mode that conflicts with itself (so writers take turns) and not with
  /// the `ACCESS SHARE` of readers (who never wait), and that PostgreSQL grants only to a role
  /// with `UPDATE`, `DELETE` or `TRUNCATE` on the table
  /// (https://www.postgresql.org/docs/current/sql-lock.html): a role that may only read
  /// cannot take it and so cannot hold up the writers. Writers need `DELETE` on `tag` anyway
  /// (`tag --delete`). Before the catalog's tables exist, its creators take turns on the
  /// advisory lock `creatorsKey`, and then on the table lock if another creator's tables
  /// landed meanwhile (each statement of a `READ COMMITTED` transaction sees the latest
  /// commits).
  static func lockWriters(
    _ connection: Connection, creatorsKey: Int64 = PostgreSQLCatalogStorage.writerLockKey
  ) throws {
    // A plain query of pg_class, read with the statement's own snapshot: to_regclass reads
    // through the catalog cache, which may not yet show a table another creator committed
    // while this one waited for the advisory lock.
    let exists = """
      SELECT count(*) FROM pg_catalog.pg_class
      WHERE relname = 'tag' AND relkind = 'r' AND relnamespace = current_schema()::regnamespace
      """
    if try connection.execute(exists).int64(row: 0, column: 0) == 1 {
      try connection.execute(script: "LOCK TABLE tag IN SHARE ROW EXCLUSIVE MODE")
      return
    }
    _ = try connection.execute("SELECT pg_advisory_xact_lock($1)", [.int(creatorsKey)])
    if try connection.execute(exists).int64(row: 0, column: 0) == 1 {
      try connection.execute(script: "LOCK TABLE tag IN SHARE ROW EXCLUSIVE MODE")
    }
  }

  /// Applies every pending migration inside the caller's write transaction, which holds the
  /// writers' lock: the schema of a new catalog lands with its first write, or not at all.
  func applyPending(inTransactionOf connection: Connection) throws {
    for migration in try inspect(connection) {
      try apply(migration, in: connection)
    }
  }

  /// Runs `migration` and records it, in the current transaction.
  private func apply(_ migration: MigrationPlan.Step, in connection: Connection) throws {
    try connection.execute(
      script: """
        CREATE TABLE IF NOT EXISTS schema_migration (
          name       text PRIMARY KEY,
          applied_at text NOT NULL
        );
        COMMENT ON TABLE schema_migration IS '\(Self.mark)';
        """)
    try connection.execute(script: migration.sql)
    if let completion = migration.completion { try complete(completion, in: connection) }
    _ = try connection.execute(
      """
      INSERT INTO schema_migration (name, applied_at)
      VALUES ($1, to_char(clock_timestamp() AT TIME ZONE 'UTC',
                          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      """, [.text(migration.name)])
  }

  /// Does what a step needs besides its SQL (``MigrationPlan/Completion``), in its
  /// transaction.
  private func complete(_ completion: MigrationPlan.Completion, in connection: Connection) throws {
    switch completion {
    case .payloadDigests: try PostgreSQLContext.storeMissingPayloadDigests(in: connection)
    }
  }

  /// The migrations the database has not had, in order; refuses a schema that is not a
  /// catalog's or is newer than this binary.
  private func inspect(_ connection: Connection) throws -> [MigrationPlan.Step] {
    // Every mark is read from the system catalogs by one query, so from one snapshot:
    // `to_regclass` would look the table up in the latest catalog state, which a read
    // snapshot taken before another process's first migration committed does not show.
    let state = try connection.execute(
      """
      WITH here AS (
        SELECT c.oid, c.relname, c.relkind FROM pg_class AS c
        JOIN pg_namespace AS n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema()
      )
      SELECT EXISTS (SELECT 1 FROM here WHERE relname = 'schema_migration' AND relkind = 'r'),
             (SELECT d.description FROM pg_description AS d JOIN here ON d.objoid = here.oid
              WHERE here.relname = 'schema_migration' AND d.objsubid = 0
                AND d.classoid = 'pg_class'::regclass),
             EXISTS (SELECT 1 FROM here WHERE relkind IN ('r', 'v', 'm', 'p', 'f'))
      """)
    let hasRecordTable = state.string(row: 0, column: 0) == "t"
    let mark = state.string(row: 0, column: 1)
    let hasTables = state.string(row: 0, column: 2) == "t"
    if (hasRecordTable && mark != Self.mark) || (!hasRecordTable && hasTables) {
      throw CatalogError.database(DatabaseProblem(.notACatalog))
    }
    let plan: MigrationPlan
    switch self.plan {
    case .success(let valid): plan = valid
    case .failure(let problem):
      // The plan is this build's own migrations: a defect of the build, not of the catalog.
      throw CatalogError.internalError("\(problem)")
    }
    var recorded: [String] = []
    if hasRecordTable {
      let rows = try connection.execute("SELECT name FROM schema_migration ORDER BY name")
      recorded = (0..<rows.rowCount).compactMap { rows.string(row: $0, column: 0) }
    }
    do {
      return try plan.pending(recorded: recorded)
    } catch .unknown(let names) {
      throw CatalogError.database(DatabaseProblem(.schemaNewer, migrations: names))
    } catch {
      throw CatalogError.database(DatabaseProblem(.inconsistent, detail: "\(error)"))
    }
  }
}

import CLibPQ
import CatalogStorage
import Components
import Foundation

/// The catalog on PostgreSQL: one connection, reads in a snapshot, writes one at a time.
///
/// **Reads** run in a `REPEATABLE READ READ ONLY` transaction: every query of one read sees
/// the same snapshot, and such a transaction never fails to serialize.
///
/// **Writes** run in `READ COMMITTED` and take a transaction-scoped advisory lock
/// (`pg_advisory_xact_lock`) as their first statement, so writers queue on the server, from
/// any machine, and each sees the commits of those before it: no lost update, and no
/// serialization failure to retry, because no write reads a snapshot older than the lock.
/// The lock is released by the commit or rollback, also when the client dies (the server
/// ends its session). Readers never wait for it. An advisory lock needs no privilege, so a
/// role that may only read reaches its first INSERT and is refused there (`42501`), with
/// nothing written. The wait is bounded by `lock_timeout`, set to the busy timeout.
///
/// A write's new rows go to the server with `COPY … FROM STDIN` (see
/// ``PostgreSQLContext``), and its commit sends a notification on the channel
/// `catalog_changes`, which ``externalChangeCounter()`` counts.
final class PostgreSQLCatalogStorage: CatalogStorage {
  /// The advisory lock that serializes the creators of a catalog before its tables exist:
  /// "CATGWRIT" in ASCII. Once they exist, writers take ``PostgreSQLMigrator/lockWriters(_:)``'s
  /// table lock instead, which a role that may only read cannot take.
  static let writerLockKey: Int64 = 0x4341_5447_5752_4954
  /// The channel commits notify.
  static let channel = "catalog_changes"

  let connection: Connection
  let location: CatalogLocation
  let busyTimeout: Double
  private var listening = false
  private var changes: Int64 = 0
  /// A database with no catalog yet, opened for writing: its schema is created inside the
  /// first write's transaction, so that a write that fails (or a dry run) leaves the database
  /// as it was, as a failed first write leaves no SQLite file. Reads until then see the
  /// schema in a transaction that is rolled back.
  private var schemaPending = false

  init(connection text: String, location: CatalogLocation, options: CatalogOptions) throws {
    self.location = location
    self.busyTimeout = options.busyTimeout
    do {
      connection = try Connection(ConnectionString(text))
      try Self.raiseWorkMemory(connection)
      let migrator = PostgreSQLMigrator()
      let pending = try migrator.pendingMigrations(in: connection)
      if (options.readOnly || !options.create) && pending.count == migrator.migrations.count {
        throw CatalogError.noCatalog(location: ConnectionString.redacted(location), .missing)
      }
      if options.readOnly {
        if !pending.isEmpty {
          // A catalog made by an older `catalog` is upgraded by its first reader too (each
          // migration in its own transaction, behind the writers' lock), so that `export`
          // works right after an upgrade of the tool; a role that may not change the schema
          // is told how to upgrade it.
          do {
            _ = try migrator.migrate(connection, lockKey: Self.writerLockKey)
          } catch {
            throw CatalogError.database(
              DatabaseProblem(
                .schemaOlder, path: ConnectionString.redacted(location), migrations: pending))
          }
        }
      } else if pending.count == migrator.migrations.count {
        schemaPending = true
      } else if !pending.isEmpty {
        try migrator.migrate(connection, lockKey: Self.writerLockKey)
      }
    } catch {
      throw Self.translate(
        error, location: location, busyTimeout: options.busyTimeout, writing: !options.readOnly)
    }
  }

  func read<T>(_ body: (any CatalogReadContext) throws -> T) throws -> T {
    do {
      guard schemaPending else {
        return try connection.inTransaction(.readSnapshot) {
          try body(PostgreSQLContext(storage: self))
        }
      }
      var result: T?
      try connection.inTransactionDeciding(.write) {
        // Behind the writers' lock, so that a first writer's uncommitted schema is not
        // created a second time here.
        try lockWriters()
        try PostgreSQLMigrator().applyPending(inTransactionOf: connection)
        result = try body(PostgreSQLContext(storage: self))
        return .rollback
      }
      guard let result else {
        throw CatalogError.internalError("the read produced no result")
      }
      return result
    } catch {
      throw Self.translate(error, location: location, busyTimeout: busyTimeout)
    }
  }

  /// References are checked at commit (the schema's foreign keys are deferred), so a
  /// write may send its rows in any order.
  func write<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T {
    var result: T?
    var committing = false
    do {
      try connection.inTransactionDeciding(.write) {
        try lockWriters()
        if schemaPending {
          // Under the lock: another process may have created the catalog meanwhile.
          try PostgreSQLMigrator().applyPending(inTransactionOf: connection)
        }
        let context = PostgreSQLContext(storage: self)
        context.tablesAreNew = schemaPending
        // A first import's sender thread never outlives the body, whatever it threw: the
        // commit or rollback that follows needs the connection.
        defer { try? context.endPipeline(sending: false) }
        try context.prepareForWriting()
        switch try body(context) {
        case .commit(let value):
          try context.flush()
          try context.restoreForeignKeys()
          try connection.notify(Self.channel, payload: String(try context.headRevision()))
          result = value
          committing = true
          return .commit
        case .rollback(let value):
          result = value
          return .rollback
        }
      }
    } catch {
      throw Self.translate(error, location: location, busyTimeout: busyTimeout, writing: true)
    }
    // The commit went through (a failed one throws above): the schema landed with it.
    if committing { schemaPending = false }
    guard let result else {
      throw CatalogError.internalError("the write produced no result")
    }
    return result
  }

  /// The memory a sort of this session may take before it spills to disk, when the
  /// server's is less (its default is 4 MB): the whole-catalog reads (an export, the rows a
  /// revision's digest hashes) sort 45 MB for 100,000 entries, and spilled they took about
  /// half as long again.
  static let sortMemory = "64MB"

  private static func raiseWorkMemory(_ connection: Connection) throws {
    _ = try connection.execute(
      """
      SELECT set_config('work_mem', $1, false)
      WHERE pg_size_bytes(current_setting('work_mem')) < pg_size_bytes($1)
      """, [.text(sortMemory)])
  }

  /// Takes the writers' lock for the current transaction, waiting at most the busy timeout.
  private func lockWriters() throws {
    // lock_timeout 0 would mean "wait forever": at least one millisecond.
    let seconds = CatalogOptions.clampedBusyTimeout(busyTimeout)
    let milliseconds = max(1, Int64((seconds * 1000).rounded()))
    _ = try connection.execute(
      "SELECT set_config('lock_timeout', $1, true)", [.text("\(milliseconds)ms")])
    try PostgreSQLMigrator.lockWriters(connection)
  }

  /// The number of commits by other connections since the first call: notifications on
  /// ``channel``, which this connection starts listening to on that first call.
  func externalChangeCounter() throws -> Int64 {
    do {
      if !listening {
        try connection.listen(Self.channel)
        listening = true
      }
      let own = connection.backendProcessID
      changes += Int64(
        try connection.pendingNotifications().filter { $0.senderProcessID != own }.count)
      return changes
    } catch {
      throw Self.translate(error, location: location, busyTimeout: busyTimeout)
    }
  }

  /// Turns engine errors into ``CatalogError`` facts; other errors pass through.
  ///
  /// - A failure to connect, or a connection lost mid-statement, is
  ///   ``CatalogError/unavailable(location:reason:)``: the server is down, the database or
  ///   role does not exist, authentication failed. A write it interrupts was not committed:
  ///   PostgreSQL rolls back a transaction whose client goes away.
  /// - `42501` (insufficient privilege) is `DatabaseProblem.Code.permissionDenied` in a write,
  ///   `.readPermissionDenied` in a read.
  /// - `55P03` (lock not available: the busy timeout ran out) is `.busy`.
  /// - A constraint or a misused statement is a bug in this code and stays an internal error,
  ///   with the server's words for the bug report.
  static func translate(
    _ error: any Error, location: CatalogLocation, busyTimeout: Double, writing: Bool = false
  )
    -> any Error
  {
    let path = ConnectionString.redacted(location)
    switch error {
    case let error as PostgreSQLError where error.isUnavailable:
      let reason =
        error.kind == .connection
        ? "cannot connect to the PostgreSQL server: \(error.message)"
        : "the connection to the PostgreSQL server was lost (\(error.message)); "
          + "nothing was written by the command that was running"
      return CatalogError.unavailable(location: path, reason: redact(reason, location))
    case let error as PostgreSQLError where error.isPermissionDenied:
      return CatalogError.database(
        DatabaseProblem(
          writing ? .permissionDenied : .readPermissionDenied, path: path, detail: error.message))
    case let error as PostgreSQLError where error.sqlState == SQLState.lockNotAvailable:
      return CatalogError.database(DatabaseProblem(.busy, path: path, busyTimeout: busyTimeout))
    case let error as PostgreSQLError where error.sqlState == SQLState.diskFull:
      return CatalogError.database(DatabaseProblem(.diskFull, path: path))
    case let error as PostgreSQLError
    where error.kind == .misuse
      || error.sqlState?.hasPrefix(SQLState.Class.integrityConstraintViolation) == true
      || error.isRaisedException:
      return error
    case let error as PostgreSQLError:
      return CatalogError.database(
        DatabaseProblem(
          .ioFailure, path: path,
          detail: "PostgreSQL error \(error.sqlState ?? "?"): \(error.message)"))
    case CatalogError.database(var problem) where problem.path.isEmpty:
      problem.path = path
      return CatalogError.database(problem)
    default:
      return error
    }
  }

  /// `text` without the location's password, should libpq ever quote it.
  private static func redact(_ text: String, _ location: CatalogLocation) -> String {
    guard case .postgresql(let connection) = location else { return text }
    guard let parsed = try? ConnectionString(connection) else {
      return text.replacingOccurrences(of: connection, with: location.description)
    }
    return parsed.scrubbed(text)
  }
}

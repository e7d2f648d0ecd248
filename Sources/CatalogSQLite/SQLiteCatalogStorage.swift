import CatalogStorage
import Components
import Foundation

/// The catalog on SQLite: one connection, WAL journal, foreign keys on, a busy timeout, and
/// every statement prepared once with bound parameters.
///
/// The SQL of the SQLite catalog lives in this module: here, in `SQLiteContext` and its
/// extensions, and the schema in `Migrations/sqlite/`.
final class SQLiteCatalogStorage: CatalogStorage {
  let database: Database
  let path: String
  let busyTimeout: Double

  init(path: String, options: CatalogOptions) throws {
    self.path = path
    self.busyTimeout = options.busyTimeout
    do {
      if options.readOnly || !options.create {
        guard FileManager.default.fileExists(atPath: path) else {
          throw CatalogError.unreadable(
            path: path, reason: "no catalog database here; 'catalog import FILE' creates one")
        }
      }
      database = try Database(
        path: path, mode: options.readOnly ? .readOnly : .readWrite(create: options.create),
        busyTimeout: options.busyTimeout)
      let migrator = Migrator()
      if options.readOnly {
        let pending = try migrator.pendingMigrations(in: database)
        if pending.count == migrator.migrations.count {
          // An empty file, or one that a first writer is still setting up: no catalog yet.
          throw CatalogError.unreadable(
            path: path, reason: "no catalog database here; 'catalog import FILE' creates one")
        }
        if !pending.isEmpty {
          throw CatalogError.database(
            "\(path): the catalog's schema is older than this binary (it lacks \(pending.joined(separator: ", "))); "
              + "run any writing command (such as 'catalog tag') to upgrade it")
        }
      } else {
        try migrator.migrate(database)
        _ = try database.enableWAL()
      }
      try database.execute(script: Self.tuning)
    } catch {
      throw Self.translate(error, path: path, busyTimeout: options.busyTimeout)
    }
  }

  /// Per-connection settings for speed at catalog scale (https://sqlite.org/pragma.html).
  ///
  /// - `cache_size = -8192`: 8 MiB of page cache (the default is 2 MiB). An import of
  ///   100,000 entries inserts into two indexes in random order; 8 MiB holds both, and keeps
  ///   the import's peak memory under the size of the file it reads.
  /// - `synchronous = NORMAL`: in WAL mode a commit no longer waits for the disk; the WAL is
  ///   synced at each checkpoint. A commit is still atomic and survives a crash of the
  ///   process; only a power loss or OS crash can lose the last commits, never corrupt the
  ///   file (https://sqlite.org/pragma.html#pragma_synchronous, https://sqlite.org/wal.html).
  /// - `temp_store = MEMORY`: statement journals (which a multi-row INSERT inside a
  ///   transaction keeps, to undo itself alone if it fails) stay in memory instead of a
  ///   temporary file, which took hundreds of thousands of small writes per import.
  static let tuning = """
    PRAGMA cache_size = -8192;
    PRAGMA synchronous = NORMAL;
    PRAGMA temp_store = MEMORY;
    """

  func read<T>(_ body: (any CatalogReadContext) throws -> T) throws -> T {
    do {
      return try database.inTransaction(.deferred) {
        try body(SQLiteContext(storage: self))
      }
    } catch {
      throw Self.translate(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// A write, its foreign keys checked before commit: see ``write(checkingForeignKeys:_:)``.
  func write<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T {
    try write(checkingForeignKeys: .beforeCommit, body)
  }

  /// ``write(_:)`` choosing when SQLite checks foreign keys: row by row as it inserts, or
  /// once before the commit for the rows the write added (``ForeignKeyChecking``), which
  /// every catalog write uses: checking row by row cost a good part of a whole-catalog
  /// insert.
  func write<T>(
    checkingForeignKeys checking: ForeignKeyChecking,
    _ body: (any CatalogWriteContext) throws -> WriteDecision<T>
  ) throws -> T {
    var result: T?
    do {
      // SQLite's enforcement can be switched only outside a transaction
      // (https://sqlite.org/foreignkeys.html#fk_enable); it is back on when the write ends.
      if checking == .beforeCommit { try database.execute(script: "PRAGMA foreign_keys = OFF") }
      defer {
        if checking == .beforeCommit { try? database.execute(script: "PRAGMA foreign_keys = ON") }
      }
      try database.inTransactionDeciding(.immediate) {
        let context = SQLiteContext(storage: self)
        context.payloadTableWasEmpty =
          try database.scalar(sql: "SELECT NOT EXISTS (SELECT 1 FROM payload)") == 1
        let before = checking == .beforeCommit ? try context.newRowBounds() : nil
        defer { context.restoreChecks() }
        switch try body(context) {
        case .commit(let value):
          try context.flushPendingPayloads()
          try context.flushPendingVersions()
          if let before { try context.checkForeignKeys(ofRowsAfter: before) }
          result = value
          return .commit
        case .rollback(let value):
          result = value
          return .rollback
        }
      }
    } catch {
      throw Self.translate(error, path: path, busyTimeout: busyTimeout)
    }
    guard let result else { throw CatalogError.database("\(path): the write produced no result") }
    return result
  }

  func externalChangeCounter() throws -> Int64 {
    do {
      return try database.dataVersion()
    } catch {
      throw Self.translate(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// Turns engine errors into ``CatalogError`` sentences; other errors pass through.
  static func translate(_ error: any Error, path: String, busyTimeout: Double) -> any Error {
    switch error {
    case let error as DatabaseError:
      let reason: String
      if error.isNotADatabase {
        reason =
          "not a catalog database (the file is not SQLite, or is encrypted or damaged); it was left unchanged"
      } else if error.isCorrupt {
        reason =
          "the database is damaged (\(error.message)); 'catalog doctor' reports what is wrong"
      } else if error.isReadOnlyDirectory {
        // WAL mode needs PATH-wal and PATH-shm beside the file, for readers too
        // (https://sqlite.org/wal.html#readonly).
        reason =
          "the catalog's directory cannot be written, and SQLite keeps its -wal and -shm "
          + "files beside the catalog, even to read it; make the directory writable"
      } else if error.isReadOnly {
        reason =
          "the catalog cannot be written (\(error.message)); check the permissions of the file and its directory"
      } else if error.isCantOpen {
        reason =
          "cannot open the catalog database (\(error.message)); check that its directory exists and is writable"
      } else if error.isBusy {
        reason =
          "another writer held the catalog for longer than the busy timeout (\(busyTimeout) s); "
          + "try again or raise --busy-timeout"
      } else {
        reason = error.description
      }
      return CatalogError.database("\(path): \(reason)")
    case let error as MigrationError:
      return CatalogError.database("\(path): \(error.description)")
    default:
      return error
    }
  }
}

/// When a write's references between rows (an entry version's component, revision and
/// payload; a component's revision; a tag's revision) are checked.
enum ForeignKeyChecking: Sendable {
  /// By SQLite, for every row as it is inserted.
  case perRow
  /// Once, for every row the write added, just before it commits; a broken reference
  /// refuses the commit as SQLite would have refused the row
  /// (``SQLiteContext/checkForeignKeys(ofRowsAfter:)``).
  case beforeCommit
}

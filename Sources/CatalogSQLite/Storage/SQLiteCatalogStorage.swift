import CatalogStorage
import Components
import Foundation

/// The catalog on SQLite: one connection, WAL journal, foreign keys on, a busy timeout, and
/// every statement prepared once with bound parameters.
///
/// The SQL of the SQLite catalog lives in this module: here, in `SQLiteContext` and its
/// extensions, and the schema in `Migrations/sqlite/`.
final class SQLiteCatalogStorage: CatalogStorage {
  /// The connection: to the catalog, or to ``pendingFile``'s temporary file until the first
  /// write lands.
  private(set) var database: Database
  let path: String
  let busyTimeout: Double
  /// ``CatalogOptions/clockSkew``: added to this process's clock for the revisions it writes.
  let clockSkew: Double
  /// A catalog that does not exist yet (see ``PendingCatalogFile``); nil once it does.
  private var pendingFile: PendingCatalogFile?
  /// Why ``pendingFile`` could not be started over after a failed write (see
  /// ``startPendingFileOver()``): every later write throws it.
  private var pendingFileFailure: (any Error)?

  init(path: String, options: CatalogOptions) throws {
    self.path = path
    self.busyTimeout = options.busyTimeout
    self.clockSkew = options.clockSkew
    do {
      let exists = try Self.checkLocation(path, forWriting: !options.readOnly && options.create)
      if options.readOnly || !options.create {
        guard exists else {
          throw CatalogError.noCatalog(location: path, .missing)
        }
      }
      if !exists && !options.readOnly && options.create {
        pendingFile = try PendingCatalogFile.reserve(path: path, busyTimeout: options.busyTimeout)
      }
      database = try Database(
        path: pendingFile?.temporaryPath ?? path,
        mode: options.readOnly ? .readOnly : .readWrite(create: options.create),
        busyTimeout: options.busyTimeout)
      let migrator = Migrator()
      if options.readOnly {
        let pending = try migrator.pendingMigrations(in: database)
        if pending.count == migrator.migrations.count {
          // An empty file, or one that a first writer is still setting up: no catalog yet.
          throw CatalogError.noCatalog(location: path, .missing)
        }
        if !pending.isEmpty {
          // A catalog made by an older `catalog` is upgraded by its first reader too, so
          // that `export` works right after an upgrade of the tool; each migration is its
          // own transaction, as for a writer. A file this process may not write stays as
          // it is, and the reader is told how to upgrade it.
          do {
            let writer = try Database(
              path: path, mode: .readWrite(create: false), busyTimeout: options.busyTimeout)
            _ = try migrator.migrate(writer)
          } catch {
            throw CatalogError.database(
              DatabaseProblem(.schemaOlder, path: path, migrations: pending))
          }
          database = try Database(
            path: path, mode: .readOnly, busyTimeout: options.busyTimeout)
        }
      } else {
        if pendingFile != nil { try database.execute(script: Self.newFileSettings) }
        try migrator.migrate(database)
        // A catalog still being created stays in rollback-journal mode until its first write
        // commits (``publishPendingFile()``).
        if pendingFile == nil { _ = try database.enableWAL() }
      }
      try database.execute(script: Self.tuning)
    } catch {
      throw Self.translate(error, path: path, busyTimeout: options.busyTimeout)
    }
  }

  /// Starts ``pendingFile`` over in a new temporary file after a write that failed before
  /// the catalog was put in place.
  ///
  /// Until then the file keeps its rollback journal in memory (``newFileSettings``): a
  /// rollback that itself failed (an I/O error while restoring pages) would leave the file
  /// half restored with no journal to recover it from, and a later write of this process
  /// would link it into place. The file holds nothing but the schema, so it is cheaper to
  /// make a new one (a few milliseconds, only after a failed first write) than to tell
  /// whether the old one is sound. When that fails too, every later write throws.
  private func startPendingFileOver() {
    guard let pendingFile, pendingFileFailure == nil else { return }
    do {
      try pendingFile.renew()
      database = try Database(
        path: pendingFile.temporaryPath, mode: .readWrite(create: true), busyTimeout: busyTimeout)
      try database.execute(script: Self.newFileSettings)
      try Migrator().migrate(database)
      try database.execute(script: Self.tuning)
    } catch {
      pendingFileFailure = Self.translate(
        error, path: path, busyTimeout: busyTimeout, databasePath: pendingFile.temporaryPath)
    }
  }

  /// Puts a new catalog in place after its first committed write, then goes on with a
  /// connection to the file at ``path`` in WAL mode.
  ///
  /// - Throws: What ``PendingCatalogFile/publish()`` throws. Its `ioFailure` (the directory
  ///   could not be synced) is thrown only once the connection is to the file at ``path``:
  ///   the write landed, but the new catalog may not survive a crash.
  private func publishPendingFile() throws {
    guard let pendingFile else { return }
    // The file goes into place already in WAL mode, so that two processes never convert it
    // at once (a second creator is waiting for the lock, and opens it as soon as it is
    // there). The switch comes after the commit, so the WAL is empty, and the checkpoint
    // makes sure: the file alone holds the catalog (https://sqlite.org/wal.html).
    _ = try database.enableWAL()
    let busy: Int64? = try database.scalar(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    guard busy == 0 else {
      throw CatalogError.database(DatabaseProblem(.busy, path: path, busyTimeout: busyTimeout))
    }
    // A failed sync of the directory comes after the link: the catalog is in place, so this
    // goes on with the file at its path (a failed write would start a new temporary file
    // over, and a later write would find the catalog there), and reports the failure last.
    var unsynced: (any Error)?
    do {
      try pendingFile.publish()
    } catch CatalogError.database(let problem) where problem.code == .ioFailure {
      unsynced = CatalogError.database(problem)
    }
    self.pendingFile = nil
    database = try Database(
      path: path, mode: .readWrite(create: false), busyTimeout: busyTimeout)
    _ = try database.enableWAL()
    try database.execute(script: Self.tuning)
    if let unsynced { throw unsynced }
  }

  /// Refuses a location that is not the path of a regular file or of nothing yet: the names
  /// SQLite treats specially (`""`, `:memory:`, `file:` URIs), directories, devices, FIFOs
  /// (whose reads would block forever) and sockets, and, for a writer, a path whose
  /// directory does not exist. Symbolic links are followed.
  ///
  /// - Returns: Whether a file exists at `path`.
  /// - Throws: ``CatalogError/database(_:)`` with the problem's code.
  static func checkLocation(_ path: String, forWriting: Bool) throws -> Bool {
    if path.isEmpty || path == ":memory:" || path.hasPrefix("file:") {
      throw CatalogError.database(DatabaseProblem(.notAFilePath, path: path))
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      let error = errno
      guard error == ENOENT else {
        throw CatalogError.database(
          DatabaseProblem(.cannotOpen, path: path, detail: SystemError.message(error)))
      }
      if forWriting {
        let directory = Self.directory(of: path)
        var directoryInfo = stat()
        if stat(directory, &directoryInfo) != 0 || (directoryInfo.st_mode & S_IFMT) != S_IFDIR {
          throw CatalogError.database(
            DatabaseProblem(.missingDirectory, path: path, detail: directory))
        }
      }
      return false
    }
    let code: DatabaseProblem.Code?
    switch info.st_mode & S_IFMT {
    case S_IFREG: code = nil
    case S_IFDIR: code = .directory
    case S_IFCHR, S_IFBLK: code = .device
    case S_IFIFO: code = .fifo
    default: code = .socket
    }
    if let code { throw CatalogError.database(DatabaseProblem(code, path: path)) }
    return true
  }

  /// `PRAGMA integrity_check` on a read-only connection that reads nothing else first, so
  /// that it runs on a file whose schema is damaged (https://sqlite.org/pragma.html#pragma_integrity_check).
  static func integrityCheck(path: String, busyTimeout: Double) throws -> [String] {
    do {
      _ = try checkLocation(path, forWriting: false)
      let database = try Database(path: path, mode: .readOnly, busyTimeout: busyTimeout)
      return try integrityFindings(of: database)
    } catch {
      throw translate(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// What `PRAGMA integrity_check` reports, one `integrity_check: …` line per finding; a file
  /// too damaged for the check to run is one finding.
  static func integrityFindings(of database: Database) throws -> [String] {
    var findings: [String] = []
    do {
      let integrity = try database.makeStatement(sql: "PRAGMA integrity_check")
      while try integrity.step() {
        let line = integrity.string(at: 0) ?? ""
        if line != "ok" { findings.append("integrity_check: \(line)") }
      }
    } catch let error as DatabaseError where error.isCorrupt || error.isNotADatabase {
      findings.append(
        "integrity_check: stopped: SQLite cannot read the file (result code \(error.extendedResultCode))"
      )
    }
    return findings
  }

  /// Whether the catalog's files have reached the process's file-size limit (`ulimit -f`).
  ///
  /// SQLite reports a write past the limit as `SQLITE_IOERR_WRITE`, and the `errno` it keeps
  /// for ``DatabaseError/systemErrno`` is read after other calls may have changed it
  /// (https://sqlite.org/c3ref/system_errno.html), so the sizes decide: a partial write fills
  /// the file up to the limit exactly.
  static func reachedFileSizeLimit(_ path: String) -> Bool {
    var limit = rlimit()
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return false }
    return [path, path + "-wal", path + "-journal"].contains { name in
      var info = stat()
      return stat(name, &info) == 0 && UInt64(info.st_size) + 65536 >= UInt64(limit.rlim_cur)
    }
  }

  /// The directory part of `path` (`.` for a bare name).
  static func directory(of path: String) -> String { PathName.split(path).directory }

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
  static let pageCacheKiB = 8192
  /// The page cache of a first import's write (see
  /// ``SQLiteContext/streamAddedEntries(revision:capacity:)``).
  static let firstImportPageCacheKiB = 1024

  static let tuning = """
    PRAGMA cache_size = -\(pageCacheKiB);
    PRAGMA synchronous = NORMAL;
    PRAGMA temp_store = MEMORY;
    """

  /// What a new catalog file is made with, before its first table: 16 KiB pages
  /// (https://sqlite.org/pragma.html#pragma_page_size; the default is 4 KiB). A first import of
  /// 100,000 entries spent a fifth less in SQLite with them: fewer pages to allocate, link
  /// and write per row, and a shallower index to build after the last row
  /// (docs/maintainers/benchmark-rounds.md, round five). A catalog made before keeps its page size: only
  /// `VACUUM` could change it, and not in WAL mode.
  ///
  /// Until its first write commits, the file keeps its rollback journal in memory
  /// (https://sqlite.org/pragma.html#pragma_journal_mode): a transaction still rolls back
  /// (a failed statement, an error before the commit), but the file is written without a
  /// `-journal` beside it and the journal syncs before each batch of pages written out (35
  /// `fdatasync` calls and a hundred writes in a first import of 100,000 entries). What a
  /// journal on disk would add, recovery after a crash mid-write, the file does not need:
  /// until it is linked into place (``PendingCatalogFile``) no one opens it, and after a
  /// crash it is never linked. The switch to WAL before it is linked leaves the memory
  /// journal behind.
  static let newFileSettings = "PRAGMA page_size = 16384; PRAGMA journal_mode = MEMORY;"

  /// `PRAGMA cache_size` in KiB (a negative size is KiB: https://sqlite.org/pragma.html),
  /// ``tuning``'s when nil. Pages are read again from the operating system's cache when
  /// needed.
  func setPageCacheLimit(kibibytes: Int?) throws {
    let size = kibibytes.map { max($0, 64) } ?? Self.pageCacheKiB
    do {
      try database.execute(script: "PRAGMA cache_size = -\(size);")
    } catch {
      throw Self.translate(error, path: path, busyTimeout: busyTimeout)
    }
  }

  func read<T>(_ body: (any CatalogReadContext) throws -> T) throws -> T {
    do {
      return try database.inTransaction(.deferred) {
        try body(SQLiteContext(storage: self))
      }
    } catch {
      throw Self.translate(
        error, path: path, busyTimeout: busyTimeout, databasePath: pendingFile?.temporaryPath)
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
    if let pendingFileFailure { throw pendingFileFailure }
    do {
      // SQLite's enforcement can be switched only outside a transaction
      // (https://sqlite.org/foreignkeys.html#fk_enable); it is back on when the write ends.
      if checking == .beforeCommit { try database.execute(script: "PRAGMA foreign_keys = OFF") }
      defer {
        if checking == .beforeCommit { try? database.execute(script: "PRAGMA foreign_keys = ON") }
      }
      let completion = try database.inTransactionDeciding(.immediate) {
        let context = SQLiteContext(storage: self)
        context.payloadTableWasEmpty =
          try database.scalar(sql: "SELECT NOT EXISTS (SELECT 1 FROM payload)") == 1
        let before = checking == .beforeCommit ? try context.newRowBounds() : nil
        defer {
          context.restoreChecks()
          context.restorePageCache()
        }
        switch try body(context) {
        case .commit(let value):
          try context.flushPendingPayloads()
          try context.insertDeferredPayloadHashes()
          try context.flushPendingVersions()
          if let before { try context.checkForeignKeys(ofRowsAfter: before) }
          result = value
          return .commit
        case .rollback(let value):
          result = value
          return .rollback
        }
      }
      if completion == .commit { try publishPendingFile() }
    } catch {
      let translated = Self.translate(
        error, path: path, busyTimeout: busyTimeout, databasePath: pendingFile?.temporaryPath)
      startPendingFileOver()
      throw translated
    }
    guard let result else {
      throw CatalogError.internalError("the write produced no result")
    }
    return result
  }

  func externalChangeCounter() throws -> Int64 {
    do {
      return try database.dataVersion()
    } catch {
      throw Self.translate(
        error, path: path, busyTimeout: busyTimeout, databasePath: pendingFile?.temporaryPath)
    }
  }

  /// Turns engine errors into ``CatalogError/database(_:)`` facts; other errors pass
  /// through. SQLite's own message text is never passed on.
  ///
  /// `databasePath` is the file the connection has open when it is not `path` (a catalog
  /// still being created, ``PendingCatalogFile``).
  static func translate(
    _ error: any Error, path: String, busyTimeout: Double, databasePath: String? = nil
  ) -> any Error {
    switch error {
    case let error as DatabaseError where error.isConstraint || error.isMisuse:
      // A write that breaks the schema's constraints, or a misused statement, is a bug in
      // this code, not a problem with the file: it stays an internal error, with SQLite's
      // words for the bug report.
      return error
    case let error as DatabaseError:
      var problem = DatabaseProblem(.ioFailure, path: path)
      if error.isNotADatabase {
        problem.code = .notADatabase
      } else if error.isCorrupt {
        problem.code = .damaged
      } else if error.isReadOnlyDirectory {
        // WAL mode needs PATH-wal and PATH-shm beside the file, for readers too
        // (https://sqlite.org/wal.html#readonly).
        problem.code = .readOnlyDirectory
      } else if error.isReadOnly {
        problem.code = .readOnly
      } else if error.isCantOpen {
        problem.code = .cannotOpen
      } else if error.isBusy {
        problem.code = .busy
        problem.busyTimeout = busyTimeout
      } else if error.isIOError
        && (error.systemErrno == EFBIG || Self.reachedFileSizeLimit(databasePath ?? path))
      {
        // A write past `ulimit -f` fails with EFBIG (SIGXFSZ is ignored by the CLI), which
        // SQLite reports as SQLITE_IOERR_WRITE.
        problem.code = .fileTooLarge
      } else if error.isFull || error.systemErrno == ENOSPC || error.systemErrno == EDQUOT {
        problem.code = .diskFull
      } else {
        problem.detail =
          error.systemErrno != 0
          ? SystemError.message(error.systemErrno)
          : "SQLite result code \(error.extendedResultCode)"
      }
      return CatalogError.database(problem)
    case let error as MigrationError:
      switch error {
      case .schemaIsNewer(let names):
        return CatalogError.database(DatabaseProblem(.schemaNewer, path: path, migrations: names))
      case .notACatalog(_, let applicationID):
        return CatalogError.database(
          DatabaseProblem(.notACatalog, path: path, applicationID: applicationID))
      case .foreignKeyViolation:
        return CatalogError.database(DatabaseProblem(.inconsistent, path: path, detail: "\(error)"))
      case .invalidPlan:
        // The plan is this build's own migrations: a defect of the build, not of the catalog.
        return CatalogError.internalError("\(error)")
      }
    case CatalogError.database(var problem) where problem.path.isEmpty:
      problem.path = path
      return CatalogError.database(problem)
    default:
      return error
    }
  }
}

/// When a write's references between rows (an entry version's revision and payload; a tag's
/// or document frame's revision) are checked.
enum ForeignKeyChecking: Sendable {
  /// By SQLite, for every row as it is inserted.
  case perRow
  /// Once, for every row the write added, just before it commits; a broken reference
  /// refuses the commit as SQLite would have refused the row
  /// (``SQLiteContext/checkForeignKeys(ofRowsAfter:)``).
  case beforeCommit
}

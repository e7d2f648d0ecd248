import CSQLite
import CatalogStorage
import Components
import Foundation

/// The catalog on SQLite: one connection, WAL journal, foreign keys on, a busy timeout, and
/// every statement prepared once with bound parameters.
///
/// All SQL of the product lives in this file and its `SQLiteCatalogStorage+*.swift`
/// extensions (and the schema in `Migrations/`).
final class SQLiteCatalogStorage: CatalogStorage {
  /// The connection: to the catalog, or to ``pendingFile``'s temporary file until the first
  /// write lands.
  private(set) var database: Database
  let path: String
  let busyTimeout: Double
  /// A catalog that does not exist yet (see ``PendingCatalogFile``); nil once it does.
  private var pendingFile: PendingCatalogFile?

  init(path: String, options: CatalogOptions) throws {
    self.path = path
    self.busyTimeout = options.busyTimeout
    do {
      let exists = try Self.checkLocation(path, forWriting: !options.readOnly && options.create)
      if options.readOnly || !options.create {
        guard exists else {
          throw CatalogError.unreadable(
            path: path, reason: "no catalog database here; 'catalog import FILE' creates one")
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
          throw CatalogError.unreadable(
            path: path, reason: "no catalog database here; 'catalog import FILE' creates one")
        }
        if !pending.isEmpty {
          throw CatalogError.database(
            DatabaseProblem(.schemaOlder, path: path, migrations: pending))
        }
      } else {
        try migrator.migrate(database)
        // A catalog still being created stays in rollback-journal mode: its journal is gone
        // after each commit, so the file alone is the catalog when it is linked into place.
        if pendingFile == nil { _ = try database.enableWAL() }
      }
      try database.execute(script: Self.tuning)
    } catch {
      throw Self.translate(error, path: path, busyTimeout: options.busyTimeout)
    }
  }

  /// Puts a new catalog in place after its first committed write, then goes on with a
  /// connection to the file at ``path`` in WAL mode.
  private func publishPendingFile() throws {
    guard let pendingFile else { return }
    try pendingFile.publish()
    self.pendingFile = nil
    database = try Database(
      path: path, mode: .readWrite(create: false), busyTimeout: busyTimeout)
    _ = try database.enableWAL()
    try database.execute(script: Self.tuning)
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
          DatabaseProblem(.cannotOpen, path: path, detail: String(cString: strerror(error))))
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
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
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
      throw Self.translate(
        error, path: path, busyTimeout: busyTimeout, databasePath: pendingFile?.temporaryPath)
    }
  }

  func write<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T {
    try write(checkingForeignKeys: .perRow, body)
  }

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
      let completion = try database.inTransactionDeciding(.immediate) {
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
      if completion == .commit { try publishPendingFile() }
    } catch {
      throw Self.translate(
        error, path: path, busyTimeout: busyTimeout, databasePath: pendingFile?.temporaryPath)
    }
    guard let result else {
      throw CatalogError.database(
        DatabaseProblem(.inconsistent, path: path, detail: "the write produced no result"))
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
          ? String(cString: strerror(error.systemErrno))
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
      case .foreignKeyViolation, .duplicateMigration:
        return CatalogError.database(DatabaseProblem(.inconsistent, path: path, detail: "\(error)"))
      }
    case CatalogError.database(var problem) where problem.path.isEmpty:
      problem.path = path
      return CatalogError.database(problem)
    default:
      return error
    }
  }
}

/// The read and write queries of one transaction.
final class SQLiteContext: CatalogWriteContext {
  let storage: SQLiteCatalogStorage
  var database: Database { storage.database }
  /// The payload table was empty when the write began, so a payload not stored by this write
  /// is not stored at all: no need to look it up.
  var payloadTableWasEmpty = false
  /// Payloads stored by this write: the first one stored with each hash. The texts are not
  /// kept (an import of 100,000 entries would hold every payload in memory); a repeated hash
  /// reads the stored text back.
  private var storedPayloads: [Int64: Int64] = [:]
  private var insertVersion: Statement?
  private var insertVersions: Statement?
  private var insertPayload: Statement?
  private var insertPayloads: Statement?
  /// Entry versions appended but not yet inserted (see ``flushPendingVersions()``).
  private var pendingVersions = PendingVersions()
  /// Payloads given ids but not yet inserted (see ``flushPendingPayloads()``).
  private var pendingPayloads = PendingPayloads()
  /// The id the next inserted payload gets; nil until the first insert asks.
  private var nextPayloadID: Int64?
  private var checksRelaxed = false

  init(storage: SQLiteCatalogStorage) {
    self.storage = storage
  }

  // MARK: Revisions

  private static let revisionColumns =
    "id, created_at, author, message, source, operation, added, changed, removed, moved"

  func headRevision() throws -> Int64 {
    try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM revision") ?? 0
  }

  func revision(_ id: Int64) throws -> Revision? {
    let statement = try database.cachedStatement(
      sql: "SELECT \(Self.revisionColumns) FROM revision WHERE id = ?")
    try statement.bind([.integer(id)])
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    var revision = try Self.revision(from: statement)
    revision.tags = try tags(of: id)
    return revision
  }

  func revisions(limit: Int?, touching component: Int64?) throws -> [Revision] {
    try flushPendingVersions()
    let statement: Statement
    if let component {
      statement = try database.cachedStatement(
        sql: """
          SELECT \(Self.revisionColumns) FROM revision
          WHERE id IN (SELECT revision_id FROM entry_version WHERE component_id = ?1)
          ORDER BY id DESC LIMIT ?2
          """)
      try statement.bind([.integer(component), .integer(Int64(limit ?? -1))])
    } else {
      statement = try database.cachedStatement(
        sql: "SELECT \(Self.revisionColumns) FROM revision ORDER BY id DESC LIMIT ?1")
      try statement.bind([.integer(Int64(limit ?? -1))])
    }
    defer { statement.reset() }
    var revisions: [Revision] = []
    while try statement.step() {
      revisions.append(try Self.revision(from: statement))
    }
    let tagsByRevision = Dictionary(grouping: try tags(), by: \.revision)
    for i in revisions.indices {
      revisions[i].tags = (tagsByRevision[revisions[i].id] ?? []).map(\.name).sorted()
    }
    return revisions
  }

  func revision(atOrBefore time: Date) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: "SELECT max(id) FROM revision WHERE created_at <= ?")
    try statement.bind([.text(Timestamp.string(time))])
    defer { statement.reset() }
    guard try statement.step(), !statement.isNull(at: 0) else { return nil }
    return statement.int64(at: 0)
  }

  private static func revision(from statement: Statement) throws -> Revision {
    let timeText = statement.string(at: 1) ?? ""
    guard let time = Timestamp.parse(timeText) else {
      throw CatalogError.database(
        .inconsistent("revision \(statement.int64(at: 0)) has an unreadable time '\(timeText)'"))
    }
    return Revision(
      id: statement.int64(at: 0), time: time, author: statement.string(at: 2) ?? "",
      message: statement.string(at: 3) ?? "", source: statement.string(at: 4) ?? "",
      operation: statement.string(at: 5) ?? "",
      counts: ChangeCounts(
        added: Int(statement.int64(at: 6)), changed: Int(statement.int64(at: 7)),
        removed: Int(statement.int64(at: 8)), moved: Int(statement.int64(at: 9))))
  }

  func appendRevision(_ draft: RevisionDraft) throws -> Int64 {
    let id = try headRevision() + 1
    // Revision times never go backwards, so "the revision that was head at time T" is
    // the newest one written at or before T even when clocks of writers disagree.
    var time = Timestamp.string(draft.time)
    if let previous: String = try database.scalar(
      sql: "SELECT created_at FROM revision WHERE id = ?", arguments: [.integer(id - 1)]),
      previous > time
    {
      time = previous
    }
    let statement = try database.cachedStatement(
      sql: "INSERT INTO revision (\(Self.revisionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    try statement.execute([
      .integer(id), .text(time), .text(draft.author), .text(draft.message), .text(draft.source),
      .text(draft.operation), .integer(Int64(draft.counts.added)),
      .integer(Int64(draft.counts.changed)), .integer(Int64(draft.counts.removed)),
      .integer(Int64(draft.counts.moved)),
    ])
    return id
  }

  // MARK: Tags

  func tag(named name: String) throws -> Tag? {
    let statement = try database.cachedStatement(
      sql: "SELECT name, revision_id, created_at, author FROM tag WHERE name = ?")
    try statement.bind([.text(name)])
    defer { statement.reset() }
    return try statement.step() ? Self.tag(from: statement) : nil
  }

  func tags() throws -> [Tag] {
    let statement = try database.cachedStatement(
      sql: "SELECT name, revision_id, created_at, author FROM tag ORDER BY name")
    defer { statement.reset() }
    var tags: [Tag] = []
    while try statement.step() { tags.append(Self.tag(from: statement)) }
    return tags
  }

  private func tags(of revision: Int64) throws -> [String] {
    let statement = try database.cachedStatement(
      sql: "SELECT name FROM tag WHERE revision_id = ? ORDER BY name")
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    var names: [String] = []
    while try statement.step() { names.append(statement.string(at: 0) ?? "") }
    return names
  }

  private static func tag(from statement: Statement) -> Tag {
    Tag(
      name: statement.string(at: 0) ?? "", revision: statement.int64(at: 1),
      time: Timestamp.parse(statement.string(at: 2) ?? "") ?? Date(timeIntervalSince1970: 0),
      author: statement.string(at: 3) ?? "")
  }

  func setTag(_ tag: Tag) throws {
    try database.cachedStatement(
      sql: "INSERT INTO tag (name, revision_id, created_at, author) VALUES (?, ?, ?, ?)"
    ).execute([
      .text(tag.name), .integer(tag.revision), .text(Timestamp.string(tag.time)), .text(tag.author),
    ])
  }

  func deleteTag(named name: String) throws -> Bool {
    try database.cachedStatement(sql: "DELETE FROM tag WHERE name = ?").execute([.text(name)])
    return database.changes > 0
  }

  // MARK: Entries

  /// The newest row of every component at or before `?1`: the catalog as of that revision
  /// (docs/schema.md, "Answering as-of queries").

  func forEachEntry(at revision: Int64, _ body: (StoredEntry) throws -> Void) throws {
    try forEachEntryBytes(at: revision) { try body(try StoredEntry($0)) }
  }

  func index(at revision: Int64) throws -> [String: IndexedEntry] {
    var index = try headIndex(at: revision)
    try readPayloadHashes(into: &index)
    return Dictionary(uniqueKeysWithValues: index.entries.map { ($0.kind, $0) })
  }

  /// The rows in force at a revision, newest component first. A component's row in force at
  /// revision R is its row with the greatest `revision_id <= R` (docs/schema.md); walking
  /// the primary key `(component_id, revision_id)` backwards meets that row first in each
  /// component's run, so one pass of the table finds them all, without the GROUP BY whose
  /// bare columns copy every row, and without a sort.
  private static let rowsInForceNewestFirst = """
    SELECT component_id, revision_id, change, kind, category, description, payload_id, extra,
           key_order, position
    FROM entry_version WHERE revision_id <= ?1
    ORDER BY component_id DESC, revision_id DESC
    """

  func headIndex(at revision: Int64) throws -> HeadIndex {
    try flushPendingVersions()
    var index = HeadIndex()
    guard revision > 0 else { return index }
    let statement = try database.cachedStatement(sql: Self.rowsInForceNewestFirst)
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    var previous: Int64 = 0  // component ids start at 1
    while try statement.step() {
      let component = statement.int64(at: 0)
      guard component != previous else { continue }  // an older row of the same component
      previous = component
      guard !statement.textEquals(at: 2, "removed") else { continue }
      index.append(
        componentID: component, kind: statement.textBytes(at: 3),
        category: statement.textBytes(at: 4), description: statement.textBytes(at: 5),
        payloadID: statement.int64(at: 6), payloadHash: nil,
        extra: statement.optionalTextBytes(at: 7), keyOrder: statement.optionalTextBytes(at: 8),
        position: statement.textBytes(at: 9))
    }
    return index
  }

  func payloadHash(ofPayload id: Int64) throws -> Int64 {
    try flushPendingPayloads()
    guard
      let hash: Int64 = try database.scalar(
        sql: "SELECT hash FROM payload WHERE id = ?", arguments: [.integer(id)])
    else {
      throw CatalogError.database(.inconsistent("payload \(id) is missing"))
    }
    return hash
  }

  /// Fills in the payload hashes of an index.
  ///
  /// When the index refers to most stored payloads, one pass over the payload table in rowid
  /// order is cheaper than looking each payload up; otherwise each is looked up by id. Both
  /// read the pages of the payloads in force, as the import's join with `payload` always
  /// did, so a damaged page there is found before anything is written.
  func readPayloadHashes(into index: inout HeadIndex) throws {
    try flushPendingPayloads()
    let ids = index.allPayloadIDs
    guard let largest = ids.max() else { return }
    let stored: Int64 = try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM payload") ?? 0
    if stored <= 4 * Int64(ids.count) + 1024 && largest <= stored {
      var hashes = [Int64](repeating: 0, count: Int(stored) + 1)
      let scan = try database.cachedStatement(sql: "SELECT id, hash FROM payload NOT INDEXED")
      defer { scan.reset() }
      while try scan.step() {
        let id = scan.int64(at: 0)
        if id >= 0 && id <= stored { hashes[Int(id)] = scan.int64(at: 1) }
      }
      for (slot, id) in ids.enumerated() { index.setPayloadHash(hashes[Int(id)], at: slot) }
    } else {
      let lookup = try database.cachedStatement(sql: "SELECT hash FROM payload WHERE id = ?")
      for (slot, id) in ids.enumerated() {
        try lookup.bind([.integer(id)])
        guard try lookup.step() else {
          lookup.reset()
          throw CatalogError.database(.inconsistent("payload \(id) is missing"))
        }
        index.setPayloadHash(lookup.int64(at: 0), at: slot)
        lookup.reset()
      }
    }
  }

  func versions(ofComponent id: Int64) throws -> [StoredEntry] {
    try flushPendingVersions()
    let statement = try database.cachedStatement(
      sql: """
        SELECT v.component_id, v.revision_id, v.change, v.kind, v.category, v.description,
               p.json, v.extra, v.key_order, v.position
        FROM entry_version AS v JOIN payload AS p ON p.id = v.payload_id
        WHERE v.component_id = ? ORDER BY v.revision_id
        """)
    try statement.bind([.integer(id)])
    defer { statement.reset() }
    var versions: [StoredEntry] = []
    while try statement.step() { versions.append(try Self.storedEntry(from: statement)) }
    return versions
  }

  func forEachVersion(_ body: (StoredEntry) throws -> Void) throws {
    try flushPendingVersions()
    let statement = try database.cachedStatement(
      sql: """
        SELECT v.component_id, v.revision_id, v.change, v.kind, v.category, v.description,
               p.json, v.extra, v.key_order, v.position
        FROM entry_version AS v JOIN payload AS p ON p.id = v.payload_id
        ORDER BY v.revision_id, v.component_id
        """)
    defer { statement.reset() }
    while try statement.step() { try body(try Self.storedEntry(from: statement)) }
  }

  func unreferencedPayloadCount() throws -> Int {
    try flushPendingVersions()
    return Int(
      try database.scalar(
        sql: "SELECT count(*) FROM payload WHERE id NOT IN (SELECT payload_id FROM entry_version)")
        ?? 0)
  }

  func component(named kind: String, atOrBefore revision: Int64) throws -> Int64? {
    try flushPendingVersions()
    let statement = try database.cachedStatement(
      sql: """
        SELECT component_id FROM entry_version WHERE kind = ? AND revision_id <= ?
        ORDER BY revision_id DESC LIMIT 1
        """)
    try statement.bind([.text(kind), .integer(revision)])
    defer { statement.reset() }
    return try statement.step() ? statement.int64(at: 0) : nil
  }

  private static func storedEntry(from statement: Statement) throws -> StoredEntry {
    var payload: [UInt8] = []
    statement.appendText(at: 6, to: &payload)
    let kind = statement.string(at: 3) ?? ""
    let changeText = statement.string(at: 2) ?? ""
    guard let change = EntryChange(rawValue: changeText) else {
      throw CatalogError.database(
        .inconsistent("an entry version of \"\(kind)\" has an unknown change '\(changeText)'"))
    }
    let entry = try EntryCodec.entry(
      kind: kind, category: statement.string(at: 4) ?? "",
      description: statement.string(at: 5) ?? "",
      payload: JSONText(canonicalBytes: payload), extra: statement.string(at: 7),
      keyOrder: statement.string(at: 8))
    return StoredEntry(
      componentID: statement.int64(at: 0), revision: statement.int64(at: 1), change: change,
      entry: entry, position: statement.string(at: 9) ?? "")
  }

  func newComponent(in revision: Int64) throws -> Int64 {
    try database.cachedStatement(sql: "INSERT INTO component (revision_id) VALUES (?)")
      .execute([.integer(revision)])
    return database.lastInsertRowID
  }

  func newComponents(count: Int, in revision: Int64) throws -> Int64 {
    let before: Int64 = try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM component") ?? 0
    guard count > 0 else { return before + 1 }
    // Without AUTOINCREMENT a new rowid is one more than the largest
    // (https://sqlite.org/autoinc.html), so the ids are before+1 ... before+count, as
    // `count` single inserts would make them; checked below all the same. Multi-row VALUES
    // insert 64 rows per statement run.
    let batch = 64
    let many = try database.cachedStatement(
      sql: "INSERT OR ROLLBACK INTO component (revision_id) VALUES "
        + repeatElement("(?1)", count: batch).joined(separator: ", "))
    let one = try database.cachedStatement(
      sql: "INSERT OR ROLLBACK INTO component (revision_id) VALUES (?1)")
    var remaining = count
    while remaining > 0 {
      let statement = remaining >= batch ? many : one
      try statement.execute([.integer(revision)])
      remaining -= remaining >= batch ? batch : 1
    }
    guard database.lastInsertRowID == before + Int64(count) else {
      throw CatalogError.database(.inconsistent("new components did not get consecutive ids"))
    }
    return before + 1
  }

  func appendVersion(_ row: VersionRow, in revision: Int64) throws {
    var kind = row.kind
    var category = row.category
    var description = row.description
    var position = row.position
    var extra = row.extra
    var keyOrder = row.keyOrder
    try kind.withUTF8 { kind in
      try category.withUTF8 { category in
        try description.withUTF8 { description in
          try position.withUTF8 { position in
            try Self.withOptionalUTF8(&extra) { extra in
              try Self.withOptionalUTF8(&keyOrder) { keyOrder in
                try appendVersion(
                  bytes: VersionRowBytes(
                    componentID: row.componentID, change: row.change, kind: .init(kind),
                    category: .init(category), description: .init(description),
                    payloadID: row.payloadID, extra: extra, keyOrder: keyOrder,
                    position: .init(position)),
                  in: revision)
              }
            }
          }
        }
      }
    }
  }

  private static func withOptionalUTF8<R>(
    _ string: inout String?, _ body: (UnsafeRawBufferPointer?) throws -> R
  ) rethrows -> R {
    guard var text = string else { return try body(nil) }
    defer { string = text }
    return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
  }

  func streamAddedEntries(revision: Int64, capacity: Int) throws -> any AddedEntryStream {
    let stream = SQLiteEntryStream(context: self, revision: revision, capacity: capacity)
    stream.start()
    return stream
  }

  func appendVersion(bytes row: VersionRowBytes, in revision: Int64) throws {
    pendingVersions.append(row, revision: revision)
    if pendingVersions.count == PendingVersions.batchSize { try flushPendingVersions() }
  }

  /// Inserts the entry versions waiting in `pendingVersions`.
  ///
  /// Rows go in batches of ``PendingVersions/batchSize`` with one multi-row INSERT: one
  /// statement execution opens the table's and its indexes' cursors once for the batch,
  /// where an execution per row opens them for every row, which cost about as much as the
  /// inserts themselves. Every read of `entry_version` in a write context, and the commit,
  /// flush first, so the batching is invisible.
  func flushPendingVersions() throws {
    guard pendingVersions.count > 0 else { return }
    try flushPendingPayloads()
    defer { pendingVersions.removeAll() }
    if pendingVersions.count == PendingVersions.batchSize {
      try relaxChecks()
      let statement = try insertVersionsStatement()
      try pendingVersions.bind(to: statement, rows: 0..<pendingVersions.count)
    } else {
      let statement = try insertVersionStatement()
      for row in 0..<pendingVersions.count {
        try pendingVersions.bind(to: statement, rows: row..<row + 1)
      }
    }
  }

  /// Where this write's new rows begin: the head revision and the largest component id
  /// before it, for ``checkForeignKeys(ofRowsAfter:)``.
  func newRowBounds() throws -> (revision: Int64, component: Int64) {
    (
      try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM revision") ?? 0,
      try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM component") ?? 0
    )
  }

  /// Checks the references of the rows a write added, which SQLite did not check as they
  /// went in (``ForeignKeyChecking/beforeCommit``).
  ///
  /// A write adds entry versions only for revisions after head, and components numbered
  /// after the largest one, so those ranges hold every new row that refers to another. When
  /// they are a good part of the tables (a first import), SQLite's own `foreign_key_check`
  /// of the two tables is the fastest way (https://sqlite.org/pragma.html#pragma_foreign_key_check);
  /// otherwise a join looks up the parents of the new rows alone.
  ///
  /// - Throws: ``DatabaseError`` with `SQLITE_CONSTRAINT_FOREIGNKEY`, as SQLite's own check.
  func checkForeignKeys(ofRowsAfter bounds: (revision: Int64, component: Int64)) throws {
    let added: Int64 =
      try database.scalar(
        sql: "SELECT count(*) FROM entry_version WHERE revision_id > ?",
        arguments: [.integer(bounds.revision)]) ?? 0
    guard added > 0 else { return }
    let total: Int64 = try database.scalar(sql: "SELECT count(*) FROM entry_version") ?? 0
    var broken: Int64 = 0
    if 4 * added >= total {
      for table in ["entry_version", "component"] {
        let check = try database.makeStatement(sql: "PRAGMA foreign_key_check(\(table))")
        while try check.step() { broken += 1 }
      }
    } else {
      broken =
        try database.scalar(
          sql: """
            SELECT
              (SELECT count(*) FROM entry_version AS v
                 LEFT JOIN revision AS r ON r.id = v.revision_id
                 LEFT JOIN component AS c ON c.id = v.component_id
                 LEFT JOIN payload AS p ON p.id = v.payload_id
               WHERE v.revision_id > ?1 AND (r.id IS NULL OR c.id IS NULL OR p.id IS NULL))
              + (SELECT count(*) FROM component AS c LEFT JOIN revision AS r ON r.id = c.revision_id
                 WHERE c.id > ?2 AND r.id IS NULL)
            """, arguments: [.integer(bounds.revision), .integer(bounds.component)]) ?? 0
    }
    guard broken == 0 else {
      throw DatabaseError(
        // SQLITE_CONSTRAINT_FOREIGNKEY, a macro Swift does not import
        // (https://sqlite.org/rescode.html#constraint_foreignkey).
        extendedResultCode: SQLITE_CONSTRAINT | (3 << 8),
        message: "FOREIGN KEY constraint failed (\(broken) new rows refer to missing rows)",
        sql: nil)
    }
  }

  /// Turns off the evaluation of CHECK constraints for the rest of this write, for bulk
  /// inserts of entry versions.
  ///
  /// The schema's CHECKs are `revision.id > 0` and `entry_version.change IN (...5 names)`.
  /// SQLite evaluates that IN list by filling a temporary b-tree with the five names for
  /// every row inserted, which costs about a third of an entry version's insert. The rows
  /// this context writes take `change` from ``EntryChange/columnText``, the same five names,
  /// and revision ids from `max(id) + 1`, so neither CHECK can fail here; the constraints
  /// stay in the schema for every other writer. The setting is per connection and applies to
  /// statements prepared while it is on (SQLite re-prepares cached statements when it
  /// changes), and ``restoreChecks()`` turns it back on when the write ends
  /// (https://sqlite.org/pragma.html#pragma_ignore_check_constraints).
  private func relaxChecks() throws {
    guard !checksRelaxed else { return }
    try database.execute(script: "PRAGMA ignore_check_constraints = ON")
    checksRelaxed = true
  }

  /// Undoes ``relaxChecks()``.
  func restoreChecks() {
    guard checksRelaxed else { return }
    try? database.execute(script: "PRAGMA ignore_check_constraints = OFF")
    checksRelaxed = false
  }

  /// The prepared INSERT of one entry version, kept by the context: a write of 100,000 rows
  /// should not hash its SQL text 100,000 times to find it in the cache.
  private func insertVersionStatement() throws -> Statement {
    if let statement = insertVersion, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(sql: Self.insertVersionsSQL(rows: 1))
    insertVersion = statement
    return statement
  }

  private func insertVersionsStatement() throws -> Statement {
    if let statement = insertVersions, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(
      sql: Self.insertVersionsSQL(rows: PendingVersions.batchSize))
    insertVersions = statement
    return statement
  }

  /// `OR ROLLBACK`: a failing row ends the whole transaction at once, as any error ends a
  /// write anyway; in exchange, with foreign keys checked before commit, SQLite keeps no
  /// statement journal to undo a multi-row statement alone, which copied every page a batch
  /// touched (https://sqlite.org/lang_conflict.html).
  private static func insertVersionsSQL(rows: Int) -> String {
    """
    INSERT OR ROLLBACK INTO entry_version (component_id, revision_id, change, kind, category,
      description, payload_id, extra, key_order, position)
    VALUES \(repeatElement("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", "))
    """
  }

  // MARK: Payloads

  func payload(_ id: Int64) throws -> JSONText {
    try flushPendingPayloads()
    let statement = try database.cachedStatement(sql: "SELECT json FROM payload WHERE id = ?")
    try statement.bind([.integer(id)])
    defer { statement.reset() }
    guard try statement.step() else {
      throw CatalogError.database(.inconsistent("payload \(id) is missing"))
    }
    var bytes: [UInt8] = []
    statement.appendText(at: 0, to: &bytes)
    return JSONText(canonicalBytes: bytes)
  }

  func payload(_ id: Int64, hasBytes bytes: UnsafeRawBufferPointer) throws -> Bool {
    if let pending = pendingPayloads.text(of: id) { return pending.elementsEqual(bytes) }
    let statement = try database.cachedStatement(sql: "SELECT json FROM payload WHERE id = ?")
    try statement.bind([.integer(id)])
    defer { statement.reset() }
    guard try statement.step() else {
      throw CatalogError.database(.inconsistent("payload \(id) is missing"))
    }
    let stored = statement.textBytes(at: 0)
    return stored.count == bytes.count && OrderKey.compare(stored, bytes) == 0
  }

  func internPayload(_ text: JSONText) throws -> Int64 {
    try text.bytes.withUnsafeBytes { try internPayload(bytes: $0, hash: text.stableHash) }
  }

  func internPayload(bytes: UnsafeRawBufferPointer, hash: Int64) throws -> Int64 {
    // A payload this write stored (or is about to): remembered by hash, its text compared.
    if let id = storedPayloads[hash] {
      let equal =
        try pendingPayloads.text(of: id).map { $0.elementsEqual(bytes) }
        ?? payload(id).bytes.elementsEqual(bytes)
      if equal { return id }
      try flushPendingPayloads()  // the lookup below must see every payload with this hash
    }
    if !payloadTableWasEmpty || storedPayloads[hash] != nil {
      let lookup = try database.cachedStatement(sql: "SELECT id, json FROM payload WHERE hash = ?")
      try lookup.bind([.integer(hash)])
      defer { lookup.reset() }
      while try lookup.step() {
        if lookup.textBytes(at: 1).elementsEqual(bytes) { return lookup.int64(at: 0) }
      }
    }
    // A new payload: it gets the next rowid now and is inserted with others later.
    let id: Int64
    if let next = nextPayloadID {
      id = next
    } else {
      id = (try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM payload") ?? 0) + 1
    }
    nextPayloadID = id + 1
    pendingPayloads.append(id: id, hash: hash, text: bytes)
    if storedPayloads[hash] == nil { storedPayloads[hash] = id }
    if pendingPayloads.count == PendingPayloads.batchSize { try flushPendingPayloads() }
    return id
  }

  /// Inserts the payloads waiting in `pendingPayloads`, 64 rows per statement run.
  ///
  /// Their ids were handed out in advance: without AUTOINCREMENT each new rowid is one more
  /// than the largest (https://sqlite.org/autoinc.html), and only this context inserts
  /// payloads while it holds the write lock; the ids are checked after the insert all the
  /// same. Reads of `payload` and `entry_version` in a write context, and the commit, flush
  /// first.
  func flushPendingPayloads() throws {
    guard pendingPayloads.count > 0 else { return }
    defer { pendingPayloads.removeAll() }
    let last = pendingPayloads.lastID
    if pendingPayloads.count == PendingPayloads.batchSize {
      try pendingPayloads.insert(
        with: try insertPayloadsStatement(), rows: 0..<pendingPayloads.count)
    } else {
      let one = try insertPayloadStatement()
      for row in 0..<pendingPayloads.count {
        try pendingPayloads.insert(with: one, rows: row..<row + 1)
      }
    }
    guard database.lastInsertRowID == last else {
      throw CatalogError.database(.inconsistent("new payloads did not get the ids expected"))
    }
  }

  private func insertPayloadStatement() throws -> Statement {
    if let statement = insertPayload, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(
      sql: "INSERT OR ROLLBACK INTO payload (hash, json) VALUES (?, ?)")
    insertPayload = statement
    return statement
  }

  private func insertPayloadsStatement() throws -> Statement {
    if let statement = insertPayloads, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(
      sql: "INSERT OR ROLLBACK INTO payload (hash, json) VALUES "
        + repeatElement("(?, ?)", count: PendingPayloads.batchSize).joined(separator: ", "))
    insertPayloads = statement
    return statement
  }

  // MARK: Checks

  func integrityProblems() throws -> [String] {
    try flushPendingVersions()
    return try SQLiteCatalogStorage.integrityFindings(of: database)
  }

  func foreignKeyProblems() throws -> [String] {
    try flushPendingVersions()
    var problems: [String] = []
    // One line per broken relation rather than per row: a lost revision orphans every row
    // that it wrote.
    var orphans: [(table: String, parent: String, rows: Int)] = []
    let foreignKeys = try database.makeStatement(sql: "PRAGMA foreign_key_check")
    while try foreignKeys.step() {
      let table = foreignKeys.string(at: 0) ?? "?"
      let parent = foreignKeys.string(at: 2) ?? "?"
      if let index = orphans.firstIndex(where: { $0.table == table && $0.parent == parent }) {
        orphans[index].rows += 1
      } else {
        orphans.append((table, parent, 1))
      }
    }
    for (table, parent, rows) in orphans {
      problems.append(
        rows == 1
          ? "foreign_key_check: a row of \(table) refers to a missing row of \(parent)"
          : "foreign_key_check: \(rows) rows of \(table) refer to missing rows of \(parent)")
    }
    return problems
  }
}

extension EntryChange {
  /// The `change` column's text, static so that it binds without a copy.
  var columnText: StaticString {
    switch self {
    case .added: return "added"
    case .changed: return "changed"
    case .renamed: return "renamed"
    case .moved: return "moved"
    case .removed: return "removed"
    }
  }
}

extension Statement {
  /// Binds UTF-8 bytes as TEXT (not BLOB), so that SQLite's JSON functions and the shell
  /// see text.
  func bindText(_ bytes: [UInt8], at index: Int32) throws {
    let code = bytes.withUnsafeBytes { raw -> Int32 in
      guard let base = raw.baseAddress, !raw.isEmpty else {
        return sqlite3_bind_text(handle, index, "", 0, csqlite_transient)
      }
      return sqlite3_bind_text64(
        handle, index, base.assumingMemoryBound(to: CChar.self), UInt64(raw.count),
        csqlite_transient,
        UInt8(SQLITE_UTF8))
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(code: code, connection: sqlite3_db_handle(handle), sql: nil)
    }
  }
}

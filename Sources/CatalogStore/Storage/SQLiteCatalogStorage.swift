import CSQLite
import Components
import Foundation

/// The catalog on SQLite: one connection, WAL journal, foreign keys on, a busy timeout, and
/// every statement prepared once with bound parameters.
///
/// All SQL of the product lives in this file and its `SQLiteCatalogStorage+*.swift`
/// extensions (and the schema in `Migrations/`).
final class SQLiteCatalogStorage: CatalogStorage {
  let database: Database
  let path: String
  let busyTimeout: Double

  init(path: String, options: Catalog.Options) throws {
    self.path = path
    self.busyTimeout = options.busyTimeout
    do {
      if options.readOnly || !options.create {
        guard FileManager.default.fileExists(atPath: path) else {
          throw CatalogError.unreadable(path: path, reason: "no catalog database here; 'catalog import FILE' creates one")
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
    } catch {
      throw Self.translate(error, path: path, busyTimeout: options.busyTimeout)
    }
  }

  func read<T>(_ body: (any CatalogReadContext) throws -> T) throws -> T {
    do {
      return try database.inTransaction(.deferred) {
        try body(SQLiteContext(storage: self))
      }
    } catch {
      throw Self.translate(error, path: path, busyTimeout: busyTimeout)
    }
  }

  func write<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T {
    var result: T?
    do {
      try database.inTransactionDeciding(.immediate) {
        let context = SQLiteContext(storage: self)
        context.payloadTableWasEmpty =
          try database.scalar(sql: "SELECT NOT EXISTS (SELECT 1 FROM payload)") == 1
        switch try body(context) {
        case .commit(let value):
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
        reason = "not a catalog database (the file is not SQLite, or is encrypted or damaged); it was left unchanged"
      } else if error.isCorrupt {
        reason = "the database is damaged (\(error.message)); 'catalog doctor' reports what is wrong"
      } else if error.isReadOnlyDirectory {
        // WAL mode needs PATH-wal and PATH-shm beside the file, for readers too
        // (https://sqlite.org/wal.html#readonly).
        reason =
          "the catalog's directory cannot be written, and SQLite keeps its -wal and -shm "
          + "files beside the catalog, even to read it; make the directory writable"
      } else if error.isReadOnly {
        reason = "the catalog cannot be written (\(error.message)); check the permissions of the file and its directory"
      } else if error.isCantOpen {
        reason = "cannot open the catalog database (\(error.message)); check that its directory exists and is writable"
      } else if error.isBusy {
        reason = "another writer held the catalog for longer than the busy timeout (\(busyTimeout) s); "
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

/// The read and write queries of one transaction.
final class SQLiteContext: CatalogWriteContext {
  let storage: SQLiteCatalogStorage
  var database: Database { storage.database }
  /// The payload table was empty when the write began, so a payload not stored by this write
  /// is not stored at all: no need to look it up.
  var payloadTableWasEmpty = false
  /// Payloads stored by this write, by hash.
  private var storedPayloads: [Int64: [(id: Int64, bytes: [UInt8])]] = [:]

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
      throw CatalogError.database("revision \(statement.int64(at: 0)) has an unreadable time '\(timeText)'")
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
    ).execute([.text(tag.name), .integer(tag.revision), .text(Timestamp.string(tag.time)), .text(tag.author)])
  }

  func deleteTag(named name: String) throws -> Bool {
    try database.cachedStatement(sql: "DELETE FROM tag WHERE name = ?").execute([.text(name)])
    return database.changes > 0
  }

  // MARK: Entries

  /// The newest row of every component at or before `?1`: the catalog as of that revision
  /// (docs/schema.md, "Answering as-of queries").
  private static let latestRows = """
    SELECT component_id, max(revision_id) AS revision_id FROM entry_version
    WHERE revision_id <= ?1 GROUP BY component_id
    """

  func forEachEntry(at revision: Int64, _ body: (StoredEntry) throws -> Void) throws {
    let statement = try database.cachedStatement(
      sql: """
        SELECT v.component_id, v.revision_id, v.change, v.kind, v.category, v.description,
               p.json, v.extra, v.key_order, v.position
        FROM (\(Self.latestRows)) AS latest
        JOIN entry_version AS v
          ON v.component_id = latest.component_id AND v.revision_id = latest.revision_id
        JOIN payload AS p ON p.id = v.payload_id
        WHERE v.change <> 'removed'
        ORDER BY v.position, v.component_id
        """)
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    while try statement.step() {
      try body(try Self.storedEntry(from: statement))
    }
  }

  func index(at revision: Int64) throws -> [String: IndexedEntry] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT v.component_id, v.kind, v.category, v.description, v.payload_id, p.hash,
               v.extra, v.key_order, v.position
        FROM (\(Self.latestRows)) AS latest
        JOIN entry_version AS v
          ON v.component_id = latest.component_id AND v.revision_id = latest.revision_id
        JOIN payload AS p ON p.id = v.payload_id
        WHERE v.change <> 'removed'
        """)
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    var index: [String: IndexedEntry] = [:]
    while try statement.step() {
      let entry = IndexedEntry(
        componentID: statement.int64(at: 0), kind: statement.string(at: 1) ?? "",
        category: statement.string(at: 2) ?? "", description: statement.string(at: 3) ?? "",
        payloadID: statement.int64(at: 4), payloadHash: statement.int64(at: 5),
        extra: statement.string(at: 6), keyOrder: statement.string(at: 7),
        position: statement.string(at: 8) ?? "")
      index[entry.kind] = entry
    }
    return index
  }

  func versions(ofComponent id: Int64) throws -> [StoredEntry] {
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
    Int(
      try database.scalar(
        sql: "SELECT count(*) FROM payload WHERE id NOT IN (SELECT payload_id FROM entry_version)")
        ?? 0)
  }

  func component(named kind: String, atOrBefore revision: Int64) throws -> Int64? {
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
      throw CatalogError.database("an entry version of \"\(kind)\" has an unknown change '\(changeText)'")
    }
    let entry = try ChangePlan.entry(
      kind: kind, category: statement.string(at: 4) ?? "", description: statement.string(at: 5) ?? "",
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

  func appendVersion(_ row: VersionRow, in revision: Int64) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO entry_version (component_id, revision_id, change, kind, category,
          description, payload_id, extra, key_order, position)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    try statement.execute([
      .integer(row.componentID), .integer(revision), .text(row.change.rawValue), .text(row.kind),
      .text(row.category), .text(row.description), .integer(row.payloadID),
      row.extra.map(DatabaseValue.text) ?? .null, row.keyOrder.map(DatabaseValue.text) ?? .null,
      .text(row.position),
    ])
  }

  // MARK: Payloads

  func payload(_ id: Int64) throws -> JSONText {
    let statement = try database.cachedStatement(sql: "SELECT json FROM payload WHERE id = ?")
    try statement.bind([.integer(id)])
    defer { statement.reset() }
    guard try statement.step() else { throw CatalogError.database("payload \(id) is missing") }
    var bytes: [UInt8] = []
    statement.appendText(at: 0, to: &bytes)
    return JSONText(canonicalBytes: bytes)
  }

  func internPayload(_ text: JSONText) throws -> Int64 {
    let hash = text.stableHash
    if let match = storedPayloads[hash]?.first(where: { $0.bytes == text.bytes }) {
      return match.id
    }
    if !payloadTableWasEmpty {
      let lookup = try database.cachedStatement(sql: "SELECT id, json FROM payload WHERE hash = ?")
      try lookup.bind([.integer(hash)])
      defer { lookup.reset() }
      while try lookup.step() {
        let equal = lookup.withText(at: 1) { $0.elementsEqual(text.bytes) }
        if equal { return lookup.int64(at: 0) }
      }
    }
    let insert = try database.cachedStatement(sql: "INSERT INTO payload (hash, json) VALUES (?, ?)")
    try insert.bind(.integer(hash), at: 1)
    try insert.bindText(text.bytes, at: 2)
    _ = try insert.step()
    insert.reset()
    let id = database.lastInsertRowID
    storedPayloads[hash, default: []].append((id, text.bytes))
    return id
  }

  // MARK: Checks

  func integrityProblems() throws -> [String] {
    var problems: [String] = []
    do {
      let integrity = try database.makeStatement(sql: "PRAGMA integrity_check")
      while try integrity.step() {
        let line = integrity.string(at: 0) ?? ""
        if line != "ok" { problems.append("integrity_check: \(line)") }
      }
    } catch let error as DatabaseError where error.isCorrupt || error.isNotADatabase {
      problems.append("integrity_check: \(error.message)")
    }
    return problems
  }

  func foreignKeyProblems() throws -> [String] {
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

extension Statement {
  /// Binds UTF-8 bytes as TEXT (not BLOB), so that SQLite's JSON functions and the shell
  /// see text.
  func bindText(_ bytes: [UInt8], at index: Int32) throws {
    let code = bytes.withUnsafeBytes { raw -> Int32 in
      guard let base = raw.baseAddress, !raw.isEmpty else {
        return sqlite3_bind_text(handle, index, "", 0, csqlite_transient)
      }
      return sqlite3_bind_text64(
        handle, index, base.assumingMemoryBound(to: CChar.self), UInt64(raw.count), csqlite_transient,
        UInt8(SQLITE_UTF8))
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(code: code, connection: sqlite3_db_handle(handle), sql: nil)
    }
  }
}

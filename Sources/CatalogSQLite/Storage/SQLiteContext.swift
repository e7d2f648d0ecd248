import CatalogStorage
import Components
import Foundation

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
  var storedPayloads = StoredPayloads()
  var insertVersion: Statement?
  /// The INSERTs of ``keptInsert(_:batched:)``.
  var keptInserts: [KeptInsert.Key: Statement] = [:]
  var insertVersions: Statement?
  /// A first import's INSERT of whole batches of `added` rows (``insertVersions(_:firstComponent:revision:payloadIDs:orderKeys:)``).
  var insertAddedVersions: Statement?
  /// Entry versions appended but not yet inserted (see ``flushPendingVersions()``).
  var pendingVersions = PendingVersions()
  /// Payloads given ids but not yet inserted (see ``flushPendingPayloads()``).
  var pendingPayloads = PendingPayloads()
  /// The id the next inserted payload gets; nil until the first insert asks.
  var nextPayloadID: Int64?
  /// While this write's `payload_hash` rows are kept to be inserted in key order by
  /// ``insertDeferredPayloadHashes()`` (a first import), the first of them in
  /// ``storedPayloads``' rows, which hold them; nil when each payload's row goes in with it.
  var deferredPayloadHashes: Int?
  /// Hashes the texts of the payloads this write stores (``flushPendingPayloads()``), on
  /// the thread that stores them (a first import's writer thread).
  let payloadHasher = SHA256()
  /// Whether the `kind_version` rows of the entry versions this write inserts wait for the
  /// end (a first import: ``SQLiteEntryStream`` inserts them in key order from the kinds the
  /// document reader kept, ``SQLiteEntryStream/finish(kinds:)``); when false, each entry
  /// version's row goes in with it.
  var kindRowsDeferred = false
  /// The id the next new component gets; nil until the first ``newComponents(count:)``.
  var nextComponentID: Int64?
  var checksRelaxed = false
  /// Whether a first import lowered the page cache (see ``restorePageCache()``).
  var pageCacheLowered = false
  /// Entry versions this write appended (``appendVersion(_:)``).
  var appendedVersions = 0
  /// The entry versions a first import's stream appended, whose references hold by
  /// construction (see ``SoundRows``); ``checkForeignKeys(ofRowsAfter:)`` checks their
  /// bounds instead of looking up each row's parents.
  var soundVersions = SoundRows()

  init(storage: SQLiteCatalogStorage) {
    self.storage = storage
  }

  // MARK: Revisions

  private static let revisionColumns =
    "id, created_at, author, message, source, operation, added, changed, removed, moved"
  /// The revision columns and whether the revision recorded a document frame.
  private static let revisionSelection =
    "\(revisionColumns), revision.id > 1 AND EXISTS (SELECT 1 FROM document_frame AS f WHERE f.revision_id = revision.id)"

  func headRevision() throws -> Int64 {
    try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM revision") ?? 0
  }

  func revision(_ id: Int64) throws -> Revision? {
    let statement = try database.cachedStatement(
      sql: "SELECT \(Self.revisionSelection) FROM revision WHERE id = ?")
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
          SELECT \(Self.revisionSelection) FROM revision
          WHERE id IN (SELECT revision_id FROM entry_version WHERE component_id = ?1)
          ORDER BY id DESC LIMIT ?2
          """)
      try statement.bind([.integer(component), .integer(Int64(limit ?? -1))])
    } else {
      statement = try database.cachedStatement(
        sql: "SELECT \(Self.revisionSelection) FROM revision ORDER BY id DESC LIMIT ?1")
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
    try statement.bind([.text(Timestamp.string(atOrBefore: time))])
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
        removed: Int(statement.int64(at: 8)), moved: Int(statement.int64(at: 9))),
      changedFrame: statement.int64(at: 10) != 0)
  }

  func appendRevision(_ draft: RevisionDraft) throws -> Int64 {
    let id = try headRevision() + 1
    // The writer's clock as it is: a clock years ahead gets its own revision wrong, not
    // every later one's (issue 30, item 5). Order is the id's; `--at TIME` is the newest
    // revision written at or before TIME.
    let time = Timestamp.string(draft.time ?? Date(timeIntervalSinceNow: storage.clockSkew))
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
      sql: "SELECT name, revision_id, created_at, author, message FROM tag WHERE name = ?")
    try statement.bind([.text(name)])
    defer { statement.reset() }
    return try statement.step() ? Self.tag(from: statement) : nil
  }

  func tags() throws -> [Tag] {
    let statement = try database.cachedStatement(
      sql: "SELECT name, revision_id, created_at, author, message FROM tag ORDER BY name")
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
      author: statement.string(at: 3) ?? "", message: statement.string(at: 4) ?? "")
  }

  func setTag(_ tag: Tag) throws {
    try database.cachedStatement(
      sql: "INSERT INTO tag (name, revision_id, created_at, author, message) VALUES (?, ?, ?, ?, ?)"
    ).execute([
      .text(tag.name), .integer(tag.revision), .text(Timestamp.string(tag.time)), .text(tag.author),
      .text(tag.message),
    ])
  }

  func deleteTag(named name: String) throws -> Bool {
    try database.cachedStatement(sql: "DELETE FROM tag WHERE name = ?").execute([.text(name)])
    return database.changes > 0
  }
}

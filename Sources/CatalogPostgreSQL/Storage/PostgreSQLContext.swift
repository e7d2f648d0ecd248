import CatalogStorage
import Components
import Foundation

/// The read queries of one transaction on PostgreSQL (the writes are in
/// `PostgreSQLContext+Writes.swift`).
///
/// The catalog as of revision R is, for each component, its `entry_version` row with the
/// greatest `revision_id <= R`, unless that row's change is `removed` (docs/schema.md):
/// `DISTINCT ON (component_id) … ORDER BY component_id, revision_id DESC`. Whole-catalog
/// reads stream their rows (``Connection/forEachRow(_:_:_:)``) instead of loading them.
final class PostgreSQLContext: CatalogWriteContext {
  let storage: PostgreSQLCatalogStorage
  var connection: Connection { storage.connection }

  // Rows a write has made but not yet sent, encoded for COPY in the binary format; see
  // ``flush()``.
  var pendingPayloads = CopyBuffer(format: .binary)
  var pendingPayloadHashes = CopyBuffer(format: .binary)
  /// The `payload_digest` rows of the payloads in `pendingPayloads`.
  var pendingPayloadDigests = CopyBuffer(format: .binary)
  /// Hashes the texts of the payloads this write stores.
  let payloadHasher = SHA256()
  /// The `kind_version` rows of the entry versions in `pendingVersions`.
  var pendingKinds = CopyBuffer(format: .binary)
  var pendingVersions = CopyBuffer(format: .binary)
  /// The payloads this write stored, by the SHA-256 of their texts, to find a repeated
  /// payload without asking the server.
  var writtenPayloads: [SIMD4<UInt64>: Int64] = [:]
  /// A first import's sender thread, from ``streamAddedEntries(revision:capacity:)`` until
  /// its stream ends; nil otherwise.
  var pipeline: CopyPipeline?
  /// The write created the catalog's tables (its first): no other session can see them
  /// until it commits.
  var tablesAreNew = false
  /// The statements that restore the keys, indexes and foreign keys a first import into new
  /// tables set aside (``suspendKeys()``); empty otherwise.
  var keysToRestore: [String] = []
  var foreignKeysToRestore: [String] = []
  /// The payload table was empty when the write began: a payload this write did not store
  /// is not stored at all.
  var payloadTableWasEmpty = false
  var nextPayloadID: Int64 = 1
  var nextComponentID: Int64 = 1
  /// A first import's entry rows as it sends them, encoded for its revision's digest
  /// (``takeSentRowBytes(ofRevision:)``), from ``streamAddedEntries(revision:capacity:)``
  /// on; nil otherwise, or once a row came that the encoding cannot follow.
  var sentRows: SentRows?
  /// The payload ``internPayload(bytes:hash:)`` gave last, with its SHA-256.
  var lastInterned: (id: Int64, digest: SIMD4<UInt64>)?

  init(storage: PostgreSQLCatalogStorage) {
    self.storage = storage
  }

  // MARK: Revisions

  static let revisionColumns =
    "id, created_at, author, message, source, operation, added, changed, removed, moved"
  /// The revision columns and whether the revision recorded a document frame.
  static let revisionSelection =
    "\(revisionColumns), revision.id > 1 AND EXISTS (SELECT 1 FROM document_frame AS f WHERE f.revision_id = revision.id)"

  func headRevision() throws -> Int64 {
    try flush()
    return try connection.execute("SELECT coalesce(max(id), 0) FROM revision")
      .int64(row: 0, column: 0) ?? 0
  }

  func revision(_ id: Int64) throws -> Revision? {
    let result = try connection.execute(
      "SELECT \(Self.revisionSelection) FROM revision WHERE id = $1", [.int(id)])
    guard result.rowCount == 1 else { return nil }
    var revision = try Self.revision(result, row: 0)
    revision.tags = try tags().filter { $0.revision == id }.map(\.name)
    return revision
  }

  func revisions(limit: Int?, touching component: Int64?) throws -> [Revision] {
    try flush()
    let limitValue: QueryValue = limit.map { .int(Int64($0)) } ?? .null
    let result: QueryResult
    if let component {
      result = try connection.execute(
        """
        SELECT \(Self.revisionSelection) FROM revision
        WHERE id IN (SELECT revision_id FROM entry_version WHERE component_id = $1)
        ORDER BY id DESC LIMIT $2
        """, [.int(component), limitValue])
    } else {
      result = try connection.execute(
        "SELECT \(Self.revisionSelection) FROM revision ORDER BY id DESC LIMIT $1", [limitValue])
    }
    var revisions = try (0..<result.rowCount).map { try Self.revision(result, row: $0) }
    let tagsByRevision = Dictionary(grouping: try tags(), by: \.revision)
    for i in revisions.indices {
      revisions[i].tags = (tagsByRevision[revisions[i].id] ?? []).map(\.name).sorted()
    }
    return revisions
  }

  func revision(atOrBefore time: Date) throws -> Int64? {
    try connection.execute(
      "SELECT max(id) FROM revision WHERE created_at <= $1",
      [.text(Timestamp.string(atOrBefore: time))]
    ).int64(row: 0, column: 0)
  }

  static func revision(_ result: QueryResult, row: Int) throws -> Revision {
    let id = try result.int64(row: row, column: 0) ?? 0
    let timeText = result.string(row: row, column: 1) ?? ""
    guard let time = Timestamp.parse(timeText) else {
      throw CatalogError.database(
        .inconsistent("revision \(id) has an unreadable time '\(timeText)'"))
    }
    func count(_ column: Int) throws -> Int { Int(try result.int64(row: row, column: column) ?? 0) }
    return Revision(
      id: id, time: time, author: result.string(row: row, column: 2) ?? "",
      message: result.string(row: row, column: 3) ?? "",
      source: result.string(row: row, column: 4) ?? "",
      operation: result.string(row: row, column: 5) ?? "",
      counts: ChangeCounts(
        added: try count(6), changed: try count(7), removed: try count(8), moved: try count(9)),
      changedFrame: result.string(row: row, column: 10) == "t")
  }

  // MARK: Tags

  func tag(named name: String) throws -> Tag? {
    let result = try connection.execute(
      "SELECT name, revision_id, created_at, author, message FROM tag WHERE name = $1",
      [.text(name)])
    return result.rowCount == 1 ? try Self.tag(result, row: 0) : nil
  }

  func tags() throws -> [Tag] {
    let result = try connection.execute(
      "SELECT name, revision_id, created_at, author, message FROM tag ORDER BY name")
    return try (0..<result.rowCount).map { try Self.tag(result, row: $0) }
  }

  private static func tag(_ result: QueryResult, row: Int) throws -> Tag {
    Tag(
      name: result.string(row: row, column: 0) ?? "",
      revision: try result.int64(row: row, column: 1) ?? 0,
      time: Timestamp.parse(result.string(row: row, column: 2) ?? "")
        ?? Date(timeIntervalSince1970: 0),
      author: result.string(row: row, column: 3) ?? "",
      message: result.string(row: row, column: 4) ?? "")
  }

  // MARK: Entries

  /// The rows in force at `revision` (not removed), with their payload texts, in export
  /// order: a query for ``Connection/forEachCopiedRow(_:_:)`` (no parameters, so the
  /// revision, a number, is in the text; the numbers cast to text, as COPY's rows are read).
  private static func entriesInForce(at revision: Int64) -> String {
    """
    SELECT v.component_id::text, v.revision_id::text, v.change, v.kind, v.category,
           v.description, v.payload_id::text, v.extra, v.key_order, v.position, p.json
    FROM (SELECT DISTINCT ON (component_id) *
          FROM entry_version WHERE revision_id <= \(revision)
          ORDER BY component_id, revision_id DESC) AS v
    JOIN payload AS p ON p.id = v.payload_id
    WHERE v.change <> 'removed'
    ORDER BY v.position, v.component_id
    """
  }

  /// The same rows without their payloads, in no particular order, each with its payload's
  /// stored digest in hexadecimal (NULL when none is stored).
  private static let rowsInForce = """
    SELECT v.component_id, v.revision_id, v.change, v.kind, v.category, v.description,
           v.payload_id, v.extra, v.key_order, v.position, encode(d.digest, 'hex')
    FROM (SELECT DISTINCT ON (component_id) *
          FROM entry_version WHERE revision_id <= $1
          ORDER BY component_id, revision_id DESC) AS v
    LEFT JOIN payload_digest AS d ON d.payload_id = v.payload_id
    WHERE v.change <> 'removed'
    """

  /// The same rows' keys alone (``EntryReading/keys``), the other texts sent as empty.
  private static let keysInForce = """
    SELECT component_id, revision_id, change, kind, '', '', payload_id, NULL, NULL, position
    FROM (SELECT DISTINCT ON (component_id) component_id, revision_id, change, kind,
                 payload_id, position
          FROM entry_version WHERE revision_id <= $1
          ORDER BY component_id, revision_id DESC) AS v
    WHERE change <> 'removed'
    """

  func forEachEntryRow(
    at revision: Int64, _ reading: EntryReading, _ body: (EntryRow) throws -> Void
  ) throws {
    try flush()
    guard revision > 0 else { return }
    let sql: String
    switch reading {
    case .inExportOrder:
      // Every payload text: one COPY stream, not a result per row.
      try connection.forEachCopiedRow(Self.entriesInForce(at: revision)) { row in
        try body(try Self.entryRow(row))
      }
      return
    case .withoutPayloads: sql = Self.rowsInForce
    case .keys: sql = Self.keysInForce
    }
    guard reading == .withoutPayloads else {
      try connection.forEachRow(sql, [.int(revision)]) { row in
        try body(try Self.entryRow(row))
      }
      return
    }
    var digest = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
    try connection.forEachRow(sql, [.int(revision)]) { row in
      var entry = try Self.entryRow(row, withPayload: false)
      guard !row.isNull(row: 0, column: 10) else { return try body(entry) }
      guard Self.decodeDigest(hex: row.bytes(row: 0, column: 10), into: &digest) else {
        throw CatalogError.database(.inconsistent("a payload digest is not 32 bytes"))
      }
      try digest.withUnsafeBytes { digest in
        entry.payloadDigest = digest
        try body(entry)
      }
    }
  }

  static let versionColumns = """
    SELECT v.component_id, v.revision_id, v.change, v.kind, v.category, v.description,
           v.payload_id, v.extra, v.key_order, v.position, p.json
    FROM entry_version AS v JOIN payload AS p ON p.id = v.payload_id
    """

  func forEachEntryRow(
    versions: [(component: Int64, revision: Int64)], _ body: (EntryRow) throws -> Void
  ) throws {
    try flush()
    guard !versions.isEmpty else { return }
    // One query for all of them: the pairs as two arrays, joined on the primary key.
    func array(_ values: some Sequence<Int64>) -> QueryValue {
      .text("{" + values.map(String.init).joined(separator: ",") + "}")
    }
    var found = 0
    try connection.forEachRow(
      """
      \(Self.versionColumns)
      JOIN unnest($1::bigint[], $2::bigint[]) AS k(component_id, revision_id)
        ON v.component_id = k.component_id AND v.revision_id = k.revision_id
      """, [array(versions.lazy.map(\.component)), array(versions.lazy.map(\.revision))]
    ) { row in
      found += 1
      try body(try Self.entryRow(row))
    }
    guard found == versions.count else {
      throw CatalogError.database(
        .inconsistent("\(versions.count - found) of \(versions.count) entry versions are missing"))
    }
  }

  func forEachVersionRow(ofComponent component: Int64?, _ body: (EntryRow) throws -> Void) throws {
    try flush()
    if let component {
      try connection.forEachRow(
        "\(Self.versionColumns) WHERE v.component_id = $1 ORDER BY v.revision_id",
        [.int(component)]
      ) { try body(try Self.entryRow($0)) }
    } else {
      try connection.forEachRow("\(Self.versionColumns) ORDER BY v.revision_id, v.component_id") {
        try body(try Self.entryRow($0))
      }
    }
  }

  func forEachVersionRow(byComponentUpTo revision: Int64, _ body: (EntryRow) throws -> Void)
    throws
  {
    try flush()
    // Streamed in single-row mode; the primary key (component_id, revision_id) gives the order.
    try connection.forEachRow(
      "\(Self.versionColumns) WHERE v.revision_id <= $1 ORDER BY v.component_id, v.revision_id",
      [.int(revision)]
    ) { try body(try Self.entryRow($0)) }
  }

  func component(named kind: String, atOrBefore revision: Int64) throws -> Int64? {
    try flush()
    return try connection.execute(
      """
      SELECT kv.component_id FROM kind_version kv
      JOIN entry_version ev
        ON ev.component_id = kv.component_id AND ev.revision_id = kv.revision_id
      WHERE kv.kind = $1 AND kv.revision_id = (
        SELECT max(revision_id) FROM kind_version WHERE kind = $1 AND revision_id <= $2)
      ORDER BY ev.change = 'removed', kv.component_id LIMIT 1
      """, [.text(kind), .int(revision)]
    ).int64(row: 0, column: 0)
  }

  // MARK: Payloads

  func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    try flush()
    let result = try connection.execute("SELECT json FROM payload WHERE id = $1", [.int(id)])
    guard result.rowCount == 1 else {
      throw CatalogError.database(.inconsistent("payload \(id) is missing"))
    }
    return try body(result.bytes(row: 0, column: 0))
  }

  // MARK: Checks

  /// Rows whose references point at no row. PostgreSQL checks its own pages (and `amcheck`
  /// is an extension a catalog cannot count on), and enforces the foreign keys on every
  /// commit, so this finds something only if they were dropped by hand.
  func storageCheck() throws -> StorageCheck {
    try flush()
    let result = try connection.execute(
      """
      SELECT
        (SELECT count(*) FROM entry_version AS v
         WHERE NOT EXISTS (SELECT 1 FROM revision AS r WHERE r.id = v.revision_id)
            OR NOT EXISTS (SELECT 1 FROM payload AS p WHERE p.id = v.payload_id)),
        (SELECT count(*) FROM payload AS p
         WHERE NOT EXISTS (SELECT 1 FROM payload_hash AS h
                           WHERE h.hash = p.hash AND h.payload_id = p.id)),
        (SELECT count(*) FROM payload_hash AS h
         WHERE NOT EXISTS (SELECT 1 FROM payload AS p WHERE p.id = h.payload_id AND p.hash = h.hash)),
        (SELECT count(*) FROM entry_version AS v
         WHERE NOT EXISTS (SELECT 1 FROM kind_version AS k
                           WHERE k.kind = v.kind AND k.revision_id = v.revision_id
                             AND k.component_id = v.component_id)),
        (SELECT count(*) FROM kind_version AS k
         WHERE NOT EXISTS (SELECT 1 FROM entry_version AS v
                           WHERE v.component_id = k.component_id AND v.revision_id = k.revision_id
                             AND v.kind = k.kind))
      """)
    var problems: [String] = []
    if let rows = try result.int64(row: 0, column: 0), rows > 0 {
      problems.append("foreign keys: \(rows) rows of entry_version refer to missing rows")
    }
    problems += LookupTableCheck.payloadHash(
      missing: try result.int64(row: 0, column: 1) ?? 0,
      stray: try result.int64(row: 0, column: 2) ?? 0)
    problems += LookupTableCheck.kindVersion(
      missing: try result.int64(row: 0, column: 3) ?? 0,
      stray: try result.int64(row: 0, column: 4) ?? 0)
    return StorageCheck(
      problems: problems, passed: "references between rows ok, payload hashes ok, kinds ok")
  }

  func presentCountEstimate(at revision: Int64) throws -> Int {
    Int(
      try connection.execute(
        "SELECT coalesce(sum(added) - sum(removed), 0)::bigint FROM revision WHERE id <= $1",
        [.int(revision)]
      ).int64(row: 0, column: 0) ?? 0)
  }

  func unreferencedPayloadCount() throws -> Int {
    try flush()
    return Int(
      try connection.execute(
        """
        SELECT count(*) FROM payload AS p
        WHERE NOT EXISTS (SELECT 1 FROM entry_version AS v WHERE v.payload_id = p.id)
        """
      ).int64(row: 0, column: 0) ?? 0)
  }

  // MARK: Rows

  private static func optionalBytes(_ row: some TextRow, column: Int) -> UnsafeRawBufferPointer? {
    row.isNull(row: 0, column: column) ? nil : row.bytes(row: 0, column: column)
  }

  /// Row 0 of a result whose columns are those of ``entriesInForce`` (the payload text, the
  /// eleventh, may be absent), borrowed.
  static func entryRow(_ row: some TextRow, withPayload: Bool = true) throws -> EntryRow {
    let changeText = row.string(row: 0, column: 2) ?? ""
    guard let change = EntryChange(rawValue: changeText) else {
      let kind = row.string(row: 0, column: 3) ?? ""
      throw CatalogError.database(
        .inconsistent("an entry version of \"\(kind)\" has an unknown change '\(changeText)'"))
    }
    return EntryRow(
      componentID: try row.int64(row: 0, column: 0) ?? 0,
      revision: try row.int64(row: 0, column: 1) ?? 0, change: change,
      kind: row.bytes(row: 0, column: 3), category: row.bytes(row: 0, column: 4),
      description: row.bytes(row: 0, column: 5),
      payloadID: try row.int64(row: 0, column: 6) ?? 0,
      payload: withPayload
        ? row.bytes(row: 0, column: 10) : UnsafeRawBufferPointer(start: nil, count: 0),
      extra: optionalBytes(row, column: 7), keyOrder: optionalBytes(row, column: 8),
      orderKey: row.bytes(row: 0, column: 9))
  }
}

@available(*, unavailable, message: "a context belongs to the thread of its connection")
extension PostgreSQLContext: Sendable {}

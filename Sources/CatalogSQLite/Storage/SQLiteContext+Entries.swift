import CatalogStorage
import Components

/// The reads of entry rows: the rows in force at a revision, every version, payload hashes.
extension SQLiteContext {
  func forEachEntryRow(
    at revision: Int64, _ reading: EntryReading, _ body: (EntryRow) throws -> Void
  ) throws {
    switch reading {
    case .inExportOrder: try forEachEntryInExportOrder(at: revision, body)
    case .withoutPayloads:
      try forEachEntryNewestComponentFirst(
        at: revision, sql: Self.rowsInForceNewestFirst, withDigest: true, body)
    case .keys:
      try forEachEntryNewestComponentFirst(
        at: revision, sql: Self.keysInForceNewestFirst, withDigest: false, body)
    }
  }

  /// The rows in force at a revision, newest component first. A component's row in force at
  /// revision R is its row with the greatest `revision_id <= R` (docs/schema.md); walking
  /// the primary key `(component_id, revision_id)` backwards meets that row first in each
  /// component's run, so one pass of the table finds them all, without the GROUP BY whose
  /// bare columns copy every row, and without a sort.
  ///
  /// Each row comes with its payload's stored digest (`payload_digest`, keyed by the
  /// payload's id: one probe of a small table per row, mostly in ascending id order).
  private static let rowsInForceNewestFirst = """
    SELECT \(EntryCodec.columns.map { "v.\($0)" }.joined(separator: ", ")), d.digest
    FROM entry_version AS v LEFT JOIN payload_digest AS d ON d.payload_id = v.payload_id
    WHERE v.revision_id <= ?1
    ORDER BY v.component_id DESC, v.revision_id DESC
    """

  /// ``rowsInForceNewestFirst`` with only the keys (``EntryReading/keys``): the columns a
  /// read does not ask for are not taken out of each row's record, which was most of a
  /// scan's cost.
  private static let keysInForceNewestFirst = """
    SELECT component_id, revision_id, change, kind, '', '', payload_id, NULL, NULL, position
    FROM entry_version WHERE revision_id <= ?1
    ORDER BY component_id DESC, revision_id DESC
    """

  private func forEachEntryNewestComponentFirst(
    at revision: Int64, sql: String, withDigest: Bool, _ body: (EntryRow) throws -> Void
  ) throws {
    try flushPendingVersions()
    if withDigest { try flushPendingPayloads() }
    guard revision > 0 else { return }
    let statement = try database.cachedStatement(sql: sql)
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    try Self.forEachRowInForce(statement) {
      var row = try SQLiteEntryColumns.row(from: statement, withPayload: false)
      if withDigest {
        row.payloadDigest = statement.blobBytes(at: Int32(SQLiteEntryColumns.count))
      }
      try body(row)
    }
  }

  func forEachEntryRow(
    versions: [(component: Int64, revision: Int64)], _ body: (EntryRow) throws -> Void
  ) throws {
    try flushPendingVersions()
    // One primary-key probe each (also how export reads an entry its scan cannot deliver).
    let lookup = try database.cachedStatement(
      sql:
        "\(SQLiteEntryColumns.selectWithPayload) WHERE v.component_id = ?1 AND v.revision_id = ?2")
    for (component, revision) in versions {
      try lookup.bind([.integer(component), .integer(revision)])
      defer { lookup.reset() }
      guard try lookup.step() else {
        throw CatalogError.database(
          .inconsistent("entry version \(component)/\(revision) is missing"))
      }
      try body(try SQLiteEntryColumns.row(from: lookup, withPayload: true))
    }
  }

  /// Both revisions' rows in force in one pass of the primary key backwards: in each
  /// component's run (newest revision first), the first row at or before a revision is the
  /// one in force there, so the run's first row at or before the later revision and its
  /// first at or before the earlier one are all a diff needs. Half the reading of two passes.
  func forEachEntryKey(
    at first: Int64, and second: Int64, _ body: (EntryRow, RowInForce) throws -> Void
  ) throws {
    try flushPendingVersions()
    let (later, earlier): (Int64, Int64) = first >= second ? (first, second) : (second, first)
    let (laterSide, earlierSide): (RowInForce, RowInForce) =
      first >= second ? (.first, .second) : (.second, .first)
    guard later > 0 else { return }
    let statement = try database.cachedStatement(sql: Self.keysInForceNewestFirst)
    try statement.bind([.integer(later)])
    defer { statement.reset() }
    var previous: Int64 = 0  // component ids start at 1
    var earlierFound = false
    while try statement.step() {
      let component = statement.int64(at: 0)
      let revision = statement.int64(at: 1)
      var side: RowInForce = []
      if component != previous {
        // The component's row in force at the later revision.
        previous = component
        side.insert(laterSide)
        earlierFound = false
      }
      if !earlierFound && revision <= earlier && earlier > 0 {
        side.insert(earlierSide)
        earlierFound = true
      }
      guard !side.isEmpty, !statement.textEquals(at: 2, "removed") else { continue }
      try body(try SQLiteEntryColumns.row(from: statement, withPayload: false), side)
    }
  }

  /// Steps `statement`, whose rows are entry versions that begin `component_id, revision_id,
  /// change` ordered newest component first, then newest revision first, and calls `body` at
  /// each component's first row (its row in force) unless that row is `removed`.
  static func forEachRowInForce(_ statement: Statement, _ body: () throws -> Void) throws {
    var previous: Int64 = 0  // component ids start at 1
    while try statement.step() {
      let component = statement.int64(at: 0)
      guard component != previous else { continue }  // an older row of the same component
      previous = component
      guard !statement.textEquals(at: 2, "removed") else { continue }
      try body()
    }
  }

  func forEachVersionRow(ofComponent component: Int64?, _ body: (EntryRow) throws -> Void) throws {
    try flushPendingVersions()
    let statement: Statement
    if let component {
      statement = try database.cachedStatement(
        sql:
          "\(SQLiteEntryColumns.selectWithPayload) WHERE v.component_id = ? ORDER BY v.revision_id")
      try statement.bind([.integer(component)])
    } else {
      statement = try database.cachedStatement(
        sql: "\(SQLiteEntryColumns.selectWithPayload) ORDER BY v.revision_id, v.component_id")
    }
    defer { statement.reset() }
    while try statement.step() {
      try body(try SQLiteEntryColumns.row(from: statement, withPayload: true))
    }
  }

  func forEachVersionRow(byComponentUpTo revision: Int64, _ body: (EntryRow) throws -> Void)
    throws
  {
    try flushPendingVersions()
    // The primary key is (component_id, revision_id) on a WITHOUT ROWID table, so this order
    // is the table's own: a scan, no sort (https://sqlite.org/withoutrowid.html).
    let statement = try database.cachedStatement(
      sql: """
        \(SQLiteEntryColumns.selectWithPayload) WHERE v.revision_id <= ?
        ORDER BY v.component_id, v.revision_id
        """)
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    while try statement.step() {
      try body(try SQLiteEntryColumns.row(from: statement, withPayload: true))
    }
  }

  func presentCountEstimate(at revision: Int64) throws -> Int {
    Int(
      try database.scalar(
        sql: "SELECT coalesce(sum(added) - sum(removed), 0) FROM revision WHERE id <= ?",
        arguments: [.integer(revision)]) ?? 0)
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
        SELECT kv.component_id FROM kind_version kv
        JOIN entry_version ev
          ON ev.component_id = kv.component_id AND ev.revision_id = kv.revision_id
        WHERE kv.kind = ?1 AND kv.revision_id = (
          SELECT max(revision_id) FROM kind_version WHERE kind = ?1 AND revision_id <= ?2)
        ORDER BY ev.change = 'removed', kv.component_id LIMIT 1
        """)
    try statement.bind([.text(kind), .integer(revision)])
    defer { statement.reset() }
    return try statement.step() ? statement.int64(at: 0) : nil
  }
}

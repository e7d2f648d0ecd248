import CSQLite
import CatalogStorage
import Components
import Foundation

/// The writes of a write context: component ids, entry versions (batched), and the foreign
/// keys of the rows a write added.
extension SQLiteContext {
  /// Numbers new components from one more than the largest `component_id` stored, a read
  /// of the last key of entry_version's primary key (https://sqlite.org/optoverview.html#minmax),
  /// then from this write's own counter: components are their entry versions, with no row
  /// of their own (migration 0004).
  func newComponents(count: Int) throws -> Int64 {
    let first: Int64
    if let next = nextComponentID {
      first = next
    } else {
      try flushPendingVersions()
      let largest: Int64? = try database.scalar(
        sql: "SELECT max(component_id) FROM entry_version")
      first = (largest ?? 0) + 1
    }
    nextComponentID = first + Int64(max(0, count))
    return first
  }

  /// A first import's rows go to a second thread (``SQLiteEntryStream``); the tables that a
  /// first import would fill in random key order, `payload_hash` and `kind_version`, get
  /// their rows at the end instead, sorted, each appended at the end of the last leaf.
  func streamAddedEntries(revision: Int64, capacity: Int) throws -> any AddedEntryStream {
    try lowerPageCacheForFirstImport()
    deferPayloadHashes()
    kindRowsDeferred = true
    let stream = SQLiteEntryStream(context: self, revision: revision, capacity: capacity)
    stream.start()
    return stream
  }

  /// Limits the page cache to ``SQLiteCatalogStorage/firstImportPageCacheKiB`` until the
  /// write ends (``restorePageCache()``). A first import appends every row at the right
  /// edge of each B-tree (`kind_version` and `payload_hash` are filled after the last
  /// row, in key order), so it reads back no page it wrote, and a 48 MB catalog
  /// passes through the cache whatever its size: SQLite writes dirty pages out when the
  /// cache is full (https://sqlite.org/pragma.html#pragma_cache_spill) as it did at 8 MiB,
  /// the same number of writes. The usual 8 MiB was the largest item of the import's
  /// memory.
  private func lowerPageCacheForFirstImport() throws {
    try database.execute(
      script: "PRAGMA cache_size = -\(SQLiteCatalogStorage.firstImportPageCacheKiB);")
    pageCacheLowered = true
  }

  /// Gives the connection its usual page cache back after a first import's write.
  func restorePageCache() {
    guard pageCacheLowered else { return }
    pageCacheLowered = false
    try? database.execute(script: "PRAGMA cache_size = -\(SQLiteCatalogStorage.pageCacheKiB);")
  }

  func appendVersion(_ row: EntryRow) throws {
    appendedVersions += 1
    pendingVersions.append(row)
    if pendingVersions.count == PendingVersions.batchSize { try flushPendingVersions() }
  }

  /// Inserts a first import's batch of entry versions (``SQLiteEntryStream``) straight from
  /// the batch: row `i` is `rows`' row `i`, which must be `added`, as component
  /// `firstComponent + i` of `revision`, with payload `payloadIDs[i]` and order key
  /// `orderKeys`' string `i`.
  ///
  /// ``appendVersion(_:)`` would copy each row's texts into ``pendingVersions`` and bind the
  /// copies; here every whole ``PendingVersions/batchSize`` rows are bound from the batch's
  /// own bytes to one multi-row INSERT whose SQL holds what the rows share (the revision, the
  /// change, components numbered from one parameter: ``insertAddedVersionsSQL(rows:)``), so
  /// each row binds 7 values instead of 10. Only a last, shorter run goes through
  /// ``appendVersion(_:)``. Their `kind_version` rows are the stream's to make at its end
  /// (``kindRowsDeferred``), from the document reader's kinds.
  func insertVersions(
    _ rows: EntryBatch, firstComponent: Int64, revision: Int64, payloadIDs: [Int64],
    orderKeys: ByteStrings
  ) throws {
    precondition(payloadIDs.count == rows.count && orderKeys.count == rows.count)
    // The batch's payloads are in the table already (the stream interns them inside
    // ``lendingPayloads(_:)``, which inserts them before it returns), so each row's
    // references hold as it goes in, however foreign keys are checked.
    precondition(pendingPayloads.count == 0, "a batch's payloads go in before its versions")
    precondition(kindRowsDeferred, "a first import's kind_version rows are made at its end")
    try flushPendingVersions()
    let batch = PendingVersions.batchSize
    let whole = rows.count / batch * batch
    try rows.withRows { rows in
      try orderKeys.withStorage { keys in
        if whole > 0 {
          try relaxChecks()
          let statement = try insertAddedVersionsStatement()
          // The texts are bound without a copy: the statement steps while they live, and
          // the bindings go before they do.
          defer { statement.clearBindings() }
          try statement.bind(revision, at: 2)
          var start = 0
          while start < whole {
            defer { statement.reset() }
            try statement.bind(firstComponent + Int64(start), at: 1)
            for n in 0..<batch {
              let index = start + n
              let (extra, keyOrder) = rows.unusualColumns(index)
              try SQLiteEntryColumns.bindContent(
                kind: rows.kind(index), category: rows.category(index),
                description: rows.description(index), payloadID: payloadIDs[index],
                extra: extra, keyOrder: keyOrder, orderKey: keys[index], to: statement,
                after: Int32(2 + 7 * n))
            }
            _ = try statement.step()
            appendedVersions += batch
            start += batch
          }
        }
        for index in whole..<rows.count {
          var version = rows.row(index)
          version.componentID = firstComponent + Int64(index)
          version.revision = revision
          version.payloadID = payloadIDs[index]
          version.orderKey = keys[index]
          try appendVersion(version)
        }
      }
    }
  }

  func insertAddedVersionsStatement() throws -> Statement {
    try keptStatement(
      &insertAddedVersions, sql: Self.insertAddedVersionsSQL(rows: PendingVersions.batchSize))
  }

  /// A multi-row INSERT of `added` entry versions of one revision (`?2`) and consecutive
  /// components (`?1`, `?1 + 1`, …); row `n`'s other values are parameters `3 + 7n` …
  /// `9 + 7n` (``SQLiteEntryColumns/bindContent(_:to:after:)``). The columns are ``SQLiteEntryColumns/names``.
  static func insertAddedVersionsSQL(rows: Int) -> String {
    precondition(
      EntryCodec.columns == [
        "component_id", "revision_id", "change", "kind", "category", "description",
        "payload_id", "extra", "key_order", "position",
      ], "the columns bound by SQLiteEntryColumns.bindContent")
    let added = EntryChange.added.columnText.description
    let values = (0..<rows).map { n in
      let first = 3 + 7 * n
      let own = (first..<first + 7).map { "?\($0)" }.joined(separator: ", ")
      return "(?1 + \(n), ?2, '\(added)', \(own))"
    }
    return """
      INSERT OR ROLLBACK INTO entry_version (\(SQLiteEntryColumns.names))
      VALUES \(values.joined(separator: ", "))
      """
  }

  /// Inserts the entry versions still waiting and ends the deferral of their `kind_version`
  /// rows (``kindRowsDeferred``), which the caller inserts: rows of later entry versions go
  /// in as they are inserted.
  func endKindRowDeferral() throws {
    try flushPendingVersions()
    kindRowsDeferred = false
  }

  /// Inserts `rows` into `kind_version` in `order`, 64 per statement.
  ///
  /// Each statement's kinds are first copied side by side into one buffer: in key order the
  /// rows are scattered over the kinds' buffer, and a tight loop of copies lets the processor
  /// wait for many of those reads at once, where SQLite's copy of each bound kind, one
  /// statement step apart, waited for each in turn (a first import of 1,000,000 entries spent
  /// a tenth of its time there). The next statement's kinds are found and prefetched before
  /// this one steps, so that their reads overlap SQLite's work instead of the copies waiting
  /// for them (the copies were most of the caller's last step).
  func insertKindRows(_ rows: KindRows, in order: [Int32]) throws {
    var gathered: [UInt8] = []
    var ends: [Int] = []
    var places: [UnsafeRawBufferPointer] = []
    var nextPlaces: [UnsafeRawBufferPointer] = []
    let batch = PendingVersions.batchSize
    func statementEnd(from start: Int) -> Int {
      order.count - start >= batch ? start + batch : start + 1
    }
    try rows.kinds.withStorage { kinds in
      func findAndPrefetch(_ range: Range<Int>, into places: inout [UnsafeRawBufferPointer]) {
        places.removeAll(keepingCapacity: true)
        for row in order[range] { places.append(kinds[Int(row)]) }
        for place in places {
          if let address = place.baseAddress { MemoryPrefetch.read(address) }
        }
      }
      var start = 0
      if start < order.count {
        findAndPrefetch(start..<statementEnd(from: start), into: &nextPlaces)
      }
      while start < order.count {
        let end = statementEnd(from: start)
        let statement = try keptInsert(.kindVersion, batched: end - start == batch)
        swap(&places, &nextPlaces)
        if end < order.count { findAndPrefetch(end..<statementEnd(from: end), into: &nextPlaces) }
        gathered.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        for place in places {
          gathered.append(contentsOf: place)
          ends.append(gathered.count)
        }
        try gathered.withUnsafeBytes { gathered in
          defer {
            statement.reset()
            statement.clearBindings()
          }
          for (n, row32) in order[start..<end].enumerated() {
            let row = Int(row32)
            let from = n == 0 ? 0 : ends[n - 1]
            try statement.bindTextNoCopy(
              UnsafeRawBufferPointer(rebasing: gathered[from..<ends[n]]), at: Int32(3 * n + 1))
            try statement.bind(rows.revision(row), at: Int32(3 * n + 2))
            try statement.bind(rows.component(row), at: Int32(3 * n + 3))
          }
          _ = try statement.step()
        }
        start = end
      }
    }
  }

  /// The `kind_version` rows of the entry versions waiting in `pendingVersions`: left for
  /// the end when deferred, inserted now otherwise.
  private func recordPendingKinds() throws {
    if kindRowsDeferred { return }
    var rows = KindRows()
    pendingVersions.forEachKind { rows.append(kind: $0, revision: $1, component: $2) }
    try insertKindRows(rows, in: (0..<rows.count).map { Int32($0) })
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
    try recordPendingKinds()
  }

  /// Where this write's new rows begin: the head revision before it, for
  /// ``checkForeignKeys(ofRowsAfter:)``.
  func newRowBounds() throws -> Int64 {
    try database.scalar(sql: "SELECT coalesce(max(id), 0) FROM revision") ?? 0
  }

  /// Checks the references of the rows a write added, which SQLite did not check as they
  /// went in (``ForeignKeyChecking/beforeCommit``).
  ///
  /// A write adds entry versions only for revisions after head, so that range holds every
  /// new row that refers to another. When it is a good part of the table (a first import),
  /// SQLite's own `foreign_key_check` of the table is the fastest way
  /// (https://sqlite.org/pragma.html#pragma_foreign_key_check); otherwise a join looks up
  /// the parents of the new rows alone.
  ///
  /// - Throws: ``DatabaseError`` with `SQLITE_CONSTRAINT_FOREIGNKEY`, as SQLite's own check.
  func checkForeignKeys(ofRowsAfter revision: Int64) throws {
    // Tags and document frames are few: all of them.
    let brokenTags: Int64 =
      try database.scalar(
        sql: """
          SELECT
            (SELECT count(*) FROM tag AS t LEFT JOIN revision AS r ON r.id = t.revision_id
             WHERE r.id IS NULL)
            + (SELECT count(*) FROM document_frame AS f
               LEFT JOIN revision AS r ON r.id = f.revision_id WHERE r.id IS NULL)
          """) ?? 0
    guard brokenTags == 0 else { throw Self.foreignKeyFailure(rows: brokenTags) }
    if appendedVersions > 0, soundVersions.count == appendedVersions {
      try checkBounds(of: soundVersions)
      return
    }
    let added: Int64 =
      try database.scalar(
        sql: "SELECT count(*) FROM entry_version WHERE revision_id > ?",
        arguments: [.integer(revision)]) ?? 0
    guard added > 0 else { return }
    let total: Int64 = try database.scalar(sql: "SELECT count(*) FROM entry_version") ?? 0
    var broken: Int64 = 0
    if 4 * added >= total {
      let check = try database.makeStatement(sql: "PRAGMA foreign_key_check(entry_version)")
      while try check.step() { broken += 1 }
    } else {
      broken =
        try database.scalar(
          sql: """
            SELECT count(*) FROM entry_version AS v
              LEFT JOIN revision AS r ON r.id = v.revision_id
              LEFT JOIN payload AS p ON p.id = v.payload_id
            WHERE v.revision_id > ?1 AND (r.id IS NULL OR p.id IS NULL)
            """, arguments: [.integer(revision)]) ?? 0
    }
    guard broken == 0 else { throw Self.foreignKeyFailure(rows: broken) }
  }

  /// Checks the references of rows that hold by construction (``SoundRows``): their one
  /// revision exists, and their payload ids lie between 1 and the largest id in `payload`,
  /// which, payloads never being deleted and each new one taking the next id, are all ids
  /// in the table. Two lookups instead of one per row: for 100,000 rows, `PRAGMA
  /// foreign_key_check` took a fifth of what is left of a first import after its last row.
  private func checkBounds(of rows: SoundRows) throws {
    guard let revision = rows.revision, let payloads = rows.payloadIDs else { return }
    let sound: Int64 =
      try database.scalar(
        sql: """
          SELECT EXISTS (SELECT 1 FROM revision WHERE id = ?1)
            AND ?2 >= 1 AND ?3 <= (SELECT coalesce(max(id), 0) FROM payload)
          """,
        arguments: [
          .integer(revision), .integer(payloads.lowerBound), .integer(payloads.upperBound),
        ]) ?? 0
    guard sound == 1 else { throw Self.foreignKeyFailure(rows: Int64(rows.count)) }
  }

  /// The error SQLite gives a broken reference.
  private static func foreignKeyFailure(rows: Int64) -> DatabaseError {
    DatabaseError(
      // SQLITE_CONSTRAINT_FOREIGNKEY, a macro Swift does not import
      // (https://sqlite.org/rescode.html#constraint_foreignkey).
      extendedResultCode: SQLITE_CONSTRAINT | (3 << 8),
      message: "FOREIGN KEY constraint failed (\(rows) new rows refer to missing rows)",
      sql: nil)
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
  func relaxChecks() throws {
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
  func insertVersionStatement() throws -> Statement {
    if let statement = insertVersion, !statement.lastStepFailed { return statement }
    let statement = try database.cachedStatement(sql: Self.insertVersionsSQL(rows: 1))
    insertVersion = statement
    return statement
  }

  func insertVersionsStatement() throws -> Statement {
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
  static func insertVersionsSQL(rows: Int) -> String {
    let row =
      "(" + repeatElement("?", count: SQLiteEntryColumns.count).joined(separator: ", ") + ")"
    return """
      INSERT OR ROLLBACK INTO entry_version (\(SQLiteEntryColumns.names))
      VALUES \(repeatElement(row, count: rows).joined(separator: ", "))
      """
  }
}

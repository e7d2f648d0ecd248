import CatalogStorage

/// A first import on PostgreSQL: its rows go to the server on a second thread
/// (``CopyPipeline``) while the caller reads on, and, when the write created the tables,
/// into tables whose keys, indexes and foreign keys are built once after the last row.
///
/// Built after the load, a primary key or index is one sort of the rows instead of a B-tree
/// insert per row, and a foreign key is one anti-join (`ALTER TABLE … ADD CONSTRAINT`
/// validates the rows already there with one query) instead of a deferred check per row at
/// the commit, which took longer than every COPY together for 100,000 entries. The tables
/// are the write's own until it commits (created in its transaction), so no reader waits for
/// the locks this takes and none sees a table without its keys; a key the rows break fails
/// the write at its restoring, before the commit, as it would have failed the COPY.
extension PostgreSQLContext {
  /// A first import's entry rows, encoded for its revision's digest as they are sent.
  struct SentRows {
    let revision: Int64
    /// The component of the last row kept; each next row's is greater.
    var lastComponent: Int64 = 0
    var bytes: [UInt8] = []
  }

  /// The tables a first import fills.
  static let bulkTables = [
    "payload", "payload_hash", "payload_digest", "entry_version", "kind_version",
  ]

  /// Until the stream has finished or been cancelled nothing else uses the connection:
  /// every query of the context flushes first, which waits for the pipeline.
  func streamAddedEntries(revision: Int64, capacity: Int) throws -> any AddedEntryStream {
    try flush()
    if tablesAreNew && keysToRestore.isEmpty && foreignKeysToRestore.isEmpty {
      try suspendKeys()
    }
    let pipeline = CopyPipeline(connection: connection)
    self.pipeline = pipeline
    // Its rows are encoded for the revision's digest as they are sent (RevisionChain's seal
    // takes them instead of reading the revision back with every payload text).
    sentRows = SentRows(revision: revision)
    return PostgreSQLEntryStream(
      context: self,
      entries: DirectEntryStream(context: self, revision: revision, capacity: capacity))
  }

  /// Ends a first import's pipeline: with `sending`, after it has sent every batch, then
  /// sends the rest and restores the keys.
  func endPipeline(sending: Bool) throws {
    guard let pipeline else { return }
    defer {
      pipeline.stop()
      self.pipeline = nil
    }
    guard sending else { return }
    try pipeline.drain()
    pipeline.stop()
    self.pipeline = nil
    try flush()
    try restoreKeys()
  }

  /// Drops the foreign keys, primary keys, unique constraints and indexes of
  /// ``bulkTables``, keeping the statements that make them again, in an order that works:
  /// indexes and keys before the foreign keys that need them.
  func suspendKeys() throws {
    let tables = "{" + Self.bulkTables.joined(separator: ",") + "}"
    let found = try connection.execute(
      """
      SELECT CASE c.contype WHEN 'f' THEN '0' ELSE '1' END,
             format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname),
             format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname,
                    pg_get_constraintdef(c.oid))
      FROM pg_constraint AS c
      WHERE c.conrelid = ANY ($1::regclass[]) AND c.contype IN ('p', 'u', 'f')
      UNION ALL
      SELECT '2', format('DROP INDEX %s', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid)
      FROM pg_index AS i
      WHERE i.indrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conindid = i.indexrelid)
      ORDER BY 1
      """, [.text(tables)])
    var drops: [String] = []
    var keys: [String] = []
    var foreignKeys: [String] = []
    for row in 0..<found.rowCount {
      drops.append(found.string(row: row, column: 1) ?? "")
      let restore = found.string(row: row, column: 2) ?? ""
      if found.string(row: row, column: 0) == "0" {
        foreignKeys.append(restore)
      } else {
        keys.append(restore)
      }
    }
    guard !drops.isEmpty else { return }
    try connection.execute(script: drops.joined(separator: ";\n"))
    keysToRestore = keys.reversed()
    foreignKeysToRestore = foreignKeys
  }

  /// Makes again the keys and indexes ``suspendKeys()`` dropped, for the write's reads
  /// after the stream; the foreign keys wait for ``restoreForeignKeys()``.
  func restoreKeys() throws {
    guard !keysToRestore.isEmpty else { return }
    let statements = keysToRestore
    keysToRestore = []
    try connection.execute(script: statements.joined(separator: ";\n"))
  }

  /// Makes again the foreign keys ``suspendKeys()`` dropped, checking every row at once:
  /// just before the commit, when the rows they refer to (the revision is appended after
  /// its entries) have all been sent.
  func restoreForeignKeys() throws {
    try restoreKeys()
    guard !foreignKeysToRestore.isEmpty else { return }
    let statements = foreignKeysToRestore
    foreignKeysToRestore = []
    try connection.execute(script: statements.joined(separator: ";\n"))
  }
}

import CatalogStorage

extension Catalog {
  /// What an import against head reads of the catalog, and nothing else: head's index (every
  /// entry's texts but the payload's, ``CatalogReadContext/headIndex(at:)``) and then every
  /// head entry's stored payload text through the engine's payload cursor, in the order of
  /// the entries' positions (the order of a file that matches head), with the page cache an
  /// import plans with.
  ///
  /// For `catalog-bench head`: with `catalog-bench read` (the document reader alone), the
  /// two halves of a re-import that compares every entry by bytes, measured apart, so that
  /// docs/benchmarks.md can show how far below them a re-import's target lies. Not a user
  /// operation.
  ///
  /// - Returns: The entries of head, the bytes of their payloads' texts, and the sum of those
  ///   bytes (every byte is read, as a comparison reads them).
  package func readHeadAsAnImportDoes() throws -> (entries: Int, payloadBytes: Int, sum: Int) {
    try withPageCacheLimit(kibibytes: Self.planningPageCacheKiB) {
      try storage.read { context in
        var index = try context.headIndex(at: try context.headRevision())
        let cursor = try context.payloadCursor()
        defer { cursor.close() }
        var bytes = 0
        var sum = 0
        for slot in index.slotsInPositionOrder() {
          try cursor.withPayload(index.payloadID(Int(slot))) { text in
            bytes += text.count
            sum = text.reduce(sum) { $0 &+ Int($1) }
          }
        }
        return (index.count, bytes, sum)
      }
    }
  }
}

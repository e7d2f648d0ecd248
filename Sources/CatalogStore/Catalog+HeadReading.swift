import CatalogStorage

extension Catalog {
  /// What an import against head reads of the catalog, and nothing else: head's index
  /// (every entry's texts but the payload's, with the payload's stored SHA-256 digest,
  /// ``CatalogReadContext/revisionIndex(at:)``), with the page cache an import plans with. No
  /// payload text is read: an import compares digests.
  ///
  /// For `catalog-bench head`: with `catalog-bench read` (the document reader alone), the
  /// two halves of a re-import measured apart, so that docs/benchmarks.md can show how far
  /// above them a re-import is. Not a user operation.
  ///
  /// - Returns: The entries of head.
  package func readHeadAsAnImportDoes() throws -> Int {
    try withPageCacheLimit(kibibytes: Self.planningPageCacheKiB) {
      try storage.read { context in
        let index = try context.revisionIndex(at: try context.headRevision())
        return index.count
      }
    }
  }
}

import CatalogStorage

extension CatalogReadContext {
  /// The entries present at `revision`, compactly, without payload texts: what writes
  /// compare against (a payload by its stored SHA-256 digest).
  ///
  /// - Throws: What reading the rows throws, and ``CatalogError/request(_:)`` (``RequestProblem/headTextsTooLarge``) when
  ///   head's texts pass what a ``RevisionIndex`` holds (4 GiB of kinds, or of the other texts).
  func revisionIndex(at revision: Int64) throws -> RevisionIndex {
    var index = RevisionIndex()
    // Bounded, so that a wrong count cannot ask for much more than a real catalog's room.
    index.reserveCapacity(min(max(try presentCountEstimate(at: revision), 0), 1 << 24))
    try forEachEntryRow(at: revision, .withoutPayloads) { row in
      try index.append(
        componentID: row.componentID, kind: row.kind, category: row.category,
        description: row.description, payloadID: row.payloadID, extra: row.extra,
        keyOrder: row.keyOrder, orderKey: row.orderKey, payloadDigest: row.payloadDigest)
    }
    return index
  }
}

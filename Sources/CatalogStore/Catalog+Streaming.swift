import Components

extension Catalog {
  /// Calls `body` with each entry of the catalog at `reference`, in export order, one at a
  /// time inside one read snapshot: what a whole-catalog reader uses instead of
  /// ``entries(at:)`` when it must not hold the catalog in memory.
  ///
  /// `body` must not call this catalog (the snapshot is open while it runs).
  ///
  /// - Returns: the revision that `reference` named.
  @discardableResult
  public func forEachEntry(
    at reference: RevisionReference = .head, _ body: (CatalogEntry) throws -> Void
  ) throws -> Int64 {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      try context.forEachEntry(at: revision) { try body($0.entry) }
      return revision
    }
  }
}

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

  /// Calls `body` with the stored row in force of each entry present at `reference`, without
  /// its payload text, in no particular order, inside one read snapshot: for a reader that
  /// needs every kind's fields, order key and last revision but not its payload (the site's
  /// index), at a fraction of reading the entries. A row's texts are valid only during the
  /// call; ``EntryCodec/decode(_:)`` makes an ``EntryVersion`` of one (with an empty payload).
  ///
  /// `body` must not call this catalog (the snapshot is open while it runs).
  ///
  /// - Returns: the revision that `reference` named.
  @discardableResult
  package func forEachEntryRowWithoutPayload(
    at reference: RevisionReference = .head, _ body: (EntryRow) throws -> Void
  ) throws -> Int64 {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      try context.forEachEntryRow(at: revision, .withoutPayloads, body)
      return revision
    }
  }

  /// Runs `body` with this catalog's connection keeping about `kibibytes` of the pages it
  /// reads instead of the engine's usual cache (8 MiB on SQLite), and restores it after: for
  /// a reader of the whole catalog that reads few pages twice soon (the site, which streams
  /// every entry version once), so that its memory does not grow by the catalog's size.
  package func withPageCacheLimit<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
    try storage.setPageCacheLimit(kibibytes: kibibytes)
    do {
      let result = try body()
      try storage.setPageCacheLimit(kibibytes: nil)
      return result
    } catch {
      try? storage.setPageCacheLimit(kibibytes: nil)
      throw error
    }
  }
}

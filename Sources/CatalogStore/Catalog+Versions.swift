import Components

/// One stored state of a component: what a revision made of it.
public struct EntryVersion: Sendable, Hashable {
  /// The revision that wrote this state.
  public var revision: Int64
  public var change: EntryChange
  /// The entry after the revision (for `removed`, as it was when removed).
  public var entry: CatalogEntry
  /// The component's identity, stable across renames.
  public var componentID: Int64
}

extension Catalog {
  /// Calls `body` with every state every component ever had, in revision order: the whole
  /// history, for checks such as "does every sample payload ever stored still decode".
  public func forEachEntryVersion(_ body: (EntryVersion) throws -> Void) throws {
    try storage.read { context in
      try context.forEachVersion { stored in
        try body(
          EntryVersion(
            revision: stored.revision, change: stored.change, entry: stored.entry,
            componentID: stored.componentID))
      }
    }
  }

  /// A number that changes whenever another connection commits to this catalog (SQLite's
  /// `PRAGMA data_version`). Polling it is how a running app notices an import made by
  /// another process.
  public func externalChangeCounter() throws -> Int64 {
    try storage.externalChangeCounter()
  }
}

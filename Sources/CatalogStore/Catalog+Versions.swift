import Components

extension Catalog {
  /// Calls `body` with every state every component ever had, in revision order: the whole
  /// history, for checks such as "does every sample payload ever stored still decode".
  public func forEachEntryVersion(_ body: (EntryVersion) throws -> Void) throws {
    try storage.read { context in try context.forEachVersion(body) }
  }

  /// A number that changes whenever another connection commits to this catalog (on SQLite,
  /// `PRAGMA data_version`). Polling it is how a running app notices an import made by
  /// another process.
  public func externalChangeCounter() throws -> Int64 {
    try storage.externalChangeCounter()
  }
}

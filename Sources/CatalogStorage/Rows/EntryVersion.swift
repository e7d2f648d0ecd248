import Components

/// One stored state of a component: what a revision made of it, as values.
///
/// An ``EntryRow`` decoded by ``EntryCodec``, for the reads that keep entries (history, the
/// registry, small writes) and for apps (`Catalog.forEachEntryVersion`).
public struct EntryVersion: Sendable, Hashable {
  /// The revision that wrote this state.
  public var revision: Int64
  public var change: EntryChange
  /// The entry after the revision (for `removed`, as it was when removed).
  public var entry: CatalogEntry
  /// The component's identity, stable across renames.
  public var componentID: Int64
  /// The order key: entries are exported in ascending byte order of it.
  public var orderKey: String

  public init(
    revision: Int64, change: EntryChange, entry: CatalogEntry, componentID: Int64,
    orderKey: String
  ) {
    self.revision = revision
    self.change = change
    self.entry = entry
    self.componentID = componentID
    self.orderKey = orderKey
  }
}

import CatalogDiff
import Components

/// One revision in the history of a component.
public struct KindHistoryItem: Sendable, Hashable {
  public var revision: Revision
  /// What the revision did: added, changed, renamed, moved or removed.
  public var change: EntryChange
  /// The kind's name after this revision.
  public var kind: String
  /// The name before, when this revision renamed it.
  public var previousKind: String?
  /// Where the entry changed (`/payload/insets/top`, `/category`, `/deprecated`), in entry
  /// order: the pointers of ``changes``.
  public var changedPaths: [JSONPointer] { changes.map(\.pointer) }
  /// What changed, as ``CatalogDiff`` computes it between this state and the one before
  /// (empty for an addition or a removal).
  public var changes: [CatalogDiff.Change]
  /// `true`/`false` when this revision deprecated/undeprecated the entry, else `nil`.
  public var deprecation: Bool?
  /// The entry as this revision left it (as it was before, for a removal).
  public var entry: CatalogEntry
}

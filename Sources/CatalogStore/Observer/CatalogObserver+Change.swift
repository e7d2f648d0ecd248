import CatalogDiff
import Components

extension CatalogObserver {
  /// What changed between the head an observer saw before and the new head.
  ///
  /// Computed from the two revisions' entries (not from the revisions in between), by component
  /// identity: a component renamed and then changed is one rename plus one change, and a kind
  /// added and removed again in between does not appear at all. All lists are in catalog
  /// order (removed kinds in their old order).
  public struct Change: Sendable, Hashable, CustomStringConvertible {
    /// A component whose kind changed.
    public struct Rename: Sendable, Hashable {
      public var from: ComponentKind
      public var to: ComponentKind

      public init(from: ComponentKind, to: ComponentKind) {
        self.from = from
        self.to = to
      }
    }

    /// The new head.
    public var head: Revision

    /// The head before, 0 when the catalog had no revisions.
    public var previousHead: Int64

    /// Kinds that are new.
    public var added: [ComponentKind] = []

    /// Kinds whose entry (payload, category, description or other members) changed; a
    /// renamed component is listed under its new kind.
    public var changed: [ComponentKind] = []

    /// Kinds that are gone.
    public var removed: [ComponentKind] = []

    /// Components whose kind changed.
    public var renamed: [Rename] = []

    /// Kinds whose entry is unchanged but whose place in the catalog order changed.
    public var moved: [ComponentKind] = []

    public init(head: Revision, previousHead: Int64) {
      self.head = head
      self.previousHead = previousHead
    }

    /// The kinds whose decoded components may differ now: added, changed and renamed ones
    /// (under their new kind). A gallery re-decodes these and drops `removed`.
    public var kindsToReload: [ComponentKind] {
      added + changed + renamed.map(\.to).filter { !changed.contains($0) }
    }

    /// Whether no entry differs (the revisions in between cancelled out).
    public var isEmpty: Bool {
      added.isEmpty && changed.isEmpty && removed.isEmpty && renamed.isEmpty && moved.isEmpty
    }

    /// `revision 3 (was 1): added tile-preview; changed card; renamed banner → hero`.
    public var description: String {
      var parts: [String] = []
      if !added.isEmpty { parts.append("added " + added.joined(separator: ", ")) }
      if !changed.isEmpty { parts.append("changed " + changed.joined(separator: ", ")) }
      if !removed.isEmpty { parts.append("removed " + removed.joined(separator: ", ")) }
      if !renamed.isEmpty {
        parts.append("renamed " + renamed.map { "\($0.from) → \($0.to)" }.joined(separator: ", "))
      }
      if !moved.isEmpty { parts.append("moved " + moved.joined(separator: ", ")) }
      let summary = parts.isEmpty ? "no entry changed" : parts.joined(separator: "; ")
      return "revision \(head.id) (was \(previousHead)): \(summary)"
    }

    /// The change a ``CatalogDiff`` between the two heads describes: renamed components are
    /// listed under `renamed`, and under `changed` too when more than their kind changed.
    init(_ diff: CatalogDiff, head: Revision, previousHead: Int64) {
      self.init(head: head, previousHead: previousHead)
      added = diff.added.sorted { $0.index < $1.index }.map(\.kind)
      let changedEntries = diff.changed.sorted { $0.newIndex < $1.newIndex }
      changed = changedEntries.filter { $0.changes.contains { $0.rule != .entryRenamed } }.map(
        \.kind)
      renamed = changedEntries.compactMap { entry in
        entry.renamedFrom.map { Rename(from: $0, to: entry.kind) }
      }
      removed = diff.removed.sorted { $0.index < $1.index }.map(\.kind)
      let changedKinds = Set(changedEntries.map { BytewiseString($0.kind) })
      moved = diff.moved.sorted { $0.newIndex < $1.newIndex }.map(\.kind).filter {
        !changedKinds.contains(BytewiseString($0))
      }
    }
  }
}

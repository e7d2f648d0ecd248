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

    /// The change from `old` to `new`, two catalog indexes keyed by kind.
    static func between(
      _ old: [String: IndexedEntry], _ new: [String: IndexedEntry], head: Revision,
      previousHead: Int64
    ) -> Change {
      var change = Change(head: head, previousHead: previousHead)
      let oldByComponent = Dictionary(
        old.values.map { ($0.componentID, $0) }, uniquingKeysWith: { first, _ in first })
      let newComponents = Set(new.values.map(\.componentID))
      for entry in new.values.sorted(by: { $0.position < $1.position }) {
        guard let before = oldByComponent[entry.componentID] else {
          change.added.append(entry.kind)
          continue
        }
        // Texts compare by bytes, as the write that produced them did.
        func same(_ a: String?, _ b: String?) -> Bool {
          switch (a, b) {
          case (nil, nil): return true
          case (let a?, let b?): return a.hasSameBytes(as: b)
          default: return false
          }
        }
        if !same(before.kind, entry.kind) {
          change.renamed.append(Rename(from: before.kind, to: entry.kind))
        }
        if !same(before.category, entry.category) || !same(before.description, entry.description)
          || before.payloadID != entry.payloadID || !same(before.extra, entry.extra)
          || !same(before.keyOrder, entry.keyOrder)
        {
          change.changed.append(entry.kind)
        } else if before.position != entry.position, same(before.kind, entry.kind) {
          change.moved.append(entry.kind)
        }
      }
      for entry in old.values.sorted(by: { $0.position < $1.position })
      where !newComponents.contains(entry.componentID) {
        change.removed.append(entry.kind)
      }
      return change
    }
  }
}

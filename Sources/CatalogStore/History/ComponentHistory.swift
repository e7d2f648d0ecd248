import CatalogDiff
import CatalogStorage
import Components

/// Every stored state of one component up to a revision, oldest first, as
/// ``Catalog/forEachComponentHistory(upTo:_:)`` hands them out, with the two answers the
/// per-kind reads give computed from them by the same code: ``history(revision:)`` is what
/// ``Catalog/history(of:limit:)`` returns and ``blame(revision:)`` what
/// ``Catalog/blame(_:at:)`` returns, both through the change model (``CatalogDiff`` and its
/// ``Attribution``).
public struct ComponentHistory: Sendable {
  /// The component's identity, stable across renames.
  public var componentID: Int64
  /// Its states, oldest first, none newer than the revision the pass was asked for.
  public var versions: [EntryVersion]

  public init(componentID: Int64, versions: [EntryVersion]) {
    self.componentID = componentID
    self.versions = versions
  }

  /// The state in force at the pass's revision, nil when the component was removed.
  public var current: EntryVersion? {
    guard let last = versions.last, last.change != .removed else { return nil }
    return last
  }

  /// The revisions that touched the component, newest first, each with what changed; a
  /// version whose revision `revision` does not know is left out.
  public func history(revision: (Int64) throws -> Revision?) throws -> [KindHistoryItem] {
    var items: [KindHistoryItem] = []
    items.reserveCapacity(versions.count)
    var previous: EntryVersion?
    for version in versions {
      guard let revision = try revision(version.revision) else { continue }
      let changes =
        try previous.map { try CatalogDiff.changes(from: $0.entry, to: version.entry) } ?? []
      let deprecation: Bool? =
        changes.contains { $0.pointer == JSONPointer(["deprecated"]) }
        ? version.entry.isDeprecated : nil
      items.append(
        KindHistoryItem(
          revision: revision, change: version.change, kind: version.entry.kind,
          previousKind: previous.flatMap {
            $0.entry.kind.hasSameBytes(as: version.entry.kind) ? nil : $0.entry.kind
          },
          changes: version.change == .added || version.change == .removed ? [] : changes,
          deprecation: deprecation, entry: version.entry))
      previous = version
    }
    return items.reversed()
  }

  /// For every leaf of the component's current state, the revision that last changed it;
  /// empty when the component was removed.
  public func blame(revision: (Int64) throws -> Revision?) throws -> [BlameLine] {
    try Self.blame(of: try attribution(), revision: revision)
  }

  /// The component's current state as a value, each leaf with the revision that last changed
  /// it; nil when the component was removed. What ``blame(revision:)`` reads, for a caller
  /// that also needs the value (so it is parsed once).
  ///
  /// Leaves are carried from state to state with the diff's alignment; a removal forgets
  /// them, so whatever comes back is credited to the revision that brought it.
  public func attribution() throws -> Attribution? {
    var attribution: Attribution?
    for version in versions {
      if version.change == .removed {
        attribution = nil
        continue
      }
      let value = try version.entry.jsonValue
      if attribution == nil {
        attribution = Attribution(value, revision: version.revision)
      } else {
        attribution?.update(to: value, revision: version.revision)
      }
    }
    return attribution
  }

  /// The blame lines of an attribution, each leaf's revision looked up by `revision`.
  public static func blame(
    of attribution: Attribution?, revision: (Int64) throws -> Revision?
  ) throws -> [BlameLine] {
    try (attribution?.leaves ?? []).map { leaf in
      guard let found = try revision(leaf.revision) else {
        throw CatalogError.database(.inconsistent("revision \(leaf.revision) is missing"))
      }
      return BlameLine(path: leaf.pointer, value: leaf.value, revision: found)
    }
  }
}

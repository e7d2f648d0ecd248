import CatalogStorage
import Components

extension Catalog {
  /// Calls `body` with the history of every component up to `reference`, one component at a
  /// time, in ascending order of component id, from one streamed read of the stored versions
  /// inside one snapshot: what a reader of every kind's blame and history (the site) uses
  /// instead of ``blame(_:at:)`` and ``history(of:limit:)`` per kind, which each read the
  /// catalog again.
  ///
  /// Memory is one component's versions at a time. `body` must not call this catalog (the
  /// snapshot and its stream are open while it runs).
  ///
  /// - Returns: the revision that `reference` named.
  @discardableResult
  public func forEachComponentHistory(
    upTo reference: RevisionReference = .head, _ body: (ComponentHistory) throws -> Void
  ) throws -> Int64 {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      var current = ComponentHistory(componentID: 0, versions: [])
      try context.forEachVersionRow(byComponentUpTo: revision) { row in
        let version = try EntryCodec.decode(row)
        if version.componentID != current.componentID, !current.versions.isEmpty {
          try body(current)
          current.versions.removeAll(keepingCapacity: true)
        }
        current.componentID = version.componentID
        current.versions.append(version)
      }
      if !current.versions.isEmpty { try body(current) }
      return revision
    }
  }
}

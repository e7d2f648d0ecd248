import CatalogDiff
import CatalogStorage
import Components

extension Catalog {
  /// Writes a new revision that undoes what the revision at `reference` changed, on top of
  /// head: a three-way merge of head with the revision's parent, against the revision.
  ///
  /// Component by component (by identity, so a rename is reverted by renaming back): an
  /// entry the revision added is removed, one it removed comes back after its neighbour of
  /// then, and a changed one gets the parent's values at the paths the revision changed
  /// (``CatalogDiff/changes(from:to:)``), keeping what later revisions changed elsewhere.
  /// Moves are not undone.
  ///
  /// - Throws: ``CatalogError/revertConflicts(revision:_:)`` when a later revision changed a
  ///   path the revision changed (or removed, re-added or changed an entry it added or
  ///   removed); nothing is written then.
  @discardableResult
  public func revert(_ reference: RevisionReference, options: WriteOptions) throws -> WriteResult {
    try storage.write { context in
      let head = try context.headRevision()
      try Self.check(options.expectHead, head: head)
      let revision = try reference.resolve(in: context)
      guard revision > 0 else {
        throw CatalogError.unknownRevision(
          reference: reference.description, reason: "the catalog has no revisions yet")
      }
      let plan = try RevertPlan(revision: revision, head: head, context: context)
      guard plan.conflicts.isEmpty else {
        throw CatalogError.revertConflicts(revision: revision, plan.conflicts)
      }
      return try Self.replaceCatalog(
        with: plan.entries, in: context, head: head, options: options,
        source: "revert \(reference)", operation: "revert", renames: plan.renames)
    }
  }
}

/// The catalog a revert writes, or why it cannot.
struct RevertPlan {
  /// Head's catalog with the revision's changes undone, in export order.
  private(set) var entries: [CatalogEntry] = []
  /// Components the revert renames back: the kind they get → their head slot.
  private(set) var renames: [BytewiseString: Int] = [:]
  private(set) var conflicts: [RevertConflict] = []

  init(revision: Int64, head: Int64, context: any CatalogReadContext) throws {
    let parent = try Self.states(at: revision - 1, context)
    let reverted = try Self.states(at: revision, context)
    let current = try Self.states(at: head, context)
    let index = try context.headIndex(at: head)
    var slotOfComponent: [Int64: Int] = [:]
    for slot in 0..<index.count { slotOfComponent[index.componentID(slot)] = slot }

    // What each component of head becomes (nil: removed).
    var result: [Int64: CatalogEntry?] = [:]
    var comeBack: [Int64] = []
    for (component, before) in parent.byComponent {
      let after = reverted.byComponent[component]
      let now = current.byComponent[component]
      switch (after, now) {
      case (nil, nil):
        // Removed by the revision and still gone: it comes back.
        if current.kinds.contains(BytewiseString(before.kind)) {
          conflicts.append(RevertConflict(kind: before.kind, paths: [.root]))
        } else {
          comeBack.append(component)
          result[component] = before
        }
      case (nil, let now?):
        conflicts.append(RevertConflict(kind: now.kind, paths: [.root]))
      case (let after?, nil):
        if !CatalogDiff.sameFields(before, after) {
          conflicts.append(RevertConflict(kind: after.kind, paths: [.root]))
        }
      case (let after?, let now?):
        guard !CatalogDiff.sameFields(before, after) else { continue }
        if let undone = try undo(before: before, after: after, now: now) {
          result[component] = undone
        }
      }
    }
    for (component, after) in reverted.byComponent where parent.byComponent[component] == nil {
      // Added by the revision: removed again, unless changed since.
      guard let now = current.byComponent[component] else { continue }
      if CatalogDiff.sameFields(after, now) {
        result[component] = .some(nil)
      } else {
        let paths = try CatalogDiff.changes(from: after, to: now).map(\.pointer)
        conflicts.append(RevertConflict(kind: now.kind, paths: paths))
      }
    }
    guard conflicts.isEmpty else {
      conflicts.sort { $0.kind.utf8.lexicographicallyPrecedes($1.kind.utf8) }
      return
    }

    // Head's order, with the entries that come back after their neighbour in the parent.
    var order = current.order
    let present = Set(order)
    var placed = Set(order)
    for component in parent.order where comeBack.contains(component) && !present.contains(component)
    {
      let position = parent.order.firstIndex(of: component) ?? 0
      let neighbour = parent.order[..<position].last { placed.contains($0) }
      let at = neighbour.flatMap { order.firstIndex(of: $0).map { $0 + 1 } } ?? 0
      order.insert(component, at: at)
      placed.insert(component)
    }
    for component in order {
      let entry: CatalogEntry?
      if let decided = result[component] {
        entry = decided
      } else {
        entry = current.byComponent[component]
      }
      guard let entry else { continue }
      entries.append(entry)
      if let slot = slotOfComponent[component], !index.kind(slot).hasSameBytes(as: entry.kind) {
        renames[BytewiseString(entry.kind)] = slot
      }
    }
  }

  /// Head's entry with the paths the revision changed set back to the parent's values, or
  /// nil (with a conflict recorded) when a later revision changed one of those paths.
  private mutating func undo(before: CatalogEntry, after: CatalogEntry, now: CatalogEntry) throws
    -> CatalogEntry?
  {
    let undone = try CatalogDiff.changes(from: after, to: before)
    let since = try CatalogDiff.changes(from: after, to: now)
    let clashing = undone.filter { change in
      since.contains { later in
        later.pointer.tokens.starts(with: change.pointer.tokens)
          || change.pointer.tokens.starts(with: later.pointer.tokens)
      }
    }
    guard clashing.isEmpty else {
      conflicts.append(RevertConflict(kind: now.kind, paths: clashing.map(\.pointer)))
      return nil
    }
    // The patch from the revision's state to the parent's, applied to head's state under
    // the kind the revision left (the patch checks it), with every old value tested: an
    // array a later revision shifted fails a test instead of changing the wrong element.
    var renames: [String: String] = [:]
    if !before.kind.hasSameBytes(as: after.kind) { renames[before.kind] = after.kind }
    let patch = try CatalogDiff(old: [after], new: [before], renames: renames)
      .jsonPatch(withTests: true, components: .root)
    var target = now
    target.kind = after.kind
    let patched: JSONValue
    let document = JSONValue.array([try target.jsonValue])
    do throws(JSONPatchError) {
      patched = try patch.apply(to: document)
    } catch {
      let path = error.path.flatMap { try? JSONPointer(parsing: $0) }
      conflicts.append(
        RevertConflict(kind: now.kind, paths: [JSONPointer(Array(path?.tokens.dropFirst() ?? []))]))
      return nil
    }
    let bytes = JSONWriter.canonicalBytes(
      .object(JSONObject([.init(key: "components", value: patched)])))
    guard var entry = try DocumentSource.bytes(bytes, name: "revert").readEntries().first else {
      return nil
    }
    if renames.isEmpty { entry.kind = now.kind }
    return entry
  }

  /// The catalog at a revision: entries by component, the components in export order, and
  /// the kinds.
  private struct States {
    var byComponent: [Int64: CatalogEntry] = [:]
    var order: [Int64] = []
    var kinds: Set<BytewiseString> = []
  }

  private static func states(at revision: Int64, _ context: any CatalogReadContext) throws
    -> States
  {
    var states = States()
    guard revision > 0 else { return states }
    try context.forEachEntry(at: revision) { stored in
      states.byComponent[stored.componentID] = stored.entry
      states.order.append(stored.componentID)
      states.kinds.insert(BytewiseString(stored.entry.kind))
    }
    return states
  }
}

import CatalogDiff
import Components

/// What importing a file would record, as a diff: ``Catalog/plannedImport(of:at:prune:)``.
public struct ImportPreview: Sendable {
  /// From the catalog at the reference to the catalog the import would write.
  public var diff: CatalogDiff
  /// The import's own report (counts, kept kinds, kept deprecations), as a dry run gives it.
  public var result: WriteResult
  /// The changes the compatibility policies would refuse (docs/policies.md); empty when
  /// the import would be accepted.
  public var violations: [PolicyViolation] = []
}

extension Catalog {
  /// What changed from one revision to another, by component identity: a renamed component is
  /// one changed entry with an `ENTRY_RENAMED` change and its other changes.
  ///
  /// Every history answer (`diff @a @b`, `show REV`, `log -p`, `revert`, the observer) comes
  /// from here or from ``CatalogDiff/changes(from:to:)``.
  public func diff(from old: RevisionReference, to new: RevisionReference) throws -> CatalogDiff {
    try storage.read { context in
      try Self.diff(from: old.resolve(in: context), to: new.resolve(in: context), in: context)
    }
  }

  /// The diff between two revision ids (0 is the empty catalog before the first revision).
  static func diff(from old: Int64, to new: Int64, in context: any CatalogReadContext) throws
    -> CatalogDiff
  {
    // OLD goes straight into the diff's compact form; NEW is held until the renames are
    // known (an OLD kind renamed away must not match a NEW entry of that name).
    var builder = CatalogDiff.Builder()
    var kindOfComponent: [Int64: String] = [:]
    if old > 0 {
      try context.forEachEntry(at: old) { stored in
        do {
          try builder.addOld(stored.entry)
        } catch {
          throw CatalogError.database(
            .inconsistent("the stored catalogs cannot be compared: \(error)"))
        }
        kindOfComponent[stored.componentID] = stored.entry.kind
      }
    }
    var newEntries: [CatalogEntry] = []
    var renames: [String: String] = [:]
    if new > 0 {
      try context.forEachEntry(at: new) { stored in
        newEntries.append(stored.entry)
        if let before = kindOfComponent[stored.componentID],
          !before.hasSameBytes(as: stored.entry.kind)
        {
          renames[stored.entry.kind] = before
        }
      }
    }
    do {
      builder.setRenames(renames)
      for entry in newEntries { try builder.addNew(entry) }
      var diff = builder.finish()
      diff.compareFrames(
        old: try context.documentFrame(at: old), new: try context.documentFrame(at: new))
      return diff
    } catch let error as CatalogDiffError {
      throw CatalogError.database(.inconsistent("the stored catalogs cannot be compared: \(error)"))
    }
  }

  /// What `import` of `entries` would record if head were `reference`: the diff from the
  /// catalog at `reference` to the catalog the import would write (kinds the file lacks kept
  /// in their places unless `prune`, deprecations kept, member order as written), and the
  /// import's report; with the file's `frame`, its change of the document's frame too.
  /// Nothing is written and no lock is taken.
  public func plannedImport(
    of entries: [CatalogEntry], positions: [SourcePosition]? = nil,
    at reference: RevisionReference = .head, prune: Bool = false, frame: DocumentFrame? = nil
  ) throws -> ImportPreview {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      var planner = ChangePlanner(
        index: try context.headIndex(at: revision), storesPayloads: false)
      planner.keepsDeprecations = true
      try planner.add(all: entries, whose: "the file", positions: positions, context: context)
      let plan = try planner.plan(prune: prune, head: revision)
      var violations: [PolicyViolation] = []
      if let check = try PolicyCheck.load(from: context) {
        violations = try check.violations(
          of: plan.policySubjects(context: context), base: revision, in: context)
      }
      var current: [CatalogEntry] = []
      var bySlotKind: [BytewiseString: CatalogEntry] = [:]
      if revision > 0 {
        try context.forEachEntry(at: revision) { stored in
          current.append(stored.entry)
          bySlotKind[BytewiseString(stored.entry.kind)] = stored.entry
        }
      }
      var planned: [CatalogEntry] = []
      for source in plan.resultingOrder() {
        switch source {
        case .head(let slot):
          guard let entry = bySlotKind[BytewiseString(plan.headKind(slot))] else {
            throw CatalogError.database(
              .inconsistent("head entry \"\(plan.headKind(slot))\" is missing"))
          }
          planned.append(entry)
        case .desired(let i):
          planned.append(
            Self.recorded(entries[i], keepingDeprecation: plan.result.keptDeprecations))
        }
      }
      var result = plan.result
      result.dryRun = true
      let headFrame = try context.documentFrame(at: revision)
      result.changedFrame = frame.map { $0 != headFrame } ?? false
      do {
        var diff = try CatalogDiff(old: current, new: planned)
        if let frame { diff.compareFrames(old: headFrame, new: frame) }
        return ImportPreview(diff: diff, result: result, violations: violations)
      } catch {
        throw CatalogError.database(.inconsistent("the catalogs cannot be compared: \(error)"))
      }
    }
  }

  /// The entry as an import records it: with `"deprecated": true` appended when its
  /// deprecation was kept.
  private static func recorded(_ entry: CatalogEntry, keepingDeprecation kept: [String])
    -> CatalogEntry
  {
    guard entry[extra: "deprecated"] == nil,
      kept.contains(where: { $0.hasSameBytes(as: entry.kind) })
    else { return entry }
    return entry.settingDeprecated(true)
  }

  /// The entry of `kind` at `reference`, following the component back through renames when
  /// `kind` is its name at head (or its last name) but not at `reference`.
  ///
  /// - Returns: the entry as it was (under the kind it had then), and whether a rename was
  ///   followed to find it.
  public func entryFollowingRenames(_ kind: String, at reference: RevisionReference = .head)
    throws -> (entry: CatalogEntry, followedRename: Bool)
  {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      do {
        return (try Self.version(of: kind, at: revision, in: context).entry, false)
      } catch let error as CatalogError {
        let head = try context.headRevision()
        guard let component = try context.component(named: kind, atOrBefore: head),
          let state = try context.versions(ofComponent: component).last(where: {
            $0.revision <= revision
          }), state.change != .removed, !state.entry.kind.hasSameBytes(as: kind)
        else { throw error }
        return (state.entry, true)
      }
    }
  }
}

import CatalogDiff
import Components

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
  ///
  /// Read by the rows' keys first (``RevisionKeys``): a component whose row in force is the
  /// same stored row at both revisions is the same entry, so it goes into the diff by its
  /// kind and indices alone, and only the rows that differ are read with their payloads.
  /// The cost is one pass over each revision's keys plus the entries that differ.
  static func diff(from old: Int64, to new: Int64, in context: any CatalogReadContext) throws
    -> CatalogDiff
  {
    let (before, after) = try RevisionKeys.pair(at: old, and: new, in: context)
    // Each old entry's new export index, found by walking both revisions' entries in
    // component order at once (engines deliver them in that order or its reverse).
    var newIndexOfOld = [Int](repeating: -1, count: before.components.count)
    do {
      var newIndex = [Int](repeating: 0, count: after.components.count)
      for (j, k) in after.order.enumerated() { newIndex[k] = j }
      let (olds, news) = (before.inComponentOrder(), after.inComponentOrder())
      var n = 0
      for k in olds {
        let component = before.components[k]
        while n < news.count && after.components[news[n]] < component { n += 1 }
        if n < news.count && after.components[news[n]] == component {
          newIndexOfOld[k] = newIndex[news[n]]
        }
      }
    }

    // Pair the entries that are the same row at both; the others are read in full, and a
    // component in both whose kind differs is a rename.
    var newPartner = [Int](repeating: -1, count: after.count)
    var oldPartner = [Int](repeating: -1, count: before.count)
    var oldToRead: [(component: Int64, revision: Int64)] = []
    var renames: [String: String] = [:]
    for (i, k) in before.order.enumerated() {
      let component = before.components[k]
      let j = newIndexOfOld[k]
      guard j >= 0 else {
        oldToRead.append((component, before.revisions[k]))
        continue
      }
      let n = after.order[j]
      if after.revisions[n] == before.revisions[k] {
        oldPartner[i] = j
        newPartner[j] = i
        continue
      }
      oldToRead.append((component, before.revisions[k]))
      let (oldKind, newKind) = (before.kinds.array(k), after.kinds.array(n))
      if oldKind != newKind {
        renames[String(decoding: newKind, as: UTF8.self)] = String(
          decoding: oldKind, as: UTF8.self)
      }
    }
    newIndexOfOld = []
    var newToRead: [(component: Int64, revision: Int64)] = []
    for (j, k) in after.order.enumerated() where newPartner[j] < 0 {
      newToRead.append((after.components[k], after.revisions[k]))
    }

    var builder = CatalogDiff.Builder()
    var oldEntries = try entries(oldToRead, in: context)
    try comparing {
      for (i, k) in before.order.enumerated() {
        if oldPartner[i] >= 0 {
          try before.kinds.withBytes(k) {
            try builder.addOldUnchanged(kind: $0, newIndex: oldPartner[i])
          }
        } else {
          try builder.addOld(try read(oldEntries, before.components[k]))
        }
      }
    }
    oldEntries = [:]
    let newEntries = try entries(newToRead, in: context)
    var diff = try comparing {
      builder.setRenames(renames)
      for (j, k) in after.order.enumerated() {
        if newPartner[j] >= 0 {
          try builder.addNewUnchanged(oldIndex: newPartner[j])
        } else {
          try builder.addNew(try read(newEntries, after.components[k]))
        }
      }
      return try builder.finish()
    }
    // Revision 0 is no document: the first revision's frame is where the catalog starts, not
    // a change (and a diff back to nothing has no frame to go back to).
    if old > 0, new > 0 {
      diff.compareFrames(
        old: try context.documentFrame(at: old), new: try context.documentFrame(at: new))
    }
    return diff
  }

  /// The entries of the given rows, by component.
  private static func entries(
    _ versions: [(component: Int64, revision: Int64)], in context: any CatalogReadContext
  ) throws -> [Int64: CatalogEntry] {
    var entries: [Int64: CatalogEntry] = [:]
    entries.reserveCapacity(versions.count)
    try context.forEachEntryRow(versions: versions) { row in
      entries[row.componentID] = try EntryCodec.decode(row).entry
    }
    guard entries.count == versions.count else {
      throw CatalogError.database(.inconsistent("an entry version was read twice"))
    }
    return entries
  }

  private static func read(_ entries: [Int64: CatalogEntry], _ component: Int64) throws
    -> CatalogEntry
  {
    guard let entry = entries[component] else {
      throw CatalogError.database(.inconsistent("the entry of component \(component) is missing"))
    }
    return entry
  }

  /// Runs `body`, reporting a failure to compare two stored catalogs as an inconsistency of
  /// the storage (stored catalogs always have unique kinds and valid texts).
  private static func comparing<R>(_ body: () throws -> R) throws -> R {
    do {
      return try body()
    } catch {
      throw CatalogError.database(.inconsistent("the stored catalogs cannot be compared: \(error)"))
    }
  }

  /// What `import` of `entries` would record if head were `reference`: the diff from the
  /// catalog at `reference` to the catalog the import would write (kinds the file lacks kept
  /// in their places unless `prune`, deprecations kept, member order as written), and the
  /// import's report; with the file's `frame`, its change of the document's frame too.
  /// Nothing is written and no lock is taken. Entries that use a name the catalog renamed
  /// are in the preview's result (``WriteResult/formerNames``), followed to the renamed
  /// component with `formerNames` ``FormerNames/follow``, otherwise shown as new kinds.
  public func plannedImport(
    of entries: [CatalogEntry], positions: [SourcePosition]? = nil,
    at reference: RevisionReference = .head, prune: Bool = false, frame: DocumentFrame? = nil,
    formerNames: FormerNames = .refuse
  ) throws -> ImportPreview {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      var planner = ChangePlanner(
        index: try context.revisionIndex(at: revision), storesPayloads: false)
      planner.keepsDeprecations = true
      planner.formerNames = formerNames
      planner.formerNamesHead = revision
      try planner.add(all: entries, whose: "the file", positions: positions, context: context)
      let plan = try planner.plan(prune: prune, head: revision)
      // A followed former name is written under the component's current name.
      var entries = entries
      if formerNames == .follow {
        for use in plan.result.formerNames { entries[use.entryIndex].kind = use.currentKind }
      }
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
      // Into an empty catalog the file's frame is where the catalog starts, not a change.
      result.changedFrame = revision > 0 && frame.map { $0 != headFrame } ?? false
      result.recordsFrame = frame.map { $0 != headFrame } ?? false
      do {
        // Matched as the import matches them: by kind, and a head entry taken over under
        // other bytes (another normalization of its kind) is the same component, renamed.
        var diff = try CatalogDiff(
          old: current, new: planned, renames: plan.renamedKinds { entries[$0].kind })
        if let frame, revision > 0 { diff.compareFrames(old: headFrame, new: frame) }
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
      let found = try Self.versionFollowingRenames(
        of: kind, at: try reference.resolve(in: context), in: context)
      return (found.version.entry, found.followedRename)
    }
  }
}

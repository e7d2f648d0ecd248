import CatalogDiff
import Components

/// One component a write changes, as the policy check sees it.
struct PolicySubject {
  /// The component, when the kind has history (a new kind has none, unless it comes back).
  var component: Int64?
  /// The state the write replaces; nil for an added kind.
  var old: CatalogEntry?
  /// The state the write gives it; nil for a removed kind.
  var new: CatalogEntry?
  /// Where the entry starts in the submitted file.
  var position: SourcePosition?
}

/// Decides which changes of a write the policies refuse. Every change comes from
/// ``CatalogDiff/changes(from:to:)``: the rules are the change model's, and a mode only says
/// which rules it refuses (``CompatibilityMode/refuses(_:)``).
struct PolicyCheck {
  /// A violation's rule and pointer: what a transitive check does not report twice.
  private struct FoundKey: Hashable {
    var rule: ChangeRule
    var pointer: JSONPointer
  }

  let policy: CatalogPolicy
  /// The app builds retained at head: what apps read, where a contract says.
  let readers: ContractReaders
  /// The states a waiver declared a new baseline for: (revision, kind) of each waived change.
  let baselines: Set<WaivedState>

  struct WaivedState: Hashable {
    var revision: Int64
    var kind: BytewiseString
  }

  init(policy: CatalogPolicy, waivers: [Waiver], shapes: BuildShapes = .none) {
    self.policy = policy
    self.readers = ContractReaders(shapes: shapes)
    var baselines = Set<WaivedState>()
    for waiver in waivers {
      for change in waiver.changes {
        baselines.insert(WaivedState(revision: waiver.revision, kind: BytewiseString(change.kind)))
      }
    }
    self.baselines = baselines
  }

  /// Reads the policies, waivers and the contracts of the builds retained at head; nil when
  /// no level sets a mode, so nothing is checked.
  static func load(from context: any CatalogReadContext) throws -> PolicyCheck? {
    let policy = try CatalogPolicy(records: context.policyRecords())
    guard !policy.enforcesNothing else { return nil }
    let shapes = try BuildShapes.retained(in: context, upTo: try context.headRevision())
    return PolicyCheck(policy: policy, waivers: try context.waivers(), shapes: shapes)
  }

  /// The violations of `subjects` against the catalog at `base`, in subject order.
  ///
  /// Two guards can judge a write: the mode of the state it replaces (the kind as apps know
  /// it, judged against that state) and the mode of the state it gives (its new category's).
  /// When the second did not govern the replaced state, the kind enters it: the write is
  /// judged, under that guard, against the component's last state the guard governed, so
  /// a kind moved to an unguarded category, changed there and moved back is judged as one
  /// change of the guarded kind (docs/policies.md, "Moving a kind"). A transitive mode of
  /// either guard compares with every earlier state, whatever its category was.
  func violations(
    of subjects: [PolicySubject], base: Int64, in context: any CatalogReadContext
  ) throws -> [PolicyViolation] {
    var violations: [PolicyViolation] = []
    for subject in subjects {
      guard let known = subject.old ?? subject.new else { continue }
      var kinds = [known.kind]
      if let new = subject.new, !new.kind.hasSameBytes(as: known.kind) { kinds.append(new.kind) }
      let leaving = subject.old.map { policy.effectiveMode(kind: $0.kind, category: $0.category) }
      let entering = subject.new.map { governing($0, replacing: subject.old) }
      var found: [PolicyViolation] = []
      // What `found` holds, by rule and pointer: a set, so that an entry with many changes
      // is checked in linear time.
      var foundKeys: Set<FoundKey> = []
      func consider(
        _ changes: [CatalogDiff.Change], against revision: Int64,
        under effective: CatalogPolicy.Effective
      ) {
        for change in changes where effective.mode.refuses(change.rule) {
          guard !policy.ignores(kind: known.kind, rule: change.rule, pointer: change.pointer)
          else { continue }
          // What the retained builds read decides where a contract says.
          guard !readers.clear(change, kinds: kinds, under: effective.mode) else { continue }
          // A second comparison adds only what the earlier ones did not find.
          guard foundKeys.insert(FoundKey(rule: change.rule, pointer: change.pointer)).inserted
          else { continue }
          found.append(
            PolicyViolation(
              kind: known.kind, mode: effective.mode, origin: effective.origin, change: change,
              against: revision, position: subject.position))
        }
      }
      func considerEarlierStates(
        of component: Int64, excluding current: CatalogEntry?, to new: CatalogEntry,
        under effective: CatalogPolicy.Effective
      ) throws {
        for state in try earlierStates(of: component, before: base, excluding: current, in: context)
        {
          // The earlier state under the current name: a past rename was judged by the
          // write that made it; what a transitive mode adds is the payloads' compatibility.
          var earlier = state.entry
          earlier.kind = new.kind
          consider(
            try Self.changes(from: earlier, to: new), against: state.revision, under: effective)
        }
      }
      if let leaving, leaving.mode != .noCheck, let old = subject.old {
        if let new = subject.new {
          consider(try Self.changes(from: old, to: new), against: base, under: leaving)
          if leaving.mode.isTransitive, let component = subject.component {
            try considerEarlierStates(of: component, excluding: old, to: new, under: leaving)
          }
        } else {
          consider(
            [
              CatalogDiff.Change(
                pointer: .root, old: .string(old.kind), new: nil, rule: .entryRemoved)
            ], against: base, under: leaving)
        }
      }
      if let entering, entering != leaving, entering.mode != .noCheck, let new = subject.new,
        let component = subject.component
      {
        // A kind that comes back after a removal (no replaced state) is judged by the
        // transitive modes only, as before: its removal was the guarded change.
        if subject.old != nil,
          let last = try lastState(
            of: component, under: entering, named: new.kind, before: base, in: context)
        {
          consider(
            try Self.changes(from: last.entry, to: new), against: last.revision, under: entering)
        }
        if entering.mode.isTransitive {
          try considerEarlierStates(of: component, excluding: nil, to: new, under: entering)
        }
      }
      violations += found
    }
    return violations
  }

  /// The mode that governs the state a write gives a kind: its category's, or the kind's own
  /// (which a rename carries to the new name, as ``PlannedWrite`` records it).
  private func governing(_ new: CatalogEntry, replacing old: CatalogEntry?)
    -> CatalogPolicy.Effective
  {
    if let old, !old.kind.hasSameBytes(as: new.kind), policy.mode(at: .kind, name: new.kind) == nil,
      let mode = policy.mode(at: .kind, name: old.kind)
    {
      return CatalogPolicy.Effective(mode: mode, origin: .kind(old.kind))
    }
    return policy.effectiveMode(kind: new.kind, category: new.category)
  }

  /// The component's newest state up to `base` that `guard` governed (by the policies in
  /// force now, the kind under its current name): what the apps under that guard last saw.
  /// Nil when the guard never governed it, which makes the write an addition for the guard.
  private func lastState(
    of component: Int64, under effective: CatalogPolicy.Effective, named kind: String,
    before base: Int64, in context: any CatalogReadContext
  ) throws -> EntryVersion? {
    let versions = try context.versions(ofComponent: component)
    return versions.last { version in
      version.revision <= base && version.change != .removed
        && policy.effectiveMode(kind: kind, category: version.entry.category) == effective
    }
  }

  /// The distinct states a component had up to `base`, newest first, back to the newest
  /// waived one (a waiver declares apps older than it unsupported), without `current`.
  private func earlierStates(
    of component: Int64, before base: Int64, excluding current: CatalogEntry?,
    in context: any CatalogReadContext
  ) throws -> [EntryVersion] {
    var states: [EntryVersion] = []
    let versions = try context.versions(ofComponent: component).filter { $0.revision <= base }
    for i in versions.indices.reversed() {
      let version = versions[i]
      if version.change != .removed,
        !(current.map { CatalogDiff.sameFields($0, version.entry) } ?? false),
        !states.contains(where: { CatalogDiff.sameFields($0.entry, version.entry) })
      {
        states.append(version)
      }
      // A waived change names the kind as it was before the change (a rename's old name).
      let kinds = [version.entry.kind] + (i > 0 ? [versions[i - 1].entry.kind] : [])
      if kinds.contains(where: {
        baselines.contains(WaivedState(revision: version.revision, kind: BytewiseString($0)))
      }) {
        break
      }
    }
    return states
  }

  static func changes(from old: CatalogEntry, to new: CatalogEntry) throws -> [CatalogDiff.Change] {
    do {
      return try CatalogDiff.changes(from: old, to: new)
    } catch {
      throw CatalogError.database(.inconsistent("the stored states cannot be compared: \(error)"))
    }
  }
}

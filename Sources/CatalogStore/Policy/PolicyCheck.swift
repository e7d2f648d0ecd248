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
  /// The states a waiver declared a new baseline for: (revision, kind) of each waived change.
  let baselines: Set<WaivedState>

  struct WaivedState: Hashable {
    var revision: Int64
    var kind: BytewiseString
  }

  init(policy: CatalogPolicy, waivers: [Waiver]) {
    self.policy = policy
    var baselines = Set<WaivedState>()
    for waiver in waivers {
      for change in waiver.changes {
        baselines.insert(WaivedState(revision: waiver.revision, kind: BytewiseString(change.kind)))
      }
    }
    self.baselines = baselines
  }

  /// Reads the policies and waivers; nil when no level sets a mode, so nothing is checked.
  static func load(from context: any CatalogReadContext) throws -> PolicyCheck? {
    let policy = try CatalogPolicy(records: context.policyRecords())
    guard !policy.enforcesNothing else { return nil }
    return PolicyCheck(policy: policy, waivers: try context.waivers())
  }

  /// The violations of `subjects` against the catalog at `base`, in subject order.
  func violations(
    of subjects: [PolicySubject], base: Int64, in context: any CatalogReadContext
  ) throws -> [PolicyViolation] {
    var violations: [PolicyViolation] = []
    for subject in subjects {
      guard let known = subject.old ?? subject.new else { continue }
      let effective = policy.effectiveMode(kind: known.kind, category: known.category)
      guard effective.mode != .noCheck else { continue }
      var found: [PolicyViolation] = []
      // What `found` holds, by rule and pointer: a set, so that an entry with many changes
      // is checked in linear time.
      var foundKeys: Set<FoundKey> = []
      func consider(_ changes: [CatalogDiff.Change], against revision: Int64) {
        for change in changes where effective.mode.refuses(change.rule) {
          guard !policy.ignores(kind: known.kind, rule: change.rule, pointer: change.pointer)
          else { continue }
          // A transitive comparison adds only what the newer ones did not find.
          guard foundKeys.insert(FoundKey(rule: change.rule, pointer: change.pointer)).inserted
          else { continue }
          found.append(
            PolicyViolation(
              kind: known.kind, mode: effective.mode, origin: effective.origin, change: change,
              against: revision, position: subject.position))
        }
      }
      switch (subject.old, subject.new) {
      case (let old?, let new?):
        consider(try Self.changes(from: old, to: new), against: base)
      case (let old?, nil):
        consider(
          [
            CatalogDiff.Change(
              pointer: .root, old: .string(old.kind), new: nil, rule: .entryRemoved)
          ], against: base)
      case (nil, _?), (nil, nil):
        break
      }
      if effective.mode.isTransitive, let new = subject.new, let component = subject.component {
        for state in try earlierStates(
          of: component, before: base, excluding: subject.old, in: context)
        {
          // The earlier state under the current name: a past rename was judged by the
          // write that made it; what a transitive mode adds is the payloads' compatibility.
          var earlier = state.entry
          earlier.kind = new.kind
          consider(try Self.changes(from: earlier, to: new), against: state.revision)
        }
      }
      violations += found
    }
    return violations
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

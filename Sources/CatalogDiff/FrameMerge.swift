import Components

/// A three-way merge of document frames (``DocumentFrame``): the top-level members other
/// than `components` merged as an entry's extra members are, member by member, and the form
/// taken from the side that changed it.
///
/// A member changed (its value, or the side of `components` it is on) on one side only takes
/// that side's state; the same change on both sides is taken once; different changes to one
/// member, or to the form, conflict. The order is ``OrderMerge``'s, as for entries and object
/// members: OURS' unless only THEIRS reordered, the other side's additions after their
/// nearest predecessor (first on their side of `components` without one).
public struct FrameMerge: Sendable {
  /// The merged frame, or nil when there are conflicts.
  public let frame: DocumentFrame?
  /// Where the sides disagree: `/version` for a member, the root pointer for the form.
  public let conflicts: [JSONPointer]
  /// The merged frame with every conflict resolved to OURS and to THEIRS (both ``frame``
  /// when there is none): what each side of the conflict markers is written in.
  public let resolved: (ours: DocumentFrame, theirs: DocumentFrame)

  public init(base: DocumentFrame, ours: DocumentFrame, theirs: DocumentFrame) {
    if ours == base || ours == theirs {
      frame = theirs
      conflicts = []
      resolved = (theirs, theirs)
      return
    }
    if theirs == base {
      frame = ours
      conflicts = []
      resolved = (ours, ours)
      return
    }
    var conflicts: [JSONPointer] = []
    var form = ours.form
    if ours.form != theirs.form {
      if ours.form == base.form {
        form = theirs.form
      } else if theirs.form != base.form {
        conflicts.append(.root)
      }
    }
    let baseStates = Self.states(base)
    let theirStates = Self.states(theirs)
    let ourStates = Self.states(ours)
    // Each member's merged state (value, and side of `components`): a change made on one
    // side is taken, the same change on both once, different changes conflict and keep OURS'.
    var merged: [BytewiseString: State] = [:]
    // The same, with the conflicts resolved to THEIRS.
    var mergedTheirs: [BytewiseString: State] = [:]
    var seen = Set<BytewiseString>()
    for (name, _) in Self.ordered(ours) + Self.ordered(theirs) {
      let key = BytewiseString(name)
      guard seen.insert(key).inserted else { continue }
      let (baseState, ourState, theirState) = (baseStates[key], ourStates[key], theirStates[key])
      if theirState == baseState || ourState == theirState {
        merged[key] = ourState
        mergedTheirs[key] = ourState
      } else if ourState == baseState {
        merged[key] = theirState
        mergedTheirs[key] = theirState
      } else {
        conflicts.append(JSONPointer([key.string]))
        merged[key] = ourState
        mergedTheirs[key] = theirState
      }
    }
    // The order is OrderMerge's, as for entries and object members, over the names with
    // `components` between the two sides (a frame cannot have a member of that name).
    let components = BytewiseString("components")
    func names(_ frame: DocumentFrame) -> [BytewiseString] {
      frame.before.map { BytewiseString($0.key) } + [components]
        + frame.after.map { BytewiseString($0.key) }
    }
    func built(_ states: [BytewiseString: State], _ form: DocumentFrame.Form) -> DocumentFrame {
      var before: [CatalogEntry.Member] = []
      var after: [CatalogEntry.Member] = []
      for key in OrderMerge.merge(
        base: names(base), ours: names(ours), theirs: names(theirs), keep: { states[$0] != nil })
      {
        guard let state = states[key] else { continue }
        if state.isBefore { before.append(state.member) } else { after.append(state.member) }
      }
      return DocumentFrame(form: form, before: before, after: after)
    }
    let mergedFrame = built(merged, form)
    if form == .array && !(mergedFrame.before.isEmpty && mergedFrame.after.isEmpty)
      && !conflicts.contains(.root)
    {
      conflicts.append(.root)
    }
    self.conflicts = conflicts
    self.frame = conflicts.isEmpty ? mergedFrame : nil
    resolved =
      conflicts.isEmpty
      ? (mergedFrame, mergedFrame)
      : (
        built(merged, conflicts.contains(.root) ? ours.form : form),
        built(mergedTheirs, conflicts.contains(.root) ? theirs.form : form)
      )
  }

  /// A member and the side of `components` it is on.
  private struct State: Equatable {
    var member: CatalogEntry.Member
    var isBefore: Bool
  }

  private static func ordered(_ frame: DocumentFrame) -> [(String, State)] {
    frame.before.map { ($0.key, State(member: $0, isBefore: true)) }
      + frame.after.map { ($0.key, State(member: $0, isBefore: false)) }
  }

  /// Keys compare by bytes, as the catalog compares them.
  private static func states(_ frame: DocumentFrame) -> [BytewiseString: State] {
    var states: [BytewiseString: State] = [:]
    for (key, state) in ordered(frame) { states[BytewiseString(key)] = state }
    return states
  }
}

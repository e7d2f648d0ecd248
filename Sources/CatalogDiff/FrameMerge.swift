import Components

/// A three-way merge of document frames (``DocumentFrame``): the top-level members other
/// than `components` merged as an entry's extra members are, member by member, and the form
/// taken from the side that changed it.
///
/// A member changed (its value, or the side of `components` it is on) on one side only takes
/// that side's state; the same change on both sides is taken once; different changes to one
/// member, or to the form, conflict. Members follow OURS' order, with THEIRS' additions after
/// their nearest predecessor on their side of `components` (first on that side without one),
/// as ``CatalogMerge`` places entries.
public struct FrameMerge: Sendable {
  /// The merged frame, or nil when there are conflicts.
  public let frame: DocumentFrame?
  /// Where the sides disagree: `/version` for a member, the root pointer for the form.
  public let conflicts: [JSONPointer]

  public init(base: DocumentFrame, ours: DocumentFrame, theirs: DocumentFrame) {
    if ours == base || ours == theirs {
      frame = theirs
      conflicts = []
      return
    }
    if theirs == base {
      frame = ours
      conflicts = []
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
    var before: [CatalogEntry.Member] = []
    var after: [CatalogEntry.Member] = []
    func place(_ state: State) {
      if state.isBefore { before.append(state.member) } else { after.append(state.member) }
    }
    // OURS' members, each merged.
    for (key, ourState) in Self.ordered(ours) {
      let baseState = baseStates[key]
      let theirState = theirStates[key]
      if theirState == baseState {
        place(ourState)
      } else if ourState == baseState {
        if let theirState { place(theirState) }  // removed by THEIRS otherwise
      } else if ourState == theirState {
        place(ourState)
      } else {
        conflicts.append(JSONPointer([key]))
        place(ourState)
      }
    }
    // THEIRS' members that OURS lacks.
    let theirOrder = Self.ordered(theirs)
    for (i, (key, theirState)) in theirOrder.enumerated() where ourStates[key] == nil {
      guard let baseState = baseStates[key] else {
        // Added by THEIRS: after its nearest predecessor on its side of `components` that
        // the result has, else first on that side.
        var section = theirState.isBefore ? before : after
        var at = 0
        for (previous, state) in theirOrder[..<i].reversed()
        where state.isBefore == theirState.isBefore {
          if let found = section.firstIndex(where: { $0.key.hasSameBytes(as: previous) }) {
            at = found + 1
            break
          }
        }
        section.insert(theirState.member, at: at)
        if theirState.isBefore { before = section } else { after = section }
        continue
      }
      // OURS removed it: fine unless THEIRS changed it.
      if theirState != baseState { conflicts.append(JSONPointer([key])) }
    }
    if form == .array && !(before.isEmpty && after.isEmpty) && !conflicts.contains(.root) {
      conflicts.append(.root)
    }
    self.conflicts = conflicts
    frame = conflicts.isEmpty ? DocumentFrame(form: form, before: before, after: after) : nil
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

extension Dictionary where Key == BytewiseString {
  fileprivate subscript(key: String) -> Value? { self[BytewiseString(key)] }
}

import Components

/// The expected outcome of merging a ``MergeScenario``, worked out from the edits themselves
/// (not from the documents, as the merge must): which places conflict, and the merged
/// entries when none does.
///
/// Conflicts, by kind and pointer (cut at the first array index): one side removed an entry
/// the other edited; both set one leaf to different values; one side removed a member the
/// other edited inside; both added one key or kind with different values; both inserted into
/// one array at one BASE gap; one side removed an element the other edited.
///
/// Order is the documented rule, written here as plainly as possible: follow OURS (THEIRS
/// when only THEIRS reordered); the other side's additions go after their nearest preceding
/// name that both sides have, after the followed side's additions there.
struct MergeModel {
  struct Place: Hashable, CustomStringConvertible {
    var kind: String
    var pointer: String
    var description: String { "\(kind)\(pointer.isEmpty ? "" : " ")\(pointer)" }
  }

  let scenario: MergeScenario
  private(set) var conflicts: Set<Place> = []

  init(_ scenario: MergeScenario) {
    self.scenario = scenario
    let o = scenario.oursEdits
    let t = scenario.theirsEdits
    for kind in Self.kinds(scenario.base) {
      let oursRemoved = o.removedEntries.contains(kind)
      let theirsRemoved = t.removedEntries.contains(kind)
      if oursRemoved != theirsRemoved {
        if (oursRemoved && t.touched(kind)) || (theirsRemoved && o.touched(kind)) {
          conflicts.insert(Place(kind: kind, pointer: ""))
        }
        continue
      }
      if oursRemoved { continue }
      for (pointer, value) in o.leaves[kind] ?? [:] {
        if let other = t.leaves[kind]?[pointer], other != value {
          conflicts.insert(Place(kind: kind, pointer: Self.cut(pointer)))
        }
      }
      for (a, b) in [(o, t), (t, o)] {
        for removed in a.removedKeys[kind] ?? []
        where !(b.removedKeys[kind] ?? []).contains(removed) {
          if b.pointers(in: kind).contains(where: { $0 == removed || $0.hasPrefix(removed + "/") })
          {
            conflicts.insert(Place(kind: kind, pointer: removed))
          }
        }
        for (array, index) in a.removals[kind] ?? [:] {
          if (b.leaves[kind] ?? [:]).keys.contains(where: { $0.hasPrefix("\(array)/\(index)/") }) {
            conflicts.insert(Place(kind: kind, pointer: array))
          }
        }
      }
      for (object, keys) in o.addedKeys[kind] ?? [:] {
        for (key, value) in keys {
          if let other = t.addedKeys[kind]?[object]?[key], other != value {
            conflicts.insert(Place(kind: kind, pointer: object + "/" + key))
          }
        }
      }
      for (array, insertion) in o.insertions[kind] ?? [:] {
        if let other = t.insertions[kind]?[array], other.gap == insertion.gap {
          conflicts.insert(Place(kind: kind, pointer: array))
        }
      }
    }
    for (kind, value) in o.addedEntries {
      if let other = t.addedEntries[kind], other != value {
        conflicts.insert(Place(kind: kind, pointer: ""))
      }
    }
  }

  /// The pointer up to its first array index.
  static func cut(_ pointer: String) -> String {
    let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false)
    let kept = tokens.prefix { !$0.allSatisfy(\.isNumber) || $0.isEmpty }
    return kept.joined(separator: "/")
  }

  static func kinds(_ entries: [JSONValue]) -> [String] {
    entries.compactMap { $0.objectValue?["kind"]?.stringValue }
  }

  // MARK: - The merged catalog

  /// The merged entries, meaningful for every kind without a conflict.
  func mergedEntries() -> [JSONValue] {
    let o = scenario.oursEdits
    let t = scenario.theirsEdits
    let base = scenario.base
    var result: [String: JSONValue] = [:]
    for entry in base {
      let kind = entry.objectValue?["kind"]?.stringValue ?? ""
      guard !o.removedEntries.contains(kind), !t.removedEntries.contains(kind) else { continue }
      result[kind] = merged(entry, kind: kind, pointer: "")
    }
    for (kind, value) in t.addedEntries { result[kind] = value }
    for (kind, value) in o.addedEntries { result[kind] = value }
    let order = Self.order(
      base: Self.kinds(base), ours: Self.kinds(scenario.ours), theirs: Self.kinds(scenario.theirs),
      keep: Set(result.keys))
    return order.compactMap { result[$0] }
  }

  private func merged(_ value: JSONValue, kind: String, pointer: String) -> JSONValue {
    let o = scenario.oursEdits
    let t = scenario.theirsEdits
    if let leaf = o.leaves[kind]?[pointer] ?? t.leaves[kind]?[pointer] { return leaf }
    switch value {
    case .object(let object):
      var members: [String: JSONValue] = [:]
      for member in object.members {
        let here = pointer + "/" + member.key
        if (o.removedKeys[kind] ?? []).contains(here) || (t.removedKeys[kind] ?? []).contains(here)
        {
          continue
        }
        members[member.key] = merged(member.value, kind: kind, pointer: here)
      }
      for edits in [t, o] {
        for (key, value) in edits.addedKeys[kind]?[pointer] ?? [:] { members[key] = value }
      }
      // Inside array elements nothing is reordered (and a side's indices may have moved).
      let keys =
        Self.cut(pointer) != pointer
        ? object.keys.filter { members[$0] != nil }
        : Self.order(
          base: object.keys, ours: keys(scenario.ours, kind, pointer),
          theirs: keys(scenario.theirs, kind, pointer), keep: Set(members.keys))
      return .object(
        JSONObject(keys.map { JSONObject.Member(key: $0, value: members[$0] ?? .null) }))
    case .array(let elements):
      var result: [JSONValue] = []
      for gap in 0...elements.count {
        for edits in [o, t] {
          if let insertion = edits.insertions[kind]?[pointer], insertion.gap == gap {
            result.append(insertion.value)
          }
        }
        guard gap < elements.count else { break }
        if o.removals[kind]?[pointer] == gap || t.removals[kind]?[pointer] == gap { continue }
        result.append(merged(elements[gap], kind: kind, pointer: "\(pointer)/\(gap)"))
      }
      return .array(result)
    default:
      return value
    }
  }

  /// The member names of a side's object at `pointer` in the entry of `kind`.
  private func keys(_ side: [JSONValue], _ kind: String, _ pointer: String) -> [String] {
    let entry = side.first { $0.objectValue?["kind"]?.stringValue == kind }
    return entry?.at(pointer)?.objectValue?.keys ?? []
  }

  /// The documented order rule, plainly.
  static func order(base: [String], ours: [String], theirs: [String], keep: Set<String>) -> [String]
  {
    func reordered(_ side: [String]) -> Bool {
      let kept = side.filter(base.contains)
      return kept != base.filter(kept.contains)
    }
    let followTheirs = !reordered(ours) && reordered(theirs)
    let primary = followTheirs ? theirs : ours
    let secondary = followTheirs ? ours : theirs
    var result = primary
    for (index, name) in secondary.enumerated() where !primary.contains(name) {
      var position = 0
      if let anchor = secondary[..<index].last(where: primary.contains),
        let at = result.firstIndex(of: anchor)
      {
        position = at + 1
      }
      while position < result.count
        && !(primary.contains(result[position]) && secondary.contains(result[position]))
      {
        position += 1
      }
      result.insert(name, at: position)
    }
    return result.filter(keep.contains)
  }
}

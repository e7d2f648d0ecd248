import Components

/// A value after a three-way merge: clean, or a container with conflicts somewhere inside.
///
/// A conflict is a slot that holds each side's values: one value or none for an object member
/// (none: that side removed it), any number for a run of array elements.
indirect enum MergedValue: Sendable, Hashable {
  case clean(JSONValue)
  case object([MergedMember])
  case array([MergedSlot])

  /// The value with every conflict inside resolved to `side`.
  func resolved(_ side: CatalogMerge.ConflictSide) -> JSONValue {
    switch self {
    case .clean(let value):
      return value
    case .object(let members):
      var object = JSONObject()
      object.members.reserveCapacity(members.count)
      for member in members {
        for value in member.slot.resolved(side) {
          object.members.append(JSONObject.Member(key: member.key, value: value))
        }
      }
      return .object(object)
    case .array(let slots):
      return .array(slots.flatMap { $0.resolved(side) })
    }
  }

  var isClean: Bool {
    if case .clean = self { return true }
    return false
  }
}

/// One member of a merged object.
struct MergedMember: Sendable, Hashable {
  var key: String
  var slot: MergedSlot
}

/// A place in a merged container: a merged value, or a conflict between the sides' values.
enum MergedSlot: Sendable, Hashable {
  case value(MergedValue)
  /// `id` indexes ``CatalogMerge/conflicts``.
  case conflict(id: Int, ours: [JSONValue], theirs: [JSONValue])

  func resolved(_ side: CatalogMerge.ConflictSide) -> [JSONValue] {
    switch self {
    case .value(let value): return [value.resolved(side)]
    case .conflict(_, let ours, let theirs): return side == .ours ? ours : theirs
    }
  }

  var isClean: Bool {
    if case .value(let value) = self { return value.isClean }
    return false
  }
}

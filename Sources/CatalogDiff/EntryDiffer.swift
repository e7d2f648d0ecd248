import Components

/// Compares two entries of the same kind field by field and leaf by leaf, collecting the
/// changes users read and the edits a patch applies.
///
/// Objects are compared by key (member order is not a difference), arrays with
/// ``ArrayAlignment``, and anything else by exact equality: numbers spelled differently
/// (`1.0` and `1`) are a `VALUE_CHANGED`, so that a patch reproduces NEW's text.
struct EntryDiffer {
  private(set) var changes: [CatalogDiff.Change] = []
  private(set) var edits: [ValueEdit] = []

  /// Compares `old` and `new`: two states of one component, so the kind differs only when it
  /// was renamed.
  mutating func compare(_ old: CatalogEntry, _ new: CatalogEntry) throws(CatalogDiffError) {
    let firstEdit = edits.count
    if !old.kind.hasSameBytes(as: new.kind) {
      let pointer = JSONPointer(["kind"])
      changes.append(
        CatalogDiff.Change(
          pointer: pointer, old: .string(old.kind), new: .string(new.kind), rule: .entryRenamed))
      edits.append(.replace(pointer, old: .string(old.kind), new: .string(new.kind)))
    }
    if !old.category.hasSameBytes(as: new.category) {
      metadata(["category"], old: .string(old.category), new: .string(new.category))
    }
    if !old.description.hasSameBytes(as: new.description) {
      metadata(["description"], old: .string(old.description), new: .string(new.description))
    }
    if !sameBytes(old.payload.bytes, new.payload.bytes) {
      let payload = JSONPointer(["payload"])
      compare(
        try parse(old.payload, old, "payload", .old), try parse(new.payload, new, "payload", .new),
        shown: payload, edited: payload)
    }
    let oldExtras = old.memberLookup
    let newExtras = new.memberLookup
    for member in old.extraMembers {
      let pointer = JSONPointer([member.key])
      if let newText = newExtras[member.key] {
        if !sameBytes(member.value.bytes, newText.bytes) {
          metadata(
            pointer, old: try parse(member.value, old, member.key, .old),
            new: try parse(newText, new, member.key, .new))
        }
      } else {
        metadata(pointer, old: try parse(member.value, old, member.key, .old), new: nil)
      }
    }
    for member in new.extraMembers where oldExtras[member.key] == nil {
      metadata(
        JSONPointer([member.key]), old: nil, new: try parse(member.value, new, member.key, .new))
    }
    let oldKeys = old.orderedKeys
    let newKeys = new.orderedKeys
    if !oldKeys.haveSameBytes(as: newKeys) {
      try reorder(
        oldKeys: oldKeys, newKeys: newKeys, shown: .root, edited: .root, since: firstEdit,
        old: { key throws(CatalogDiffError) in try Self.member(key, of: old, oldExtras, .old) },
        new: { key throws(CatalogDiffError) in try Self.member(key, of: new, newExtras, .new) })
    }
  }

  /// The value of member `key` of an entry.
  private static func member(
    _ key: String, of entry: CatalogEntry, _ extras: CatalogEntry.MemberLookup,
    _ side: CatalogDiffError.Side
  ) throws(CatalogDiffError) -> JSONValue {
    switch key {
    case "kind": return .string(entry.kind)
    case "category": return .string(entry.category)
    case "description": return .string(entry.description)
    case "payload":
      do { return try entry.payload.value() } catch {
        throw .invalidText(kind: entry.kind, member: key, side: side, error)
      }
    default:
      do { return try extras[key]?.value() ?? .null } catch {
        throw .invalidText(kind: entry.kind, member: key, side: side, error)
      }
    }
  }

  /// Member order, once the values are compared: a patch removes members and appends the
  /// ones it adds, so when NEW's order is not OLD's survivors followed by the added members,
  /// the edits rewrite the object's tail. The change (`MEMBERS_REORDERED`) is reported only
  /// when members both sides have change their relative order (their longest increasing
  /// subsequence of OLD's positions, in NEW's order, leaves one out): a member inserted in
  /// the middle, or one removed, is a `KEY_ADDED` or `KEY_REMOVED` and nothing more.
  ///
  /// The members of NEW's longest prefix that keeps OLD's relative order stay where they
  /// are; every member after it is removed (when OLD has it) and added again with NEW's
  /// value, in NEW's order, replacing the edits made inside it since `since`.
  private mutating func reorder(
    oldKeys: [String], newKeys: [String], shown: JSONPointer, edited: JSONPointer, since: Int,
    old: (String) throws(CatalogDiffError) -> JSONValue,
    new: (String) throws(CatalogDiffError) -> JSONValue
  ) throws(CatalogDiffError) {
    // Keys compare by bytes, as everywhere in a diff.
    var oldPosition: [BytewiseString: Int] = [:]
    for (i, key) in oldKeys.enumerated() where oldPosition[BytewiseString(key)] == nil {
      oldPosition[BytewiseString(key)] = i
    }
    let newSet = Set(newKeys.map(BytewiseString.init))
    let afterEdits =
      oldKeys.filter { newSet.contains(BytewiseString($0)) }
      + newKeys.filter { oldPosition[BytewiseString($0)] == nil }
    guard !afterEdits.haveSameBytes(as: newKeys) else { return }
    let sharedPositions = newKeys.compactMap { oldPosition[BytewiseString($0)] }
    if LongestIncreasingSubsequence.membership(sharedPositions).contains(false) {
      changes.append(
        CatalogDiff.Change(
          pointer: shown, old: .array(oldKeys.map(JSONValue.string)),
          new: .array(newKeys.map(JSONValue.string)), rule: .membersReordered))
    }
    var stable = 0
    var last = -1
    while stable < newKeys.count, let position = oldPosition[BytewiseString(newKeys[stable])],
      position > last
    {
      last = position
      stable += 1
    }
    let tail = newKeys[stable...]
    let tailSet = Set(tail.map(BytewiseString.init))
    let prefixLength = edited.tokens.count
    // Only the edits since `since` are touched: copying the earlier ones too would make an
    // array of many reordered objects quadratic.
    let kept = edits[since...].filter { edit in
      let tokens = edit.pointer.tokens
      return
        !(tokens.count > prefixLength && tokens.starts(with: edited.tokens)
        && tailSet.contains(BytewiseString(tokens[prefixLength])))
    }
    edits.replaceSubrange(since..., with: kept)
    for key in tail {
      if oldPosition[BytewiseString(key)] != nil {
        edits.append(.remove(edited.appending(key), old: try old(key)))
      }
      edits.append(.add(edited.appending(key), new: try new(key)))
    }
  }

  /// Compares two values. `shown` is the pointer users read (NEW's indices, OLD's for a removed
  /// element); `edited` is the pointer the edit applies at, with array indices as the edits
  /// before this one leave them.
  mutating func compare(
    _ old: JSONValue, _ new: JSONValue, shown: JSONPointer, edited: JSONPointer
  ) {
    switch (old, new) {
    case (.object(let a), .object(let b)):
      compareObjects(a, b, shown: shown, edited: edited)
    case (.array(let a), .array(let b)):
      compareArrays(a, b, shown: shown, edited: edited)
    default:
      guard old != new else { return }
      let rule = Self.rule(replacing: old, with: new)
      changes.append(CatalogDiff.Change(pointer: shown, old: old, new: new, rule: rule))
      edits.append(.replace(edited, old: old, new: new))
    }
  }

  /// The rule of a scalar replaced by another: a number's integral value counts, as a
  /// decoder of an integer type tells them apart.
  static func rule(replacing old: JSONValue, with new: JSONValue) -> ChangeRule {
    guard old.typeName == new.typeName else { return .typeChanged }
    if case .number(let a) = old, case .number(let b) = new, a.isIntegral != b.isIntegral {
      return a.isIntegral ? .integerBecameFraction : .fractionBecameInteger
    }
    return .valueChanged
  }

  private mutating func compareObjects(
    _ old: JSONObject, _ new: JSONObject, shown: JSONPointer, edited: JSONPointer
  ) {
    let firstEdit = edits.count
    let lookUpNew = KeyLookup(new)
    let lookUpOld = KeyLookup(old)
    for member in old.members {
      if let newValue = lookUpNew[member.key] {
        compare(
          member.value, newValue, shown: shown.appending(member.key),
          edited: edited.appending(member.key))
      } else {
        changes.append(
          CatalogDiff.Change(
            pointer: shown.appending(member.key), old: member.value, new: nil, rule: .keyRemoved))
        edits.append(.remove(edited.appending(member.key), old: member.value))
      }
    }
    for member in new.members where lookUpOld[member.key] == nil {
      changes.append(
        CatalogDiff.Change(
          pointer: shown.appending(member.key), old: nil, new: member.value, rule: .keyAdded))
      edits.append(.add(edited.appending(member.key), new: member.value))
    }
    let oldKeys = old.members.map(\.key)
    let newKeys = new.members.map(\.key)
    if !oldKeys.haveSameBytes(as: newKeys) {
      // Never throws: the values are already parsed.
      try? reorder(
        oldKeys: oldKeys, newKeys: newKeys, shown: shown, edited: edited, since: firstEdit,
        old: { lookUpOld[$0] ?? .null }, new: { lookUpNew[$0] ?? .null })
    }
  }

  private mutating func compareArrays(
    _ old: [JSONValue], _ new: [JSONValue], shown: JSONPointer, edited: JSONPointer
  ) {
    // The position in the array as the edits so far have left it.
    var cursor = 0
    for step in ArrayAlignment.align(old, new) {
      switch step {
      case .match:
        cursor += 1
      case .pair(let i, let j):
        compare(old[i], new[j], shown: shown.appending(j), edited: edited.appending(cursor))
        cursor += 1
      case .remove(let i):
        changes.append(
          CatalogDiff.Change(
            pointer: shown.appending(i), old: old[i], new: nil, rule: .elementRemoved))
        edits.append(.remove(edited.appending(cursor), old: old[i]))
      case .insert(let j):
        changes.append(
          CatalogDiff.Change(
            pointer: shown.appending(j), old: nil, new: new[j], rule: .elementAdded))
        edits.append(.add(edited.appending(cursor), new: new[j]))
        cursor += 1
      }
    }
  }

  /// A change of a member besides the payload, compared as a whole.
  private mutating func metadata(_ pointer: JSONPointer, old: JSONValue?, new: JSONValue?) {
    changes.append(CatalogDiff.Change(pointer: pointer, old: old, new: new, rule: .metadataChanged))
    switch (old, new) {
    case (let old?, let new?): edits.append(.replace(pointer, old: old, new: new))
    case (let old?, nil): edits.append(.remove(pointer, old: old))
    case (nil, let new?): edits.append(.add(pointer, new: new))
    case (nil, nil): break
    }
  }

  private func parse(
    _ text: JSONText, _ entry: CatalogEntry, _ member: String, _ side: CatalogDiffError.Side
  ) throws(CatalogDiffError) -> JSONValue {
    do {
      return try text.value()
    } catch {
      throw .invalidText(kind: entry.kind, member: member, side: side, error)
    }
  }
}

/// Member lookup by key that stays linear for objects with many members.
private struct KeyLookup {
  private let object: JSONObject
  /// Keys by bytes: an NFC and an NFD spelling are two keys.
  private let positions: [BytewiseString: Int]?

  init(_ object: JSONObject) {
    self.object = object
    if object.count > 16 {
      var positions: [BytewiseString: Int] = [:]
      for (index, member) in object.members.enumerated() {
        let key = BytewiseString(member.key)
        if positions[key] == nil { positions[key] = index }
      }
      self.positions = positions
    } else {
      self.positions = nil
    }
  }

  subscript(key: String) -> JSONValue? {
    guard let positions else { return object[key] }
    return positions[BytewiseString(key)].map { object.members[$0].value }
  }
}

/// Byte equality (``ByteComparison``, fast in debug builds too).
func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
  a.withUnsafeBytes { x in b.withUnsafeBytes { y in ByteComparison.equal(x, y) } }
}

import Components

/// Merges three values of one entry: BASE's and the two sides', down to JSON Pointers.
///
/// Objects are merged key by key (keys compared by bytes), arrays by lining up each side with
/// BASE through ``ArrayAlignment`` (the alignment `catalog diff` uses), and anything else by
/// exact equality, as ``EntryDiffer`` compares. What each side changed is described with the
/// diff's own ``EntryDiffer``, so the merge has no second definition of a change.
struct ValueMerger {
  private(set) var conflicts: [CatalogMerge.Conflict] = []
  private(set) var taken: [CatalogMerge.Taken] = []
  /// The entry being merged, and its pointer in the result (`/components/N`).
  var kind = ""
  var entryPointer = JSONPointer.root

  // MARK: - Values

  /// Merges one value; `pointer` is relative to the entry.
  mutating func merge(
    _ base: JSONValue, _ ours: JSONValue, _ theirs: JSONValue, at pointer: JSONPointer
  ) -> MergedSlot {
    if ours == theirs {
      if ours != base { record(.both, base, ours, at: pointer) }
      return .value(.clean(ours))
    }
    if ours == base {
      record(.theirs, base, theirs, at: pointer)
      return .value(.clean(theirs))
    }
    if theirs == base {
      record(.ours, base, ours, at: pointer)
      return .value(.clean(ours))
    }
    switch (base, ours, theirs) {
    case (.object(let b), .object(let o), .object(let t)):
      return .value(mergeObjects(b, o, t, at: pointer))
    case (.array(let b), .array(let o), .array(let t)):
      return .value(mergeArrays(b, o, t, at: pointer))
    default:
      return conflict(.bothChanged, at: pointer, base: base, ours: [ours], theirs: [theirs])
    }
  }

  /// Merges objects key by key; the member order is ``OrderMerge``'s.
  mutating func mergeObjects(
    _ base: JSONObject, _ ours: JSONObject, _ theirs: JSONObject, at pointer: JSONPointer
  ) -> MergedValue {
    let baseKeys = base.members.map { BytewiseString($0.key) }
    let ourKeys = ours.members.map { BytewiseString($0.key) }
    let theirKeys = theirs.members.map { BytewiseString($0.key) }
    let inBase = Self.lookup(baseKeys)
    let inOurs = Self.lookup(ourKeys)
    let inTheirs = Self.lookup(theirKeys)

    var slots: [BytewiseString: MergedMember] = [:]
    var visited = Set<BytewiseString>()
    let candidates: [(BytewiseString, String)] =
      Array(zip(baseKeys, base.members.map(\.key))) + Array(zip(ourKeys, ours.members.map(\.key)))
      + Array(zip(theirKeys, theirs.members.map(\.key)))
    for (key, name) in candidates where visited.insert(key).inserted {
      let b = inBase[key].map { base.members[$0].value }
      let o = inOurs[key].map { ours.members[$0].value }
      let t = inTheirs[key].map { theirs.members[$0].value }
      let here = pointer.appending(name)
      let slot: MergedSlot?
      switch (b, o, t) {
      case (nil, let o?, nil):
        addition(.ours, o, at: here)
        slot = .value(.clean(o))
      case (nil, nil, let t?):
        addition(.theirs, t, at: here)
        slot = .value(.clean(t))
      case (nil, let o?, let t?):
        if o == t {
          addition(.both, o, at: here)
          slot = .value(.clean(o))
        } else {
          slot = conflict(.bothAdded, at: here, base: nil, ours: [o], theirs: [t])
        }
      case (let b?, let o?, let t?):
        slot = merge(b, o, t, at: here)
      case (let b?, nil, nil):
        removal(.both, b, at: here)
        slot = nil
      case (let b?, nil, let t?):
        if t == b {
          removal(.ours, b, at: here)
          slot = nil
        } else {
          slot = conflict(.removedAndChanged, at: here, base: b, ours: [], theirs: [t])
        }
      case (let b?, let o?, nil):
        if o == b {
          removal(.theirs, b, at: here)
          slot = nil
        } else {
          slot = conflict(.removedAndChanged, at: here, base: b, ours: [o], theirs: [])
        }
      case (nil, nil, nil):
        slot = nil
      }
      if let slot { slots[key] = MergedMember(key: name, slot: slot) }
    }

    let order = OrderMerge.merge(base: baseKeys, ours: ourKeys, theirs: theirKeys) {
      slots[$0] != nil
    }
    let members = order.compactMap { slots[$0] }
    guard members.allSatisfy(\.slot.isClean) else { return .object(members) }
    var object = JSONObject()
    object.members = members.map { member in
      JSONObject.Member(key: member.key, value: member.slot.resolved(.ours)[0])
    }
    return .clean(.object(object))
  }

  // MARK: - Conflicts and changes taken

  mutating func conflict(
    _ reason: CatalogMerge.Conflict.Reason, at pointer: JSONPointer, base: JSONValue?,
    ours: [JSONValue], theirs: [JSONValue], sequence: Bool = false
  ) -> MergedSlot {
    let id = conflicts.count
    conflicts.append(
      CatalogMerge.Conflict(
        reason: reason, kind: kind, pointer: JSONPointer(entryPointer.tokens + pointer.tokens),
        entryPointer: pointer, base: base,
        ours: sequence ? .array(ours) : ours.first,
        theirs: sequence ? .array(theirs) : theirs.first,
        line: 0))
    return .conflict(id: id, ours: ours, theirs: theirs)
  }

  /// A conflict over a whole entry; returns its id.
  mutating func entryConflict(
    _ reason: CatalogMerge.Conflict.Reason, base: JSONValue?, ours: JSONValue?,
    theirs: JSONValue?
  ) -> Int {
    conflicts.append(
      CatalogMerge.Conflict(
        reason: reason, kind: kind, pointer: entryPointer, entryPointer: .root, base: base,
        ours: ours, theirs: theirs, line: 0))
    return conflicts.count - 1
  }

  /// Records the changes between `old` and `new` as the diff describes them.
  mutating func record(
    _ origin: CatalogMerge.Origin, _ old: JSONValue, _ new: JSONValue, at pointer: JSONPointer
  ) {
    var differ = EntryDiffer()
    differ.compare(old, new, shown: pointer, edited: pointer)
    for change in differ.changes { record(origin, change) }
  }

  /// Records the changes between two entries of one kind as the diff describes them.
  mutating func record(
    _ origin: CatalogMerge.Origin, _ old: CatalogEntry, _ new: CatalogEntry,
    input: CatalogMergeError.Input
  ) throws(CatalogMergeError) {
    var differ = EntryDiffer()
    do {
      try differ.compare(old, new)
    } catch {
      switch error {
      case .invalidText(let kind, _, _, let diagnostic):
        throw .invalidText(kind: kind, input: input, diagnostic)
      case .duplicateKind(let kind, _, let first, let second):
        throw .duplicateKind(kind, input: input, firstIndex: first, secondIndex: second)
      case .newDocumentNeeded, .changedWhileRead:
        // Only a JSON Patch of whole documents, or a diff of files held by range, says
        // this, never a comparison of two entries.
        throw .invalidText(
          kind: kind, input: input,
          JSONDiagnostic(
            .invalidDocument, at: SourcePosition(line: 1, column: 1, offset: 0), "\(error)"))
      }
    }
    for change in differ.changes { record(origin, change) }
  }

  mutating func record(_ origin: CatalogMerge.Origin, _ change: CatalogDiff.Change) {
    var change = change
    if let first = change.pointer.tokens.first, first != "payload" {
      change.rule = .metadataChanged
    }
    taken.append(
      CatalogMerge.Taken(
        origin: origin, kind: kind, change: change,
        pointer: JSONPointer(entryPointer.tokens + change.pointer.tokens)))
  }

  private mutating func addition(
    _ origin: CatalogMerge.Origin, _ value: JSONValue, at pointer: JSONPointer
  ) {
    record(origin, CatalogDiff.Change(pointer: pointer, old: nil, new: value, rule: .keyAdded))
  }

  private mutating func removal(
    _ origin: CatalogMerge.Origin, _ value: JSONValue, at pointer: JSONPointer
  ) {
    record(origin, CatalogDiff.Change(pointer: pointer, old: value, new: nil, rule: .keyRemoved))
  }

  mutating func elementRemoval(
    _ origin: CatalogMerge.Origin, _ value: JSONValue, at pointer: JSONPointer
  ) {
    record(
      origin, CatalogDiff.Change(pointer: pointer, old: value, new: nil, rule: .elementRemoved))
  }

  private static func lookup(_ keys: [BytewiseString]) -> [BytewiseString: Int] {
    var positions: [BytewiseString: Int] = [:]
    positions.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() where positions[key] == nil { positions[key] = index }
    return positions
  }
}

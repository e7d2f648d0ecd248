import Components

extension CatalogMerge {
  /// Merges THEIRS into OURS, both made from BASE; ``document`` is written in `frame` (the
  /// document frames merged by ``FrameMerge``), its conflicts marked in `markers`' style.
  ///
  /// - Throws: ``CatalogMergeError`` when a kind appears twice in one list or a payload is not
  ///   valid JSON text (entries from ``CatalogDocumentReader`` never are).
  public init(
    base: [CatalogEntry], ours: [CatalogEntry], theirs: [CatalogEntry],
    frame: DocumentFrame = .standard, markers: ConflictMarkerStyle = .standard
  ) throws(CatalogMergeError) {
    self.markers = markers
    let inBase = try Self.positions(base, .base)
    let inOurs = try Self.positions(ours, .ours)
    let inTheirs = try Self.positions(theirs, .theirs)

    // What to do with each kind, decided from the entries' bytes.
    var plans: [BytewiseString: Plan] = [:]
    var removals: [(origin: Origin, index: Int)] = []
    var decided = Set<BytewiseString>()
    for entries in [base, ours, theirs] {
      for entry in entries {
        let key = BytewiseString(entry.kind)
        guard decided.insert(key).inserted else { continue }
        let b = inBase[key].map { base[$0] }
        let o = inOurs[key].map { ours[$0] }
        let t = inTheirs[key].map { theirs[$0] }
        switch (b, o, t) {
        case (let b?, let o?, let t?):
          if Self.same(o, t) {
            plans[key] = .take(o, Self.same(o, b) ? nil : .both, old: b, input: .ours)
          } else if Self.same(o, b) {
            plans[key] = .take(t, .theirs, old: b, input: .theirs)
          } else if Self.same(t, b) {
            plans[key] = .take(o, .ours, old: b, input: .ours)
          } else {
            plans[key] = .merge(b, o, t)
          }
        case (nil, let o?, nil):
          plans[key] = .take(o, .ours, old: nil, input: .ours)
        case (nil, nil, let t?):
          plans[key] = .take(t, .theirs, old: nil, input: .theirs)
        case (nil, let o?, let t?):
          plans[key] =
            Self.same(o, t)
            ? .take(o, .both, old: nil, input: .ours) : .conflict(.bothAdded, nil, o, t)
        case (_?, nil, nil):
          removals.append((.both, inBase[key] ?? 0))
        case (let b?, nil, let t?):
          if Self.same(t, b) {
            removals.append((.ours, inBase[key] ?? 0))
          } else {
            plans[key] = .conflict(.removedAndChanged, b, nil, t)
          }
        case (let b?, let o?, nil):
          if Self.same(o, b) {
            removals.append((.theirs, inBase[key] ?? 0))
          } else {
            plans[key] = .conflict(.removedAndChanged, b, o, nil)
          }
        case (nil, nil, nil):
          break
        }
      }
    }

    let order = OrderMerge.merge(
      base: base.map { BytewiseString($0.kind) }, ours: ours.map { BytewiseString($0.kind) },
      theirs: theirs.map { BytewiseString($0.kind) }
    ) { plans[$0] != nil }

    var merger = ValueMerger()
    var items: [MergedItem] = []
    items.reserveCapacity(order.count)
    for (index, key) in order.enumerated() {
      guard let plan = plans[key] else { continue }
      merger.entryPointer = JSONPointer(["components", String(index)])
      switch plan {
      case .take(let entry, let origin, let old, let input):
        merger.kind = entry.kind
        items.append(.entry(entry))
        guard let origin else { break }
        if let old {
          try merger.record(origin, old, entry, input: input)
        } else {
          merger.record(
            origin, CatalogDiff.Change(pointer: .root, old: nil, new: nil, rule: .entryAdded))
        }
      case .merge(let b, let o, let t):
        merger.kind = b.kind
        let merged = merger.mergeObjects(
          try Self.object(b, .base), try Self.object(o, .ours), try Self.object(t, .theirs),
          at: .root)
        if case .clean(let value) = merged {
          items.append(.entry(try Self.entry(from: value)))
        } else {
          items.append(.merged(merged))
        }
      case .conflict(let reason, let b, let o, let t):
        merger.kind = (b ?? o ?? t)?.kind ?? ""
        let id = merger.entryConflict(
          reason, base: try b.map { e throws(CatalogMergeError) in try Self.value(e, .base) },
          ours: try o.map { e throws(CatalogMergeError) in try Self.value(e, .ours) },
          theirs: try t.map { e throws(CatalogMergeError) in try Self.value(e, .theirs) })
        items.append(
          .conflict(
            id: id, ours: merger.conflicts[id].ours, theirs: merger.conflicts[id].theirs))
      }
    }
    for removal in removals.sorted(by: { $0.index < $1.index }) {
      merger.kind = base[removal.index].kind
      merger.entryPointer = JSONPointer(["components", String(removal.index)])
      merger.record(
        removal.origin,
        CatalogDiff.Change(pointer: .root, old: nil, new: nil, rule: .entryRemoved))
    }

    self.items = items
    self.taken = merger.taken
    if merger.conflicts.isEmpty {
      var entries: [CatalogEntry] = []
      entries.reserveCapacity(items.count)
      for case .entry(let entry) in items { entries.append(entry) }
      self.entries = entries
      self.conflicts = []
      self.document = CatalogDocumentWriter.document(entries, frame: frame)
    } else {
      var writer = MergeDocumentWriter(
        conflictCount: merger.conflicts.count, frame: frame, markers: markers)
      try writer.write(items)
      var conflicts = merger.conflicts
      for id in conflicts.indices { conflicts[id].line = writer.lines[id] }
      self.entries = nil
      self.document = writer.output
      self.conflicts = conflicts.enumerated().sorted {
        ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
      }.map(\.element)
    }
  }

  typealias Input = CatalogMergeError.Input

  /// What the merge does with one kind.
  private enum Plan {
    /// Take this entry as it is; `origin` is whose change it is (nil: unchanged), `old` the
    /// BASE entry (nil: added).
    case take(CatalogEntry, Origin?, old: CatalogEntry?, input: Input)
    /// Both sides changed the entry: merge it member by member.
    case merge(CatalogEntry, CatalogEntry, CatalogEntry)
    /// The whole entry conflicts.
    case conflict(Conflict.Reason, CatalogEntry?, CatalogEntry?, CatalogEntry?)
  }

  private static func positions(
    _ entries: [CatalogEntry], _ input: Input
  ) throws(CatalogMergeError) -> [BytewiseString: Int] {
    var positions: [BytewiseString: Int] = [:]
    positions.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      if let first = positions.updateValue(index, forKey: BytewiseString(entry.kind)) {
        throw .duplicateKind(entry.kind, input: input, firstIndex: first, secondIndex: index)
      }
    }
    return positions
  }

  /// Whether two entries of one kind are written identically: the diff's own test.
  static func same(_ a: CatalogEntry, _ b: CatalogEntry) -> Bool {
    CatalogDiff.sameFields(a, b)
  }

  static func value(_ entry: CatalogEntry, _ input: Input) throws(CatalogMergeError) -> JSONValue {
    do {
      return try entry.jsonValue
    } catch {
      throw .invalidText(kind: entry.kind, input: input, error)
    }
  }

  private static func object(
    _ entry: CatalogEntry, _ input: Input
  ) throws(CatalogMergeError) -> JSONObject {
    guard case .object(let object) = try value(entry, input) else {
      throw .invalidResult(kind: entry.kind)
    }
    return object
  }

  /// The entry a merged entry object describes.
  static func entry(from value: JSONValue) throws(CatalogMergeError) -> CatalogEntry {
    guard case .object(let object) = value, case .string(let kind)? = object["kind"] else {
      throw .invalidResult(kind: "")
    }
    guard case .string(let category)? = object["category"],
      case .string(let description)? = object["description"], let payload = object["payload"]
    else { throw .invalidResult(kind: kind) }
    var entry = CatalogEntry(
      kind: kind, category: category, description: description, payload: JSONText(payload))
    for member in object.members
    where !CatalogEntry.standardKeys.contains(where: { $0.hasSameBytes(as: member.key) }) {
      entry.extraMembers.append(CatalogEntry.Member(key: member.key, value: JSONText(member.value)))
    }
    let keys = object.keys
    if !keys.haveSameBytes(as: CatalogEntry.standardKeys + entry.extraMembers.map(\.key)) {
      entry.memberOrder = keys
    }
    return entry
  }
}

import Components
import Foundation

/// Works out what a write changes: fed the desired catalog entry by entry, in the desired
/// order, it compares each with head, stores new payloads, places entries, and finally
/// writes one revision with a row for each component that was added, changed, moved or
/// removed, and nothing else.
///
/// Import, restore, patch, rename and deprecation all end here, so all of them share one
/// definition of "what changed" and one way of writing it. It speaks only to the storage
/// seam, never SQL.
struct ChangePlan {
  /// What the write does to one entry of the desired catalog.
  enum Status: UInt8 {
    case unchanged
    case changed
    case added
  }

  /// One entry of the desired catalog, in order: 12 bytes, so that a plan for 100,000
  /// entries is about a megabyte.
  struct Planned {
    var status: Status
    /// The entry takes over a component under a new name (see ``ChangePlan/renames``).
    var isRename = false
    /// The head entry it keeps or replaces (its slot in ``ChangePlan/index``), or -1.
    var existing: Int32
    /// Its new row in ``ChangePlan/rows`` for added and changed entries, or -1.
    var row: Int32
  }

  private(set) var index: HeadIndex
  private(set) var fileOrder: [Planned] = []
  /// Which head slots the desired catalog holds, by kind.
  private var seen: [Bool]
  /// Head slots removed, or kept although the desired catalog lacks them, in position order.
  private(set) var removed: [Int] = []
  private(set) var kept: [Int] = []
  /// Components renamed by this write: new kind → the component's head slot.
  var renames: [BytewiseString: Int] = [:]
  /// The rows of added and changed entries.
  private(set) var rows = PlannedRows()
  /// Whether new payloads are stored as they are met (not on a dry run).
  let storesPayloads: Bool
  /// Payload hashes of head entries read one by one so far.
  private var hashLookups = 0
  /// Whether a desired entry without a `"deprecated"` member keeps head's deprecation: true
  /// for imports, where a file that says nothing about it must not undo a decision made in
  /// the catalog; false for writes that give the whole entry (restore, patch, rename).
  var keepsDeprecations = false
  /// The kinds whose deprecation was kept that way, in desired order.
  private(set) var keptDeprecations: [String] = []
  /// Where each row's entry starts in the submitted file (nil without a file), for the
  /// policy check's findings.
  private(set) var rowPositions: [SourcePosition?] = []
  /// The payload text of each row, kept when payloads are not stored (a dry run), so that
  /// the policy check can compare them.
  private(set) var unstoredPayloads: [Int: [UInt8]] = [:]

  init(index: HeadIndex, storesPayloads: Bool = true) {
    self.index = index
    self.seen = [Bool](repeating: false, count: index.count)
    self.storesPayloads = storesPayloads
  }

  /// The head slots in the order they are exported.
  mutating func slotsInPositionOrder() -> [Int32] { index.slotsInPositionOrder() }

  /// Adds the next entry of the desired catalog, as the document reader left it: the
  /// import's path, which makes no `String` for an entry that is unchanged or new.
  mutating func add(_ raw: RawCatalogEntry, context: any CatalogReadContext) throws {
    let extra = EntryCodec.extraColumn(raw.extraMembers)
    let keyOrder = EntryCodec.keyOrderColumn(raw.memberOrder)
    try add(
      kind: raw.kind, category: raw.category, description: raw.description, payload: raw.payload,
      extra: extra, keyOrder: keyOrder,
      saysDeprecated: raw.extraMembers.contains { $0.key == "deprecated" },
      position: raw.position, context: context)
  }

  /// Adds every entry of a whole desired catalog, in order.
  ///
  /// - Parameter whose: what the entries are, for the error: `the file`.
  /// - Throws: ``CatalogError/invalidRequest(_:)`` for a kind given twice (by bytes).
  mutating func add(
    all entries: [CatalogEntry], whose: String, positions: [SourcePosition]? = nil,
    context: any CatalogReadContext
  ) throws {
    var seen = Set<BytewiseString>()
    for (i, entry) in entries.enumerated() {
      guard seen.insert(BytewiseString(entry.kind)).inserted else {
        throw CatalogError.invalidRequest("\(whose) has kind \"\(entry.kind)\" twice")
      }
      try add(entry, at: positions.flatMap { i < $0.count ? $0[i] : nil }, context: context)
    }
  }

  /// Adds the next entry of the desired catalog.
  mutating func add(
    _ entry: CatalogEntry, at position: SourcePosition? = nil, context: any CatalogReadContext
  ) throws {
    try add(
      kind: Array(entry.kind.utf8), category: Array(entry.category.utf8),
      description: Array(entry.description.utf8), payload: entry.payload.bytes,
      extra: EntryCodec.extraColumn(entry.extraMembers),
      keyOrder: EntryCodec.keyOrderColumn(entry.memberOrder),
      saysDeprecated: entry[extra: "deprecated"] != nil, position: position, context: context)
  }

  private mutating func add(
    kind: [UInt8], category: [UInt8], description: [UInt8], payload: [UInt8], extra: [UInt8]?,
    keyOrder: [UInt8]?, saysDeprecated: Bool, position: SourcePosition?,
    context: any CatalogReadContext
  ) throws {
    let hash = payload.withUnsafeBytes { JSONText.stableHash(of: $0) }
    // An explicit rename (rename, or a restore or revert across one) decides first, even to
    // another spelling of the same kind; otherwise kinds match by bytes, and the entry is
    // unchanged only when every byte is the same.
    var match: (slot: Int, sameBytes: Bool)?
    var slot: Int?
    var isRename = false
    if !renames.isEmpty, let target = renames[BytewiseString(String(decoding: kind, as: UTF8.self))]
    {
      slot = target
      isRename = true
    } else {
      match = kind.withUnsafeBytes { index.slot(matching: $0) }
      slot = match?.slot
      if let slot { seen[slot] = true }
    }
    var extra = extra
    var keyOrder = keyOrder
    if keepsDeprecations, !saysDeprecated, let slot, try Self.isDeprecated(index, slot) {
      // Appended after the other members, as `catalog deprecate` writes it.
      extra =
        Array((extra?.dropLast() ?? [0x7B]) + (extra == nil ? [] : [0x2C]))
        + Array(#""deprecated":true}"#.utf8)
      keyOrder = keyOrder.map { Array($0.dropLast()) + Array(#","deprecated"]"#.utf8) }
      keptDeprecations.append(String(decoding: kind, as: UTF8.self))
    }
    if let slot, !isRename, match?.sameBytes == true {
      if !index.hasPayloadHash(slot) {
        // A few look-ups for a small document, one pass over all payloads for a large one.
        hashLookups += 1
        if hashLookups > 1024 {
          try context.readPayloadHashes(into: &index)
        } else {
          index.setPayloadHash(try context.payloadHash(ofPayload: index.payloadID(slot)), at: slot)
        }
      }
      let unchanged = category.withUnsafeBytes { category in
        description.withUnsafeBytes { description in
          Self.withOptionalBytes(extra) { extra in
            Self.withOptionalBytes(keyOrder) { keyOrder in
              index.matches(
                slot, category: category, description: description, extra: extra,
                keyOrder: keyOrder, payloadHash: hash)
            }
          }
        }
      }
      // The hashes matched; the bytes decide (FNV-1a collisions can be made on purpose).
      if unchanged,
        try payload.withUnsafeBytes({ try context.payload(index.payloadID(slot), hasBytes: $0) })
      {
        fileOrder.append(Planned(status: .unchanged, existing: Int32(slot), row: -1))
        return
      }
    }
    var payloadID: Int64 = 0
    if storesPayloads {
      guard let writer = context as? any CatalogWriteContext else {
        throw CatalogError.database(
          .inconsistent("a plan that stores payloads needs the writer lock"))
      }
      payloadID = try payload.withUnsafeBytes { try writer.internPayload(bytes: $0, hash: hash) }
    }
    let row = kind.withUnsafeBytes { kind in
      category.withUnsafeBytes { category in
        description.withUnsafeBytes { description in
          Self.withOptionalBytes(extra) { extra in
            Self.withOptionalBytes(keyOrder) { keyOrder in
              rows.append(
                componentID: slot.map(index.componentID) ?? 0, kind: kind, category: category,
                description: description, payloadID: payloadID, extra: extra, keyOrder: keyOrder)
            }
          }
        }
      }
    }
    rowPositions.append(position)
    if !storesPayloads { unstoredPayloads[row] = payload }
    fileOrder.append(
      Planned(
        status: slot == nil ? .added : .changed, isRename: isRename, existing: Int32(slot ?? -1),
        row: Int32(row)))
  }

  /// Whether head's entry in `slot` carries `"deprecated": true`.
  private static func isDeprecated(_ index: HeadIndex, _ slot: Int) throws -> Bool {
    guard let extra = index.entry(slot).extra, extra.contains(#""deprecated":true"#) else {
      return false
    }
    guard case .object(let members) = try JSONValue(parsing: extra) else { return false }
    return members["deprecated"] == .bool(true)
  }

  /// Where each entry of the catalog this plan writes comes from, in export order: a head
  /// entry kept as it is (`head`, its slot) or an entry of the desired catalog (`desired`,
  /// its index in the order the entries were added).
  enum Source: Equatable {
    case head(Int)
    case desired(Int)
  }

  /// The order of the catalog this plan writes, as an export of the new revision lists it.
  mutating func resultingOrder() -> [Source] {
    let placement = placePositions()
    var keyed: [(key: String, source: Source)] = []
    for (i, planned) in fileOrder.enumerated() {
      let key = placement.newKeys[i] ?? index.position(Int(planned.existing))
      keyed.append((key, planned.status == .unchanged ? .head(Int(planned.existing)) : .desired(i)))
    }
    for slot in kept { keyed.append((index.position(slot), .head(slot))) }
    return keyed.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
      .map(\.source)
  }

  /// Adds an entry that is already stored, unchanged (rename and deprecation copy the rest
  /// of the catalog this way).
  mutating func keep(_ slot: Int) {
    seen[slot] = true
    fileOrder.append(Planned(status: .unchanged, existing: Int32(slot), row: -1))
  }

  /// Decides the fate of head's kinds that the desired catalog lacks.
  mutating func finish(prune: Bool) {
    let renamed = Set(renames.values.map(index.componentID))
    var missing: [Int] = []
    for slot in index.slotsInPositionOrder().lazy.map(Int.init)
    where !seen[slot] && !renamed.contains(index.componentID(slot)) {
      missing.append(slot)
    }
    if prune {
      removed = missing
    } else {
      kept = missing
    }
  }

  /// Writes the revision, or reports what it would be.
  mutating func write(
    in context: any CatalogWriteContext, head: Int64, options: WriteOptions, source: String,
    operation: String
  ) throws -> WriteDecision<WriteResult> {
    var (result, placement, moved) = outcome(head: head)
    result.dryRun = options.dryRun
    let counts = result.counts
    guard !counts.isEmpty else { return .rollback(result) }
    // The policies are checked inside the write, under the writer lock: a refusal throws,
    // so nothing lands.
    let violations = try policyViolations(head: head, source: source, options: options, in: context)
    guard !options.dryRun else { return .rollback(result) }
    let decision = try record(
      in: context, head: head, options: options, source: source, operation: operation,
      result: result, placement: placement, moved: moved)
    return try recordPolicyEffects(
      of: decision, violations: violations, options: options, in: context)
  }

  /// What the write would report, without writing: a dry run's result.
  mutating func report(head: Int64) throws -> WriteResult {
    var result = outcome(head: head).result
    result.dryRun = true
    return result
  }

  /// The report of the write, where each desired entry goes and which unchanged ones move.
  private mutating func outcome(head: Int64) -> (
    result: WriteResult, placement: Placement, moved: [Bool]
  ) {
    let placement = placePositions()
    var counts = ChangeCounts()
    var result = WriteResult(revision: nil, head: head, counts: counts)
    result.entryCount = fileOrder.count
    result.kept = kept.map(index.kind)
    result.keptDeprecations = keptDeprecations
    var moved = [Bool](repeating: false, count: fileOrder.count)
    for (i, planned) in fileOrder.enumerated() {
      switch planned.status {
      case .added:
        counts.added += 1
        result.added.append(rows.kind(Int(planned.row)))
      case .changed:
        counts.changed += 1
        result.changed.append(rows.kind(Int(planned.row)))
      case .unchanged:
        if let key = placement.newKeys[i], key != index.position(Int(planned.existing)) {
          moved[i] = true
          counts.moved += 1
          result.moved.append(index.kind(Int(planned.existing)))
        }
      }
    }
    counts.removed = removed.count
    result.removed = removed.map(index.kind)
    result.counts = counts
    return (result, placement, moved)
  }

  private func record(
    in context: any CatalogWriteContext, head: Int64, options: WriteOptions, source: String,
    operation: String, result: WriteResult, placement: Placement, moved: [Bool]
  ) throws -> WriteDecision<WriteResult> {
    var result = result
    let counts = result.counts
    let revision = try context.appendRevision(
      RevisionDraft(
        time: Date(), author: options.author, message: options.message, source: source,
        operation: operation, counts: counts))
    let components = try assignComponents(in: context, head: head, revision: revision)
    for (i, planned) in fileOrder.enumerated() {
      switch planned.status {
      case .unchanged:
        guard moved[i], let key = placement.newKeys[i] else { continue }
        try appendCopy(
          of: Int(planned.existing), change: .moved, position: key, in: context, revision)
      case .changed, .added:
        let row = Int(planned.row)
        let change: EntryChange =
          planned.status == .added ? .added : planned.isRename ? .renamed : .changed
        let componentID = planned.status == .added ? components[row] : rows.componentID(row)
        var position = placement.newKeys[i] ?? index.position(Int(planned.existing))
        try position.withUTF8 { position in
          try rows.withTexts(row) { kind, category, description, extra, keyOrder in
            try context.appendVersion(
              EntryRow(
                componentID: componentID, revision: revision, change: change, kind: kind,
                category: category,
                description: description, payloadID: rows.payloadID(row), extra: extra,
                keyOrder: keyOrder, position: UnsafeRawBufferPointer(position)))
          }
        }
      }
    }
    for slot in removed {
      try appendCopy(of: slot, change: .removed, position: nil, in: context, revision)
    }
    result.revision = try context.revision(revision)
    result.head = revision
    return .commit(result)
  }

  /// The component of every added row: a kind that was removed and comes back continues
  /// its component's history; other kinds get new components, numbered in file order.
  private func assignComponents(
    in context: any CatalogWriteContext, head: Int64, revision: Int64
  ) throws -> [Int64] {
    var components = [Int64](repeating: 0, count: rows.count)
    var needNew: [Int] = []
    var present: Set<Int64>?
    for planned in fileOrder where planned.status == .added {
      let row = Int(planned.row)
      // An empty catalog has no history to continue.
      if head > 0, let previous = try context.component(named: rows.kind(row), atOrBefore: head) {
        if present == nil { present = Set((0..<index.count).map(index.componentID)) }
        if let present, !present.contains(previous) {
          components[row] = previous
          continue
        }
      }
      needNew.append(row)
    }
    if !needNew.isEmpty {
      let first = try context.newComponents(count: needNew.count, in: revision)
      for (offset, row) in needNew.enumerated() { components[row] = first + Int64(offset) }
    }
    return components
  }

  /// Appends a row that copies a head entry with a new change (and position).
  private func appendCopy(
    of slot: Int, change: EntryChange, position newPosition: String?,
    in context: any CatalogWriteContext, _ revision: Int64
  ) throws {
    try index.withTexts(slot) { kind, category, description, extra, keyOrder, position in
      func append(_ position: UnsafeRawBufferPointer) throws {
        try context.appendVersion(
          EntryRow(
            componentID: index.componentID(slot), revision: revision, change: change, kind: kind,
            category: category,
            description: description, payloadID: index.payloadID(slot), extra: extra,
            keyOrder: keyOrder, position: position))
      }
      if var newPosition {
        try newPosition.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
      } else {
        try append(position)
      }
    }
  }

  private static func withOptionalBytes<R>(
    _ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) throws -> R
  ) rethrows -> R {
    guard let bytes else { return try body(nil) }
    return try bytes.withUnsafeBytes { try body($0) }
  }

  /// Where the desired entries go: entries whose relative order is unchanged (the longest
  /// run of existing entries already in order) keep their keys; the others get new keys
  /// right after the key before them, below the next key any entry keeps.
  struct Placement {
    /// The new order key of each entry of ``fileOrder``; nil for an entry that keeps its key.
    var newKeys: [String?]
  }

  mutating func placePositions() -> Placement {
    var newKeys = [String?](repeating: nil, count: fileOrder.count)
    let existing = fileOrder.indices.filter { fileOrder[$0].existing >= 0 }
    // Ranks stand for positions: comparing integers, not strings, for every entry.
    let needsRanks = !existing.isEmpty || !kept.isEmpty
    let ranks = needsRanks ? index.positionRanks() : []
    let slotsByRank = needsRanks ? index.slotsInPositionOrder() : []
    let existingRanks = existing.map { ranks[Int(fileOrder[$0].existing)] }
    let anchors: [Bool]
    if zip(existingRanks, existingRanks.dropFirst()).allSatisfy({ $0 < $1 }) {
      // The usual case, checked in one pass: every existing entry is still in order.
      var all = [Bool](repeating: false, count: fileOrder.count)
      for i in existing { all[i] = true }
      anchors = all
    } else {
      var some = [Bool](repeating: false, count: fileOrder.count)
      for i in IncreasingRun.longest(existing, existingRanks) { some[i] = true }
      anchors = some
    }
    // New keys go right after the key before them and below the next key any entry keeps (an
    // anchor, or a kind kept from head that the document lacks), so no two entries share a
    // key. Keys that stay, as ranks in position order:
    var fixedRanks = anchors.indices.filter { anchors[$0] }.map {
      ranks[Int(fileOrder[$0].existing)]
    }
    fixedRanks += kept.map { ranks[$0] }
    fixedRanks.sort()
    /// The slot of the smallest key that stays above the rank `rank` (or at all, for nil).
    func nextFixed(after rank: Int32?) -> Int? {
      var low = 0
      var high = fixedRanks.count
      if let rank {
        while low < high {
          let mid = (low + high) / 2
          if fixedRanks[mid] <= rank { low = mid + 1 } else { high = mid }
        }
      }
      return low < fixedRanks.count ? Int(slotsByRank[Int(fixedRanks[low])]) : nil
    }
    var i = 0
    var lowerRank: Int32?
    while i < fileOrder.count {
      if anchors[i] {
        lowerRank = ranks[Int(fileOrder[i].existing)]
        i += 1
        continue
      }
      var j = i
      while j < fileOrder.count, !anchors[j] { j += 1 }
      let lowerBound = lowerRank.map { index.position(Int(slotsByRank[Int($0)])) }
      let upperBound = nextFixed(after: lowerRank).map(index.position)
      let keys = OrderKey.keys(count: j - i, after: lowerBound, before: upperBound)
      for (offset, key) in keys.enumerated() { newKeys[i + offset] = key }
      i = j
    }
    // Keys stay logarithmic in length: a key past the limit is spread out with its
    // neighbours. Kinds kept from head that the document lacks sit between the document's
    // entries in key order, so with those the keys are left as they are.
    let limit = OrderKey.lengthLimit(count: fileOrder.count)
    if kept.isEmpty, newKeys.contains(where: { ($0?.utf8.count ?? 0) > limit }) {
      let current = fileOrder.indices.map {
        newKeys[$0] ?? index.position(Int(fileOrder[$0].existing))
      }
      for (i, key) in OrderKey.rebalanced(current, limit: limit).enumerated()
      where key != current[i] {
        newKeys[i] = key
      }
    }
    return Placement(newKeys: newKeys)
  }
}

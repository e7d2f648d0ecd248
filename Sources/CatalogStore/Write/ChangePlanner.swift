import Components
import Foundation

/// Works out what a write changes. Fed the desired catalog entry by entry, in the desired
/// order, it compares each with head (by bytes), stores new payloads, and decides the fate of
/// head's kinds the desired catalog lacks; ``plan(prune:head:)`` then gives the
/// ``PlannedWrite``: what the write reports and the rows it adds, placed by
/// ``OrderKeyPlacement``, which ``RevisionWriter`` records as one revision.
///
/// Import, restore, patch, rename and deprecation all end here, so all of them share one
/// definition of "what changed" and one way of writing it. It speaks only to the storage
/// seam, never SQL.
///
/// It has two modes (``Mode``): against head, and the first import into a catalog with no
/// revisions, where every entry is added in document order, so there is nothing to compare
/// and nothing to place, and the engine stores the rows while the document is still being
/// read (``AddedEntryStream``).
struct ChangePlanner {
  enum Mode {
    /// Each desired entry is compared with head's entry of its kind (``RevisionIndex``).
    case againstHead
    /// A first import into a catalog with no revisions: each entry is handed to the engine's
    /// stream as it is read, as an added component of revision `revision`.
    case firstImport(any AddedEntryStream, revision: Int64)
  }

  let mode: Mode
  private(set) var index: RevisionIndex
  /// The desired catalog, in order (against head).
  private(set) var entries: [PlannedEntry] = []
  /// How many entries a first import added.
  private var firstImportCount = 0
  /// The kinds of a first import, in document order, kind `i` being entry `i`'s: the
  /// document reader's duplicate check holds them anyway, so the caller hands its table over
  /// (``CatalogDocumentReader/takeKinds()``) before ``plan(prune:head:)`` instead of the
  /// planner keeping a second copy of every kind while it reads.
  var firstImportKinds: ByteStrings?
  /// Whether a first import's stream was finished or cancelled.
  private var streamClosed = false
  /// Which head slots the desired catalog holds, by kind.
  private var seen: [Bool]
  /// Components renamed by this write: new kind → the component's head slot. A renamed
  /// slot is matched only through its new kind, never by the kind it has at head: that
  /// kind, when the desired catalog has it, names another component.
  var renames: [BytewiseString: Int] = [:] {
    didSet { renamedSlots = Set(renames.values) }
  }
  private var renamedSlots: Set<Int> = []
  /// Components absent at head that the desired catalog brings back (restore, revert):
  /// kind → component id. Such an entry is added as that component, continuing its
  /// history, even when head gives its kind to another component.
  var returning: [BytewiseString: Int64] = [:]
  /// Whether an added kind is looked up among the former names of head's components (an
  /// import's entries, against head `formerNamesHead`), and what to do with one; nil for
  /// writes that give the whole catalog by identity (restore, revert, patch, rename).
  var formerNames: FormerNames?
  var formerNamesHead: Int64 = 0
  /// The former names the desired catalog used, in desired order; those whose component
  /// the desired catalog also gives under its current name are dropped by ``plan(prune:head:)``
  /// (the file knows the new name: the old one is a new kind).
  private(set) var formerNameUses: [(use: FormerName, slot: Int)] = []
  /// Head's slot of each component (made on first use), and the slots a followed former
  /// name took.
  private var slotOfComponent: [Int64: Int]?
  private var followedSlots: Set<Int> = []
  /// The rows of added and changed entries.
  private var rows = PlannedRows()
  /// Whether new payloads are stored as they are met (not on a dry run).
  let storesPayloads: Bool
  /// Head's slots in order-key order and each slot's rank there (made on first use), and the
  /// rank after the last entry matched: where the next entry of a file in head's order is.
  private var slotsByRank: [Int32]?
  private var ranks: [Int32]?
  private var nextRank = 0
  /// Reads head's payloads to compare them by bytes when head has no digest of one (a
  /// damaged catalog), opened on first use and closed when the plan is made.
  private var storedPayloads: (any PayloadCursor)?
  /// Hashes the payloads of entries given without their digest (restore, patch, rename),
  /// made on first use, and the digest it last computed.
  private var hasher: SHA256?
  private var scratchDigest = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
  /// Whether a desired entry without a `"deprecated"` member keeps head's deprecation: true
  /// for imports, where a file that says nothing about it must not undo a decision made in
  /// the catalog; false for writes that give the whole entry (restore, patch, rename).
  var keepsDeprecations = false
  /// The kinds whose deprecation was kept that way, in desired order.
  private var keptDeprecations: [String] = []
  /// Where each row's entry starts in the submitted file (nil without a file), for the
  /// policy check's findings.
  private var rowPositions: [SourcePosition?] = []
  /// The payload text of each row, kept when payloads are not stored (a dry run), so that
  /// the policy check can compare them.
  private var unstoredPayloads: [Int: [UInt8]] = [:]

  /// A plan against head's `index`.
  init(index: RevisionIndex, storesPayloads: Bool = true) {
    self.mode = .againstHead
    self.index = index
    self.seen = [Bool](repeating: false, count: index.count)
    self.storesPayloads = storesPayloads
  }

  /// The plan of a first import into a catalog with no revisions, whose rows go to `stream`
  /// as revision `revision`.
  init(firstImportInto stream: any AddedEntryStream, revision: Int64) {
    self.mode = .firstImport(stream, revision: revision)
    self.index = RevisionIndex()
    self.seen = []
    self.storesPayloads = true
  }

  /// How many desired entries were added so far.
  var entryCount: Int {
    if case .firstImport = mode { return firstImportCount }
    return entries.count
  }

  /// The head slots in the order they are exported.
  mutating func slotsInPositionOrder() -> [Int32] { index.slotsInPositionOrder() }

  /// Adds the next entry of a first import, as the document reader left it: it makes no
  /// `String` for the entry.
  mutating func add(_ raw: RawCatalogEntry, context: any CatalogReadContext) throws {
    if case .firstImport(let stream, _) = mode {
      try stream.add(raw)
      firstImportCount += 1
      return
    }
    // Against head, entries come from ``DocumentReadAhead``, with their columns made.
    throw CatalogError.internalError("an import against head takes entries read ahead")
  }

  /// Adds the next entry of the desired catalog, as ``DocumentReadAhead`` hands it over.
  mutating func add(_ entry: ReadEntry, context: any CatalogReadContext) throws {
    try add(
      kind: entry.kind, category: entry.category, description: entry.description,
      payload: entry.payload, extra: entry.extra, keyOrder: entry.keyOrder,
      saysDeprecated: entry.saysDeprecated, position: entry.position,
      knownKind: entry.knownKind, payloadDigest: entry.payloadDigest, context: context)
  }

  /// Adds every entry of a whole desired catalog, in order.
  ///
  /// - Parameter whose: what the entries are, for the error: `the file`.
  /// - Throws: ``CatalogError/request(_:)`` (``RequestProblem/kindGivenTwice(whose:kind:)``) for a
  ///   kind given twice (by bytes).
  mutating func add(
    all entries: [CatalogEntry], whose: String, positions: [SourcePosition]? = nil,
    context: any CatalogReadContext
  ) throws {
    var seen = Set<BytewiseString>()
    for (i, entry) in entries.enumerated() {
      guard seen.insert(BytewiseString(entry.kind)).inserted else {
        throw CatalogError.request(.kindGivenTwice(whose: whose, kind: entry.kind))
      }
      try add(entry, at: positions.flatMap { i < $0.count ? $0[i] : nil }, context: context)
    }
  }

  /// Adds the next entry of the desired catalog.
  mutating func add(
    _ entry: CatalogEntry, at position: SourcePosition? = nil, context: any CatalogReadContext
  ) throws {
    let kind = Array(entry.kind.utf8)
    let category = Array(entry.category.utf8)
    let description = Array(entry.description.utf8)
    try kind.withUnsafeBytes { kind in
      try category.withUnsafeBytes { category in
        try description.withUnsafeBytes { description in
          try entry.payload.bytes.withUnsafeBytes { payload in
            try Self.withOptionalBytes(EntryCodec.extraColumn(entry.extraMembers)) { extra in
              try Self.withOptionalBytes(EntryCodec.keyOrderColumn(entry.memberOrder)) {
                keyOrder in
                try add(
                  kind: kind, category: category, description: description, payload: payload,
                  extra: extra, keyOrder: keyOrder,
                  saysDeprecated: entry[extra: "deprecated"] != nil, position: position,
                  context: context)
              }
            }
          }
        }
      }
    }
  }

  private mutating func add(
    kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer,
    extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?, saysDeprecated: Bool,
    position: SourcePosition?, knownKind: RawCatalogEntry.KnownKindMatch = .notLookedUp,
    payloadDigest: UnsafeRawBufferPointer? = nil, context: any CatalogReadContext
  ) throws {
    guard case .againstHead = mode else {
      throw CatalogError.internalError("a first import takes entries as read")
    }
    // An explicit rename (rename, or a restore or revert across one) decides first, even to
    // another spelling of the same kind; otherwise kinds match by bytes, and the entry is
    // unchanged only when every byte is the same.
    var match: (slot: Int, sameBytes: Bool)?
    var slot: Int?
    var isRename = false
    var component: Int64?
    let named =
      renames.isEmpty && returning.isEmpty
      ? nil : BytewiseString(String(decoding: kind, as: UTF8.self))
    if let named, let target = renames[named] {
      slot = target
      isRename = true
    } else if let named, let returned = returning[named] {
      component = returned
    } else if knownKind != .notLookedUp {
      // The document reader looked the kind up in this index's kinds (``RevisionIndex/knownKinds()``).
      if case .found(let found) = knownKind, !renamedSlots.contains(found) {
        if followedSlots.contains(found) {
          throw Self.givenTwice(index.kind(found), formerNameUses)
        }
        match = (found, true)
        slot = found
        seen[found] = true
      }
    } else {
      if slotsByRank == nil { slotsByRank = index.slotsInPositionOrder() }
      let expected = slotsByRank.flatMap { nextRank < $0.count ? Int($0[nextRank]) : nil }
      match = index.slot(matching: kind, expecting: expected)
      if let found = match?.slot, renamedSlots.contains(found) { match = nil }
      if let found = match?.slot, followedSlots.contains(found) {
        throw Self.givenTwice(index.kind(found), formerNameUses)
      }
      slot = match?.slot
      if let slot {
        seen[slot] = true
        if slot == expected {
          nextRank += 1
        } else {
          if ranks == nil { ranks = index.orderKeyRanks() }
          nextRank = Int(ranks?[slot] ?? 0) + 1
        }
      }
    }
    if slot == nil, component == nil, !isRename, let policy = formerNames,
      let (use, headSlot) = try formerName(kind, position: position, context: context)
    {
      formerNameUses.append((use, headSlot))
      if policy == .follow {
        // The entry updates the renamed component, under the name the catalog gave it.
        let current = Array(index.kind(headSlot).utf8)
        try current.withUnsafeBytes { current in
          try add(
            kind: current, category: category, description: description, payload: payload,
            extra: extra, keyOrder: keyOrder, saysDeprecated: saysDeprecated,
            position: position, knownKind: .found(headSlot), payloadDigest: payloadDigest,
            context: context)
        }
        followedSlots.insert(headSlot)
        return
      }
    }
    if keepsDeprecations, !saysDeprecated, let slot, try Self.isDeprecated(index, slot) {
      // Appended after the other members, as `catalog deprecate` writes it.
      let keptExtra =
        Array((extra.map(Array.init)?.dropLast() ?? [0x7B]) + (extra == nil ? [] : [0x2C]))
        + Array(#""deprecated":true}"#.utf8)
      let keptKeyOrder = keyOrder.map { Array($0.dropLast()) + Array(#","deprecated"]"#.utf8) }
      keptDeprecations.append(String(decoding: kind, as: UTF8.self))
      try keptExtra.withUnsafeBytes { extra in
        try Self.withOptionalBytes(keptKeyOrder) { keyOrder in
          try add(
            kind: kind, category: category, description: description, payload: payload,
            extra: extra, keyOrder: keyOrder, position: position, slot: slot, match: match,
            isRename: isRename, component: component, payloadDigest: payloadDigest,
            context: context)
        }
      }
    } else {
      try add(
        kind: kind, category: category, description: description, payload: payload,
        extra: extra, keyOrder: keyOrder, position: position, slot: slot, match: match,
        isRename: isRename, component: component, payloadDigest: payloadDigest,
        context: context)
    }
  }

  /// The rest of ``add(kind:category:description:payload:extra:keyOrder:saysDeprecated:position:knownKind:payloadDigest:context:)``,
  /// once the head entry (`slot`) is known and `extra` and `keyOrder` are final.
  ///
  /// - Parameter payloadDigest: The SHA-256 of `payload`, when the caller has it
  ///   (``DocumentReadAhead`` computes it on its thread); otherwise computed here when needed.
  private mutating func add(
    kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer,
    extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?,
    position: SourcePosition?, slot: Int?, match: (slot: Int, sameBytes: Bool)?, isRename: Bool,
    component: Int64?, payloadDigest: UnsafeRawBufferPointer?, context: any CatalogReadContext
  ) throws {
    if let slot, !isRename, match?.sameBytes == true,
      index.matches(
        slot, category: category, description: description, extra: extra, keyOrder: keyOrder)
    {
      // Every other text is the same: the payload's SHA-256 decides, compared with head's
      // stored digest (equal digests are the same payload; no stored text is read). Only a
      // payload whose digest is missing (a damaged catalog) is compared with its text.
      let samePayload: Bool
      if let known = try samePayloadByDigest(slot, payload: payload, digest: payloadDigest) {
        samePayload = known
      } else {
        let cursor = try storedPayloads ?? context.payloadCursor()
        storedPayloads = cursor
        samePayload = try cursor.withPayload(index.payloadID(slot)) { stored in
          ByteComparison.equal(stored, payload)
        }
      }
      if samePayload {
        entries.append(PlannedEntry(status: .unchanged, existing: Int32(slot), row: -1))
        return
      }
    }
    var payloadID: Int64 = 0
    if storesPayloads {
      guard let writer = context as? any CatalogWriteContext else {
        throw CatalogError.internalError("a plan that stores payloads needs the writer lock")
      }
      payloadID = try writer.internPayload(bytes: payload, hash: JSONText.stableHash(of: payload))
    }
    let row = rows.append(
      componentID: slot.map(index.componentID) ?? component ?? 0, kind: kind, category: category,
      description: description, payloadID: payloadID, extra: extra, keyOrder: keyOrder)
    rowPositions.append(position)
    if !storesPayloads { unstoredPayloads[row] = Array(payload) }
    entries.append(
      PlannedEntry(
        status: slot == nil ? .added : .changed, isRename: isRename, existing: Int32(slot ?? -1),
        row: Int32(row)))
  }

  /// Whether head's payload in `slot` is `payload`, by their SHA-256 digests: `digest`
  /// when given, else computed here. Nil when head has no digest stored for it.
  private mutating func samePayloadByDigest(
    _ slot: Int, payload: UnsafeRawBufferPointer, digest: UnsafeRawBufferPointer?
  ) throws -> Bool? {
    if let digest { return index.payload(slot, hasDigest: digest) }
    let hasher = self.hasher ?? SHA256()
    self.hasher = hasher
    do {
      try scratchDigest.withUnsafeMutableBytes { try hasher.digest(of: payload, into: $0) }
    } catch {
      throw CatalogError.internalError("libcrypto could not compute a payload's SHA-256")
    }
    return scratchDigest.withUnsafeBytes { index.payload(slot, hasDigest: $0) }
  }

  /// The former name `kind` is, when it is one: the component it means at head
  /// (``CatalogReadContext/component(named:atOrBefore:)``) is in head's catalog under
  /// another name.
  private mutating func formerName(
    _ kind: UnsafeRawBufferPointer, position: SourcePosition?, context: any CatalogReadContext
  ) throws -> (FormerName, Int)? {
    guard formerNamesHead > 0, index.count > 0 else { return nil }
    let name = String(decoding: kind, as: UTF8.self)
    guard let component = try context.component(named: name, atOrBefore: formerNamesHead)
    else { return nil }
    if slotOfComponent == nil {
      var slots: [Int64: Int] = [:]
      for slot in 0..<index.count { slots[index.componentID(slot)] = slot }
      slotOfComponent = slots
    }
    guard let slot = slotOfComponent?[component], !index.kind(slot).hasSameBytes(as: name)
    else { return nil }
    // The first state after the last one that bore the name is the rename away from it.
    var renamedIn: Int64 = formerNamesHead
    var boreIt = false
    for version in try context.versions(ofComponent: component) {
      if version.entry.kind.hasSameBytes(as: name) {
        boreIt = true
      } else if boreIt {
        renamedIn = version.revision
        boreIt = false
      }
    }
    return (
      FormerName(
        kind: name, currentKind: index.kind(slot), renamedIn: renamedIn,
        entryIndex: entries.count, position: position),
      slot
    )
  }

  /// The refusal of a file that gives a component under a former name (followed) and under
  /// its current name.
  private static func givenTwice(_ current: String, _ uses: [(use: FormerName, slot: Int)])
    -> CatalogError
  {
    let former = uses.last { $0.use.currentKind.hasSameBytes(as: current) }?.use
    return CatalogError.request(
      .givenUnderFormerName(current: current, former: former.map(\.description)))
  }

  /// Whether head's entry in `slot` carries `"deprecated": true`.
  private static func isDeprecated(_ index: RevisionIndex, _ slot: Int) throws -> Bool {
    guard let extra = index.extra(slot), extra.contains(#""deprecated":true"#) else {
      return false
    }
    guard case .object(let members) = try JSONValue(parsing: extra) else { return false }
    return members["deprecated"] == .bool(true)
  }

  /// Adds an entry that is already stored, unchanged (rename and deprecation copy the rest
  /// of the catalog this way).
  mutating func keep(_ slot: Int) {
    seen[slot] = true
    entries.append(PlannedEntry(status: .unchanged, existing: Int32(slot), row: -1))
  }

  /// Stops a first import's stream after an error (nothing when the plan was made).
  mutating func cancel() {
    closeStoredPayloads()
    guard case .firstImport(let stream, _) = mode, !streamClosed else { return }
    streamClosed = true
    stream.cancel()
  }

  /// The write, once every desired entry was added: kinds head has and the desired catalog
  /// lacks are removed when `prune`, kept otherwise; entries are placed; nothing is recorded
  /// yet.
  mutating func plan(prune: Bool, head: Int64) throws -> PlannedWrite {
    closeStoredPayloads()
    if case .firstImport(let stream, let revision) = mode {
      streamClosed = true
      guard let kinds = firstImportKinds, kinds.count == firstImportCount else {
        throw CatalogError.internalError("a first import's kinds were not handed over")
      }
      // The result's from here on; the stream's last rows (`kind_version`, on SQLite) are
      // made from them too, the one copy of the kinds.
      firstImportKinds = nil
      _ = try stream.finish(kinds: kinds)
      var result = WriteResult(
        revision: nil, head: head, counts: ChangeCounts(added: firstImportCount))
      result.added = KindList(strings: kinds)
      result.entryCount = firstImportCount
      return PlannedWrite(firstImport: result, revision: revision)
    }
    if formerNames != .follow {
      formerNameUses.removeAll { seen[$0.slot] }
    }
    let renamed = Set(renames.values.map(index.componentID))
    var missing: [Int] = []
    for slot in index.slotsInPositionOrder().lazy.map(Int.init)
    where !seen[slot] && !renamed.contains(index.componentID(slot)) {
      missing.append(slot)
    }
    let removed = prune ? missing : []
    let kept = prune ? [] : missing
    let placement = OrderKeyPlacement(entries, kept: kept, index: &index)
    var counts = ChangeCounts()
    var result = WriteResult(revision: nil, head: head, counts: counts)
    result.entryCount = entries.count
    result.kept = kept.map(index.kind)
    result.keptDeprecations = keptDeprecations
    var moved = [Bool](repeating: false, count: entries.count)
    for (i, planned) in entries.enumerated() {
      switch planned.status {
      case .added:
        counts.added += 1
        result.added.append(rows.kind(Int(planned.row)))
      case .changed:
        counts.changed += 1
        result.changed.append(rows.kind(Int(planned.row)))
      case .unchanged:
        if let key = placement.newKey(of: i), key != index.orderKey(Int(planned.existing)) {
          moved[i] = true
          counts.moved += 1
          result.moved.append(index.kind(Int(planned.existing)))
        }
      }
    }
    counts.removed = removed.count
    result.removed = removed.map(index.kind)
    result.counts = counts
    var planned = PlannedWrite(
      result: result, index: index, entries: entries, rows: rows, placement: placement,
      moved: moved, kept: kept, removed: removed)
    planned.rowPositions = rowPositions
    planned.result.formerNames = formerNameUses.map(\.use)
    planned.unstoredPayloads = storesPayloads ? nil : unstoredPayloads
    return planned
  }

  /// Closes the cursor over head's payloads before anything is written.
  private mutating func closeStoredPayloads() {
    storedPayloads?.close()
    storedPayloads = nil
  }

  private static func withOptionalBytes<R>(
    _ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) throws -> R
  ) rethrows -> R {
    guard let bytes else { return try body(nil) }
    return try bytes.withUnsafeBytes { try body($0) }
  }
}

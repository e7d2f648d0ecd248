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
  /// One entry of the desired catalog.
  struct Planned {
    var kind: String
    var status: Status
    var existing: IndexedEntry?
    /// New content, for added and changed entries.
    var row: VersionRow?
  }

  enum Status {
    case unchanged
    case changed
    case added
  }

  let index: [String: IndexedEntry]
  private(set) var fileOrder: [Planned] = []
  private var seen: Set<String> = []
  private(set) var removed: [IndexedEntry] = []
  private(set) var kept: [IndexedEntry] = []
  /// Components renamed by this write: new kind → the component's head state.
  var renames: [String: IndexedEntry] = [:]
  /// Whether new payloads are stored as they are met (not on a dry run).
  let storesPayloads: Bool

  init(index: [String: IndexedEntry], storesPayloads: Bool = true) {
    self.index = index
    self.storesPayloads = storesPayloads
  }

  /// Adds the next entry of the desired catalog.
  mutating func add(_ entry: CatalogEntry, context: any CatalogWriteContext) throws {
    seen.insert(entry.kind)
    let extra = Self.extraText(entry)
    let keyOrder = Self.keyOrderText(entry)
    let existing = index[entry.kind] ?? renames[entry.kind]
    if let existing, exactlyEqual(existing.kind, entry.kind),
      exactlyEqual(existing.category, entry.category),
      exactlyEqual(existing.description, entry.description), exactlyEqual(existing.extra, extra),
      exactlyEqual(existing.keyOrder, keyOrder), existing.payloadHash == entry.payload.stableHash
    {
      fileOrder.append(Planned(kind: entry.kind, status: .unchanged, existing: existing, row: nil))
      return
    }
    let payloadID = storesPayloads ? try context.internPayload(entry.payload) : 0
    let row = VersionRow(
      componentID: existing?.componentID ?? 0, change: existing == nil ? .added : .changed,
      kind: entry.kind, category: entry.category, description: entry.description,
      payloadID: payloadID, extra: extra, keyOrder: keyOrder, position: "")
    fileOrder.append(
      Planned(kind: entry.kind, status: existing == nil ? .added : .changed, existing: existing, row: row))
  }

  /// Adds an entry that is already stored, unchanged (rename and deprecation copy the rest
  /// of the catalog this way).
  mutating func keep(_ existing: IndexedEntry) {
    seen.insert(existing.kind)
    fileOrder.append(Planned(kind: existing.kind, status: .unchanged, existing: existing, row: nil))
  }

  /// Decides the fate of head's kinds that the desired catalog lacks.
  mutating func finish(prune: Bool) {
    let renamed = Set(renames.values.map(\.componentID))
    let missing = index.values.filter { !seen.contains($0.kind) && !renamed.contains($0.componentID) }
      .sorted { $0.position < $1.position }
    if prune {
      removed = missing
    } else {
      kept = missing
    }
  }

  /// Writes the revision, or reports what it would be.
  func write(
    in context: any CatalogWriteContext, head: Int64, options: WriteOptions, source: String,
    operation: String
  ) throws -> WriteDecision<WriteResult> {
    let positions = placePositions()
    var counts = ChangeCounts()
    var result = WriteResult(revision: nil, head: head, counts: counts)
    result.entryCount = fileOrder.count
    result.kept = kept.map(\.kind)
    result.dryRun = options.dryRun
    for (planned, position) in zip(fileOrder, positions) {
      switch planned.status {
      case .added:
        counts.added += 1
        result.added.append(planned.kind)
      case .changed:
        counts.changed += 1
        result.changed.append(planned.kind)
      case .unchanged where position != planned.existing?.position:
        counts.moved += 1
        result.moved.append(planned.kind)
      case .unchanged:
        break
      }
    }
    counts.removed = removed.count
    result.removed = removed.map(\.kind)
    result.counts = counts
    guard !counts.isEmpty, !options.dryRun else { return .rollback(result) }

    let revision = try context.appendRevision(
      RevisionDraft(
        time: Date(), author: options.author, message: options.message, source: source,
        operation: operation, counts: counts))
    let presentComponents = Set(index.values.map(\.componentID))
    for (planned, position) in zip(fileOrder, positions) {
      switch planned.status {
      case .unchanged:
        guard let existing = planned.existing, position != existing.position else { continue }
        var row = Self.row(from: existing, change: .moved)
        row.position = position
        try context.appendVersion(row, in: revision)
      case .changed, .added:
        guard var row = planned.row else { continue }
        row.position = position
        if planned.status == .added {
          // A kind that was removed and comes back continues its component's history.
          if let previous = try context.component(named: planned.kind, atOrBefore: head),
            !presentComponents.contains(previous)
          {
            row.componentID = previous
          } else {
            row.componentID = try context.newComponent(in: revision)
          }
        } else if let existing = planned.existing, existing.kind != planned.kind {
          row.change = .renamed
        }
        try context.appendVersion(row, in: revision)
      }
    }
    for entry in removed {
      try context.appendVersion(Self.row(from: entry, change: .removed), in: revision)
    }
    result.revision = try context.revision(revision)
    result.head = revision
    return .commit(result)
  }

  /// Order keys for the desired entries. Entries whose relative order is unchanged (the
  /// longest run of existing entries already in order) keep their keys; the others get new
  /// keys right after the key before them, below the next key any entry keeps — an anchor
  /// or a kind kept from head that the document lacks — so no two entries share a key.
  private func placePositions() -> [String] {
    var positions = fileOrder.map { $0.existing?.position ?? "" }
    let anchors = Self.longestIncreasingRun(
      fileOrder.indices.filter { fileOrder[$0].existing != nil }, positions)
    let fixed = (anchors.map { positions[$0] } + kept.map(\.position)).sorted()
    /// The smallest fixed key above `key` (or above the start, for nil).
    func nextFixed(after key: String?) -> String? {
      guard let key else { return fixed.first }
      var low = 0
      var high = fixed.count
      while low < high {
        let mid = (low + high) / 2
        if fixed[mid] <= key { low = mid + 1 } else { high = mid }
      }
      return low < fixed.count ? fixed[low] : nil
    }
    var i = 0
    var lowerBound: String?
    while i < fileOrder.count {
      if anchors.contains(i) {
        lowerBound = positions[i]
        i += 1
        continue
      }
      var j = i
      while j < fileOrder.count, !anchors.contains(j) { j += 1 }
      let keys = OrderKey.keys(count: j - i, after: lowerBound, before: nextFixed(after: lowerBound))
      for (offset, key) in keys.enumerated() { positions[i + offset] = key }
      i = j
    }
    return positions
  }

  /// The indices (a subset of `candidates`) of the longest strictly increasing subsequence
  /// of `positions` over `candidates`: patience sorting, O(n log n).
  static func longestIncreasingRun(_ candidates: [Int], _ positions: [String]) -> Set<Int> {
    var tails: [Int] = []  // candidate index ending the best run of each length
    var previous = [Int](repeating: -1, count: candidates.count)
    for (c, index) in candidates.enumerated() {
      let key = positions[index]
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if positions[candidates[tails[mid]]] < key { low = mid + 1 } else { high = mid }
      }
      previous[c] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(c) } else { tails[low] = c }
    }
    var result = Set<Int>()
    var c = tails.last ?? -1
    while c >= 0 {
      result.insert(candidates[c])
      c = previous[c]
    }
    return result
  }

  static func row(from entry: IndexedEntry, change: EntryChange) -> VersionRow {
    VersionRow(
      componentID: entry.componentID, change: change, kind: entry.kind, category: entry.category,
      description: entry.description, payloadID: entry.payloadID, extra: entry.extra,
      keyOrder: entry.keyOrder, position: entry.position)
  }

  /// The extra members as one canonical JSON object text, or nil when there are none.
  static func extraText(_ entry: CatalogEntry) -> String? {
    guard !entry.extraMembers.isEmpty else { return nil }
    var out: [UInt8] = [0x7B]
    for (i, member) in entry.extraMembers.enumerated() {
      if i > 0 { out.append(0x2C) }
      JSONWriter.appendString(member.key, to: &out)
      out.append(0x3A)
      out.append(contentsOf: member.value.bytes)
    }
    out.append(0x7D)
    return String(decoding: out, as: UTF8.self)
  }

  /// The explicit member order as a JSON array text, or nil for the standard order.
  static func keyOrderText(_ entry: CatalogEntry) -> String? {
    entry.memberOrder.map { JSONValue.array($0.map(JSONValue.string)).canonicalText }
  }

  /// Rebuilds an entry from its stored parts.
  static func entry(
    kind: String, category: String, description: String, payload: JSONText, extra: String?,
    keyOrder: String?
  ) throws -> CatalogEntry {
    var members: [CatalogEntry.Member] = []
    if let extra {
      guard case .object(let object) = try JSONValue(parsing: extra) else {
        throw CatalogError.database("stored extra members of \"\(kind)\" are not a JSON object")
      }
      members = object.members.map { .init(key: $0.key, value: JSONText($0.value)) }
    }
    var order: [String]?
    if let keyOrder {
      guard case .array(let names) = try JSONValue(parsing: keyOrder) else {
        throw CatalogError.database("stored member order of \"\(kind)\" is not a JSON array")
      }
      order = names.compactMap(\.stringValue)
    }
    return CatalogEntry(
      kind: kind, category: category, description: description, payload: payload,
      extraMembers: members, memberOrder: order)
  }
}

/// Whether two texts have the same UTF-8 bytes. Swift's `==` on strings is canonical
/// equivalence ("\u{E9}" == "e\u{301}"), under which a re-spelled category would count as
/// unchanged and the user's new bytes would be dropped.
private func exactlyEqual(_ a: String?, _ b: String?) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  return a.utf8.elementsEqual(b.utf8)
}

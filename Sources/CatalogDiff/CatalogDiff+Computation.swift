import Components

extension CatalogDiff {
  /// Compares two catalogs' entries, matched by kind.
  ///
  /// Entries whose fields and canonical payload bytes are equal are skipped without parsing,
  /// so the cost is linear in the number of entries plus the size of the entries that differ:
  /// two 100,000-entry catalogs with 1% changed compare in well under a second.
  ///
  /// - Parameters:
  ///   - old: OLD's entries, in document order.
  ///   - new: NEW's entries, in document order.
  /// - Throws: ``CatalogDiffError`` when a kind appears twice in one list, or a payload is not
  ///   valid JSON text (entries from ``CatalogDocumentReader`` never are).
  public init(old: [CatalogEntry], new: [CatalogEntry]) throws(CatalogDiffError) {
    try self.init(old: old, new: new, renames: [:])
  }

  /// Compares two revisions of one catalog, whose store knows which entries are the same
  /// component under a new kind.
  ///
  /// - Parameter renames: NEW's kind → OLD's kind, for each component whose kind changed. A
  ///   renamed entry is one ``ChangedEntry`` with ``ChangedEntry/renamedFrom`` set and an
  ///   `ENTRY_RENAMED` change; an OLD kind that was renamed away is never matched by name.
  public init(
    old: [CatalogEntry], new: [CatalogEntry], renames: [String: String]
  ) throws(CatalogDiffError) {
    let oldPositions = try Self.positions(of: old, side: .old)
    var renamedFrom: [BytewiseString: BytewiseString] = [:]
    for (new, old) in renames { renamedFrom[BytewiseString(new)] = BytewiseString(old) }
    let renamedAway = Set(renamedFrom.values)

    var added: [IndexedEntry] = []
    var addedPositions: [BytewiseString: Int] = [:]
    // For each OLD index, the NEW index of the same kind, or -1.
    var newIndexOfOld = [Int](repeating: -1, count: old.count)
    var changed: [ChangedEntry] = []
    var oldIndexOfNew = [Int](repeating: -1, count: new.count)
    var commonOldIndices: [Int] = []
    var commonNewIndices: [Int] = []
    commonOldIndices.reserveCapacity(min(old.count, new.count))
    commonNewIndices.reserveCapacity(min(old.count, new.count))
    for (j, entry) in new.enumerated() {
      let kind = BytewiseString(entry.kind)
      let oldKind = renamedFrom[kind] ?? kind
      let candidate = oldKind == kind && renamedAway.contains(oldKind) ? nil : oldPositions[oldKind]
      guard let i = candidate else {
        if let first = addedPositions.updateValue(j, forKey: kind) {
          throw .duplicateKind(entry.kind, side: .new, firstIndex: first, secondIndex: j)
        }
        added.append(IndexedEntry(index: j, entry: entry))
        continue
      }
      guard newIndexOfOld[i] < 0 else {
        throw .duplicateKind(entry.kind, side: .new, firstIndex: newIndexOfOld[i], secondIndex: j)
      }
      newIndexOfOld[i] = j
      oldIndexOfNew[j] = i
      commonOldIndices.append(i)
      commonNewIndices.append(j)
      guard !Self.sameFields(old[i], entry) else { continue }
      var differ = EntryDiffer()
      try differ.compare(old[i], entry)
      if !differ.changes.isEmpty {
        changed.append(
          ChangedEntry(
            kind: entry.kind,
            renamedFrom: old[i].kind.hasSameBytes(as: entry.kind) ? nil : old[i].kind,
            oldIndex: i, newIndex: j, changes: differ.changes, edits: differ.edits))
      }
    }
    var removed: [IndexedEntry] = []
    for (i, j) in newIndexOfOld.enumerated() where j < 0 {
      removed.append(IndexedEntry(index: i, entry: old[i]))
    }
    // The common kinds that keep their relative order are a longest increasing run of OLD
    // positions taken in NEW's order; every other common kind moved.
    var moved: [Move] = []
    let staying = LongestIncreasingSubsequence.membership(commonOldIndices)
    for (k, stays) in staying.enumerated() where !stays {
      let j = commonNewIndices[k]
      moved.append(Move(kind: new[j].kind, oldIndex: commonOldIndices[k], newIndex: j))
    }

    // Kinds sort by bytes, so that two spellings of one name have a fixed order.
    func less(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
    self.init(
      added: added.sorted { less($0.kind, $1.kind) },
      removed: removed.sorted { less($0.kind, $1.kind) },
      moved: moved.sorted { less($0.kind, $1.kind) },
      changed: changed.sorted { less($0.kind, $1.kind) },
      oldIndexOfNew: oldIndexOfNew, oldCount: old.count)
  }

  /// Each kind's index.
  private static func positions(
    of entries: [CatalogEntry], side: CatalogDiffError.Side
  ) throws(CatalogDiffError) -> [BytewiseString: Int] {
    var positions: [BytewiseString: Int] = [:]
    positions.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      if let first = positions.updateValue(index, forKey: BytewiseString(entry.kind)) {
        throw .duplicateKind(entry.kind, side: side, firstIndex: first, secondIndex: index)
      }
    }
    return positions
  }

  /// The changes from one state of a component to another, in entry order: what `log`,
  /// `show REV` and `revert` report and compare. Empty exactly when the two export the
  /// same bytes.
  public static func changes(
    from old: CatalogEntry, to new: CatalogEntry
  ) throws(CatalogDiffError) -> [Change] {
    guard !sameFields(old, new) else { return [] }
    var differ = EntryDiffer()
    try differ.compare(old, new)
    return differ.changes
  }

  /// Whether two entries are written identically, every text by its bytes: the one
  /// definition of an unchanged entry, which is also what an import compares (the stored
  /// fields, byte for byte).
  public static func sameFields(_ a: CatalogEntry, _ b: CatalogEntry) -> Bool {
    a.kind.hasSameBytes(as: b.kind) && a.category.hasSameBytes(as: b.category)
      && a.description.hasSameBytes(as: b.description)
      && sameBytes(a.payload.bytes, b.payload.bytes) && a.extraMembers == b.extraMembers
      && a.memberOrder.haveSameBytes(as: b.memberOrder)
  }
}

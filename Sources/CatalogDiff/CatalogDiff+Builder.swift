import Components

extension CatalogDiff {
  /// Builds a diff from OLD's entries, all given first and held compactly
  /// (``CompactEntries``), and NEW's entries given one at a time, as they are read, which are
  /// not kept unless they differ: how `catalog diff FILE FILE` holds one side and streams the
  /// other. ``CatalogDiff/init(old:new:renames:)`` is this with two arrays.
  ///
  /// Entries whose fields and canonical payload bytes are equal are skipped without parsing
  /// or making a `String`, so the cost is linear in the number of entries plus the size of
  /// the entries that differ.
  package struct Builder {
    private var old = CompactEntries()
    private var renamedFrom: [BytewiseString: BytewiseString] = [:]
    private var renamedAway: Set<BytewiseString> = []
    private var added: [IndexedEntry] = []
    private var addedPositions: [BytewiseString: Int] = [:]
    /// For each OLD index, the NEW index of the same kind, or -1.
    private var newIndexOfOld: [Int] = []
    private var changed: [ChangedEntry] = []
    private var oldIndexOfNew: [Int] = []
    private var commonOldIndices: [Int] = []
    private var commonNewIndices: [Int] = []
    /// NEW's kind of common entries whose kind differs from OLD's (renames).
    private var renamedKinds: [Int: String] = [:]
    /// For each OLD index, the NEW index of the entry the caller vouched is the same (see
    /// ``addOldUnchanged(kind:newIndex:)``), or -1. Empty until the first such entry.
    private var unchangedPartner: [Int] = []
    /// OLD held by range: how many entries in a row were written otherwise than OLD's and
    /// yet are the same (files formatted differently); at ``formattedApartLimit`` OLD is
    /// read on in step with NEW instead of entry by entry.
    private var formattedApart = 0
    private static let formattedApartLimit = 64

    /// - Parameter renames: NEW's kind → OLD's kind, for each component whose kind changed
    ///   (see ``CatalogDiff/init(old:new:renames:)``).
    package init(renames: [String: String] = [:]) {
      setRenames(renames)
    }

    /// Sets the renames (see ``init(renames:)``) once OLD is in, for a caller that learns
    /// them while reading (a diff of two revisions). Before any of NEW.
    package mutating func setRenames(_ renames: [String: String]) {
      renamedFrom = [:]
      for (new, old) in renames { renamedFrom[BytewiseString(new)] = BytewiseString(old) }
      renamedAway = Set(renamedFrom.values)
    }

    /// Makes room for OLD's texts when their total size is known (a file's size bounds its
    /// canonical text), so the compact buffer never holds two copies while it grows.
    package mutating func reserveOld(bytes: Int) {
      old.reserve(bytes: bytes)
    }

    /// Adds OLD's next entry. All of OLD comes before any of NEW.
    package mutating func addOld(_ entry: RawCatalogEntry) throws(CatalogDiffError) {
      try add(
        old: true, entry.extraMembers, entry.memberOrder, { entry.entry },
        texts: { Self.withBytes(of: entry, $0) })
    }

    /// Adds OLD's next entry.
    package mutating func addOld(_ entry: CatalogEntry) throws(CatalogDiffError) {
      try add(
        old: true, entry.extraMembers, entry.memberOrder, { entry },
        texts: { Self.withBytes(of: entry, $0) })
    }

    /// Holds OLD by where each entry's text is in `file` instead of the texts (OLD is then
    /// a file that can be read again; `maxDepth` is the limit it is read with): NEW's
    /// entries are compared with OLD's text read back, and OLD's entry is read in full only
    /// when it is reported. Before any of OLD, which then comes by ``addOldKindLater(_:)``.
    package mutating func holdOldByRange(_ file: FileRanges, maxDepth: Int) {
      old.holdByRange(file, maxDepth: maxDepth)
    }

    /// Whether OLD is held by range (``holdOldByRange(_:maxDepth:)``): NEW's entries should
    /// then come with their text (``addNew(_:text:)``).
    package var holdsOldByRange: Bool { old.isHeldByRange }

    /// Whether OLD, held by range, is read on in step with NEW (files formatted differently).
    package var readsOldInStep: Bool { old.readsInStep }

    /// Adds OLD's next entry without its kind, when the document reader that hands it out
    /// keeps the kinds anyway (``CatalogDocumentReader/takeKinds()``): the kinds come after
    /// the last of OLD, through ``setOldKinds(_:)``, instead of a second table of them.
    package mutating func addOldKindLater(_ entry: RawCatalogEntry) {
      defer {
        newIndexOfOld.append(-1)
        if !unchangedPartner.isEmpty { unchangedPartner.append(-1) }
      }
      if old.isHeldByRange {
        old.appendRangeWithoutKind(entry.position.offset..<entry.endOffset)
        return
      }
      entry.category.withUnsafeBytes { category in
        entry.description.withUnsafeBytes { description in
          entry.payload.withUnsafeBytes { payload in
            old.appendWithoutKind(
              category: category, description: description, payload: payload,
              extraMembers: entry.extraMembers, memberOrder: entry.memberOrder)
          }
        }
      }
    }

    /// The kinds of OLD's entries given by ``addOldKindLater(_:)``, kind `i` being entry
    /// `i`'s, as the document reader read them (unique). Before any of NEW.
    ///
    /// - Throws: ``CatalogDiffError/duplicateKind(_:side:firstIndex:secondIndex:)`` when the
    ///   table does not have one kind per entry (it always has, from a reader that finished).
    package mutating func setOldKinds(_ kinds: ByteStringTable) throws(CatalogDiffError) {
      guard old.adoptKinds(kinds) else {
        throw .duplicateKind("", side: .old, firstIndex: kinds.count, secondIndex: old.count)
      }
    }

    /// Adds OLD's next entry when the caller knows it is NEW's entry `newIndex` byte for byte
    /// (a diff of two revisions: the same stored row at both), keeping only its kind, which
    /// entries are matched by. NEW's entry is then given by ``addNewUnchanged(oldIndex:)``.
    ///
    /// Such an entry is never reported, so its texts are never needed; a NEW entry given
    /// with its texts that matches it by kind is a duplicate kind in NEW.
    package mutating func addOldUnchanged(kind: UnsafeRawBufferPointer, newIndex: Int)
      throws(CatalogDiffError)
    {
      let empty = UnsafeRawBufferPointer(start: nil, count: 0)
      let index = old.count
      try addOld(
        kind: kind, category: empty, description: empty, payload: empty, extraMembers: [],
        memberOrder: nil)
      if unchangedPartner.count < old.count {
        unchangedPartner.append(
          contentsOf: repeatElement(-1, count: old.count - unchangedPartner.count))
      }
      unchangedPartner[index] = newIndex
    }

    /// Adds NEW's next entry: the one OLD's entry `oldIndex` was vouched to be by
    /// ``addOldUnchanged(kind:newIndex:)``.
    package mutating func addNewUnchanged(oldIndex i: Int) throws(CatalogDiffError) {
      let j = oldIndexOfNew.count
      guard i >= 0, i < unchangedPartner.count, unchangedPartner[i] == j,
        newIndexOfOld[i] < 0
      else {
        throw .duplicateKind(
          i >= 0 && i < old.count ? old.kind(i) : "", side: .new,
          firstIndex: i >= 0 && i < newIndexOfOld.count ? newIndexOfOld[i] : -1, secondIndex: j)
      }
      newIndexOfOld[i] = j
      oldIndexOfNew.append(i)
      commonOldIndices.append(i)
      commonNewIndices.append(j)
    }

    /// Adds NEW's next entry, as the document reader left it (its buffers may be reused as
    /// soon as this returns). A reader given ``oldKinds()`` has found the entry's kind among
    /// OLD's already (``RawCatalogEntry/knownKind``): that id is used, once its bytes are
    /// checked, instead of a second lookup.
    ///
    /// `text` is the entry as written in NEW (``CatalogDocumentReader/withCurrentEntryText(_:)``),
    /// when known: an entry written exactly as OLD's is the same, found without comparing
    /// canonical forms (what lets OLD be held by range).
    package mutating func addNew(_ entry: RawCatalogEntry, text: UnsafeRawBufferPointer? = nil)
      throws(CatalogDiffError)
    {
      var found: Int?
      if case .found(let id) = entry.knownKind, id < old.count,
        entry.kind.withUnsafeBytes({ old.kind(id, is: $0) })
      {
        found = id
      }
      try add(
        old: false, entry.extraMembers, entry.memberOrder, { entry.entry },
        texts: { Self.withBytes(of: entry, $0) }, oldIndex: found, text: text)
    }

    /// OLD's kinds, once all of OLD is in, for the reader of NEW
    /// (``CatalogDocumentReader/init(_:knownKinds:)``): its duplicate check and this
    /// builder's lookup then share OLD's table, and a NEW in OLD's order hashes no kind.
    package func oldKinds() -> KnownKinds { old.knownKinds() }

    /// Adds NEW's next entry.
    package mutating func addNew(_ entry: CatalogEntry) throws(CatalogDiffError) {
      try add(
        old: false, entry.extraMembers, entry.memberOrder, { entry },
        texts: { Self.withBytes(of: entry, $0) })
    }

    /// The four texts of an entry, as `withBytes(of:)` hands them out.
    private typealias Texts = (
      UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer,
      UnsafeRawBufferPointer
    ) -> Void

    /// Adds an entry to OLD or NEW, its texts given by `texts` (the entry made by `entry`
    /// only when the diff reports it).
    private mutating func add(
      old isOld: Bool, _ extraMembers: [CatalogEntry.Member], _ memberOrder: [String]?,
      _ entry: () -> CatalogEntry, texts: (Texts) -> Void, oldIndex: Int? = nil,
      text: UnsafeRawBufferPointer? = nil
    ) throws(CatalogDiffError) {
      var failure: CatalogDiffError?
      withoutActuallyEscaping(entry) { entry in
        texts { kind, category, description, payload in
          do throws(CatalogDiffError) {
            if isOld {
              try addOld(
                kind: kind, category: category, description: description, payload: payload,
                extraMembers: extraMembers, memberOrder: memberOrder)
            } else {
              try addNew(
                kind: kind, category: category, description: description, payload: payload,
                extraMembers: extraMembers, memberOrder: memberOrder, entry: entry,
                oldIndex: oldIndex, text: text)
            }
          } catch { failure = error }
        }
      }
      if let failure { throw failure }
    }

    private mutating func addOld(
      kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
      description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer,
      extraMembers: [CatalogEntry.Member], memberOrder: [String]?
    ) throws(CatalogDiffError) {
      let index = old.count
      let (inserted, first) = old.append(
        kind: kind, category: category, description: description, payload: payload,
        extraMembers: extraMembers, memberOrder: memberOrder)
      guard inserted else {
        throw .duplicateKind(
          String(decoding: kind, as: UTF8.self), side: .old, firstIndex: first, secondIndex: index)
      }
      newIndexOfOld.append(-1)
      if !unchangedPartner.isEmpty { unchangedPartner.append(-1) }
    }

    private mutating func addNew(
      kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
      description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer,
      extraMembers: [CatalogEntry.Member], memberOrder: [String]?,
      entry: () -> CatalogEntry, oldIndex: Int?, text: UnsafeRawBufferPointer?
    ) throws(CatalogDiffError) {
      let j = oldIndexOfNew.count
      var candidate: Int?
      var renamedKind: BytewiseString?
      if renamedFrom.isEmpty {
        candidate = oldIndex ?? old.index(ofKind: kind)
      } else {
        let name = BytewiseString(String(decoding: kind, as: UTF8.self))
        let oldKind = renamedFrom[name] ?? name
        if oldKind != name { renamedKind = name }
        if !(oldKind == name && renamedAway.contains(oldKind)) {
          var oldName = oldKind.string
          candidate = oldName.withUTF8 { old.index(ofKind: UnsafeRawBufferPointer($0)) }
        }
      }
      guard let i = candidate else {
        let made = entry()
        if let first = addedPositions.updateValue(j, forKey: BytewiseString(made.kind)) {
          throw .duplicateKind(made.kind, side: .new, firstIndex: first, secondIndex: j)
        }
        added.append(IndexedEntry(index: j, entry: made))
        oldIndexOfNew.append(-1)
        return
      }
      if i < unchangedPartner.count, unchangedPartner[i] >= 0 {
        // OLD's entry of this kind is vouched to be another NEW entry: NEW has it twice.
        throw .duplicateKind(
          String(decoding: kind, as: UTF8.self), side: .new,
          firstIndex: min(j, unchangedPartner[i]), secondIndex: max(j, unchangedPartner[i]))
      }
      guard newIndexOfOld[i] < 0 else {
        throw .duplicateKind(
          String(decoding: kind, as: UTF8.self), side: .new, firstIndex: newIndexOfOld[i],
          secondIndex: j)
      }
      newIndexOfOld[i] = j
      oldIndexOfNew.append(i)
      commonOldIndices.append(i)
      commonNewIndices.append(j)
      if let renamedKind { renamedKinds[j] = renamedKind.string }
      let before: CatalogEntry
      var made: CatalogEntry?
      if old.isHeldByRange {
        // Written the same, byte for byte: the same entry. Otherwise the canonical forms
        // decide (NEW may be indented differently), OLD's read again.
        if renamedKind == nil, let text, try old.hasText(i, text) {
          formattedApart = 0
          return
        }
        if let read = try old.entryInStep(i) {
          // Read on in step: the canonical texts decide, compared as bytes.
          if renamedKind == nil,
            Self.sameTexts(
              read, category: category, description: description, payload: payload,
              extraMembers: extraMembers, memberOrder: memberOrder)
          {
            return
          }
          before = read.entry
        } else {
          before = try old.entry(i)
          made = entry()
          if renamedKind == nil, let made, CatalogDiff.sameFields(before, made) {
            // A run of such entries: the files are formatted differently, and reading OLD
            // through once more, in step, costs less than reading back each entry on its own.
            formattedApart += 1
            if formattedApart == Self.formattedApartLimit { try old.readOnInStep() }
            return
          }
        }
      } else {
        guard
          renamedKind != nil
            || !old.hasFields(
              i, category: category, description: description, payload: payload,
              extraMembers: extraMembers, memberOrder: memberOrder)
        else { return }
        before = try old.entry(i)
      }
      let after = made ?? entry()
      var differ = EntryDiffer()
      try differ.compare(before, after)
      if !differ.changes.isEmpty {
        changed.append(
          ChangedEntry(
            kind: after.kind,
            renamedFrom: before.kind.hasSameBytes(as: after.kind) ? nil : before.kind,
            oldIndex: i, newIndex: j, changes: differ.changes, edits: differ.edits))
      }
    }

    /// The diff of the entries added.
    ///
    /// - Throws: ``CatalogDiffError/changedWhileRead(side:reason:)`` when OLD, held by range,
    ///   changed since it was read.
    package func finish() throws(CatalogDiffError) -> CatalogDiff {
      var removed: [IndexedEntry] = []
      for (i, j) in newIndexOfOld.enumerated() where j < 0 {
        removed.append(IndexedEntry(index: i, entry: try old.entry(i)))
      }
      // Every read of OLD is done: a file it is held in must not have been written meanwhile.
      try old.checkUnchanged()
      // The common kinds that keep their relative order are a longest increasing run of OLD
      // positions taken in NEW's order; every other common kind moved.
      var moved: [Move] = []
      let staying = LongestIncreasingSubsequence.membership(commonOldIndices)
      for (k, stays) in staying.enumerated() where !stays {
        let i = commonOldIndices[k]
        let j = commonNewIndices[k]
        moved.append(Move(kind: renamedKinds[j] ?? old.kind(i), oldIndex: i, newIndex: j))
      }

      // Kinds sort by bytes, so that two spellings of one name have a fixed order.
      func less(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
      return CatalogDiff(
        added: added.sorted { less($0.kind, $1.kind) },
        removed: removed.sorted { less($0.kind, $1.kind) },
        moved: moved.sorted { less($0.kind, $1.kind) },
        changed: changed.sorted { less($0.kind, $1.kind) },
        oldIndexOfNew: oldIndexOfNew, oldCount: old.count)
    }

    /// Whether OLD's entry, as its reader gave it, has exactly these fields, every text by its
    /// bytes (the kind is compared by the caller): ``CatalogDiff/sameFields(_:_:)`` without
    /// making either entry.
    private static func sameTexts(
      _ read: RawCatalogEntry, category: UnsafeRawBufferPointer,
      description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer,
      extraMembers: [CatalogEntry.Member], memberOrder: [String]?
    ) -> Bool {
      read.payload.withUnsafeBytes { ByteComparison.equal($0, payload) }
        && read.category.withUnsafeBytes { ByteComparison.equal($0, category) }
        && read.description.withUnsafeBytes { ByteComparison.equal($0, description) }
        && read.extraMembers == extraMembers && read.memberOrder.haveSameBytes(as: memberOrder)
    }

    /// Calls `body` with the bytes of the entry's kind, category, description and payload.
    private static func withBytes(of entry: CatalogEntry, _ body: Texts) {
      var kind = entry.kind
      var category = entry.category
      var description = entry.description
      kind.withUTF8 { kind in
        category.withUTF8 { category in
          description.withUTF8 { description in
            entry.payload.bytes.withUnsafeBytes { payload in
              body(
                UnsafeRawBufferPointer(kind), UnsafeRawBufferPointer(category),
                UnsafeRawBufferPointer(description), payload)
            }
          }
        }
      }
    }

    /// Calls `body` with the bytes of the entry's kind, category, description and payload.
    private static func withBytes(of entry: RawCatalogEntry, _ body: Texts) {
      entry.kind.withUnsafeBytes { kind in
        entry.category.withUnsafeBytes { category in
          entry.description.withUnsafeBytes { description in
            entry.payload.withUnsafeBytes { payload in body(kind, category, description, payload) }
          }
        }
      }
    }
  }
}

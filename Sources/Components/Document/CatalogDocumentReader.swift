/// Reads a components.json document entry by entry, validating as it goes, so that an
/// import can compare and store each entry without holding the whole document in memory.
///
/// Both forms are accepted: `{"components": [ … ]}` and a bare array of entries. The object
/// may hold other members (a `"$schema"`, a `"version"`) before and after `components`: they
/// are kept, with the form, in ``frame``, for the export to write back in place. Problems
/// that leave the reader in step with the text (a member of the wrong type, a missing
/// member, a duplicated kind) are collected and reading goes on, so that one run reports
/// all of them; ``next()`` throws them together at the end of the document. A syntax error
/// stops reading at once.
///
/// ```swift
/// let reader = CatalogDocumentReader(JSONReader(fileDescriptor: fd))
/// while let located = try reader.next() { store(located.entry) }
/// ```
public final class CatalogDocumentReader {
  /// An entry together with where it was found.
  public struct LocatedEntry: Sendable {
    public var entry: CatalogEntry
    /// The entry's index in the components array.
    public var index: Int
    /// The position of the entry's `{`.
    public var position: SourcePosition
  }

  /// At most this many problems are collected before reading stops.
  public static let maxDiagnostics = 50

  private let json: JSONReader
  @exclusivity(unchecked) private var state = State.start
  private var arrayPointer = JSONPointer(["components"])

  /// Where the entries array is in the document as given: `/components`, or the root for a
  /// bare array (known once the first entry, or the end, has been read).
  public var entriesPointer: JSONPointer { arrayPointer }
  @exclusivity(unchecked) private var nextIndex = 0

  /// The document's frame: its form and its top-level members other than `components`, in
  /// written order. Complete once ``next()`` (or ``nextRaw()``) has returned the end of a
  /// valid document; the members before `components` are there once the first entry is read.
  public var frame: DocumentFrame {
    DocumentFrame(
      form: arrayPointer.isRoot ? .array : .object, before: frameBefore, after: frameAfter)
  }
  // The properties an entry touches are marked `@exclusivity(unchecked)`: each access to a
  // class's stored property was a run-time exclusivity check (`swift_beginAccess`, a
  // thread-local access set), five of them per entry, 5% of reading. The reader is used by
  // one thread, and no method of it passes one of them `inout` while another call could
  // reach it (no callbacks into the caller while one is held), so the checks cannot fail;
  // the compile-time checks remain. The one access a caller holds is ``currentRaw``'s
  // borrow of `raw`: calling ``nextRaw()`` inside it would have trapped and now would not;
  // its callers (the import's `DocumentSource`, the diff's `CompactEntries`) finish with
  // the entry before they read the next.
  @exclusivity(unchecked) private var diagnostics: [JSONDiagnostic] = []
  /// The kinds read so far, and where each was first found, to report a duplicate with the
  /// place of the first.
  @exclusivity(unchecked) private var kinds: DuplicateKindCheck
  /// Whether the text of each entry, as written, is kept until the next entry is read
  /// (``withCurrentEntryText(_:)``): ``Options/keepsEntryText``.
  private let keepsEntryText: Bool
  /// Whether ``nextRaw()`` has returned `false`: the document was valid and read to its end.
  private var endReturned = false
  private var rootPosition = SourcePosition(line: 1, column: 1, offset: 0)
  /// The entry being read, reused from entry to entry so that reading allocates nothing per
  /// entry; see ``currentRaw`` (which is inlined into its callers, hence not private).
  @exclusivity(unchecked) @usableFromInline var raw = RawCatalogEntry()
  /// Scratch space for member names and for values that are read only to be skipped.
  private var keyBytes: [UInt8] = []
  private var scratch: [UInt8] = []
  /// The top-level members other than `components`, before and after it, and every
  /// top-level key met, to refuse a duplicate.
  private var frameBefore: [CatalogEntry.Member] = []
  private var frameAfter: [CatalogEntry.Member] = []
  private var topLevelKeys: Set<String> = ["components"]

  private enum State {
    case start
    case inArray(wrapped: Bool)
    case finished
  }

  /// What a client asks of the reader beyond its entries, given when the reader is made.
  package struct Options {
    /// Kinds to look each entry's kind up in first (head's kinds for an import, OLD's for a
    /// diff's NEW), telling which it found (``RawCatalogEntry/knownKind``), so that the
    /// duplicate check keeps a table only of the kinds they lack. Found and reported
    /// exactly as without them; a kind outside ASCII (in the document or among the known
    /// kinds) ends their use, since such kinds compare as strings, not bytes.
    package var knownKinds: KnownKinds?
    /// Whether known kinds will be given once reading has begun (``useKnownKinds(_:)``):
    /// the duplicate check's own table then holds only the kinds they lack, and is not
    /// sized for the whole document's.
    package var knownKindsComeLater: Bool
    /// Whether the text of each entry, as written, is kept until the next entry is read
    /// (``withCurrentEntryText(_:)``).
    package var keepsEntryText: Bool

    package init(
      knownKinds: KnownKinds? = nil, knownKindsComeLater: Bool = false,
      keepsEntryText: Bool = false
    ) {
      self.knownKinds = knownKinds
      self.knownKindsComeLater = knownKindsComeLater
      self.keepsEntryText = keepsEntryText
    }
  }

  public convenience init(_ json: JSONReader) {
    self.init(json, options: Options())
  }

  /// A reader that does what `options` ask besides reading the entries.
  package init(_ json: JSONReader, options: Options) {
    self.json = json
    kinds = options.knownKinds.map { DuplicateKindCheck(knownKinds: $0) } ?? DuplicateKindCheck()
    kinds.expectsKnownKinds = options.knownKindsComeLater
    keepsEntryText = options.keepsEntryText
    json.refusesNUL = true
  }

  /// Looks the kinds of the entries read from now on up in `knownKinds`, as a reader made
  /// with them (``Options/knownKinds``) does, for a caller that has them only once reading
  /// has begun (an import reading head on another thread while the document is read). The
  /// kinds read before are looked up in them too, so that a later duplicate of one is
  /// reported as before, and what was found of each is returned, in the order they were
  /// first read: the entries ``nextRaw()`` returned so far, in order, are the first of them
  /// (each has a kind not met before; they keep
  /// ``RawCatalogEntry/KnownKindMatch/notLookedUp`` themselves). Nothing changes, and nil is
  /// returned, when kinds were given already, or some kind (read or known) is outside ASCII.
  @discardableResult
  package func useKnownKinds(_ knownKinds: KnownKinds) -> [RawCatalogEntry.KnownKindMatch]? {
    kinds.useKnownKinds(knownKinds)
  }

  /// Bytes read so far, for progress reports.
  public var bytesConsumed: Int { json.bytesConsumed }

  /// The next valid entry, or `nil` at the end of a valid document.
  ///
  /// - Throws: ``JSONDiagnostics`` with every problem found, at the first syntax error or
  ///   at the end of a document that had problems.
  public func next() throws(JSONDiagnostics) -> LocatedEntry? {
    guard try nextRaw() else { return nil }
    return LocatedEntry(entry: raw.entry, index: raw.index, position: raw.position)
  }

  /// Reads the next valid entry into ``currentRaw``; `false` at the end of a valid document.
  ///
  /// The fast path of an import: the same reading and the same diagnostics as ``next()``,
  /// but the entry stays as bytes, in buffers that the next call reuses.
  ///
  /// - Throws: ``JSONDiagnostics``, as ``next()``.
  package func nextRaw() throws(JSONDiagnostics) -> Bool {
    do {
      while true {
        switch state {
        case .finished:
          if !diagnostics.isEmpty {
            throw JSONDiagnostics(
              diagnostics, isTruncated: diagnostics.count >= Self.maxDiagnostics)
          }
          endReturned = true
          return false
        case .start:
          try readPrologue()
        case .inArray(let wrapped):
          if try readNextEntry(wrapped: wrapped) { return true }
        }
      }
    } catch let error as JSONDiagnostics {
      state = .finished
      throw error
    } catch let diagnostic as JSONDiagnostic {
      state = .finished
      throw JSONDiagnostics(diagnostics + [diagnostic])
    } catch {
      state = .finished
      throw JSONDiagnostics(diagnostics)
    }
  }

  /// The entry the last successful ``nextRaw()`` read. Its buffers are reused by the next
  /// call: copy what must outlive it.
  @inlinable package var currentRaw: RawCatalogEntry {
    // Lent, not copied: a copy retained and released each of the entry's buffers. Inlined:
    // called across modules, the accessor allocated its coroutine's frame and the caller
    // copied the entry it lent (seven retains and releases, a malloc and a free per entry).
    _read { yield raw }
  }

  /// Exchanges the entry the last successful ``nextRaw()`` read with `entry`: the caller
  /// takes it without a copy, and the reader reads the next entry into the buffers it gets
  /// (``nextRaw()`` empties them first, keeping their capacity), so that a loop exchanging
  /// every entry with the same local allocates nothing per entry. ``currentRaw`` is then
  /// the entry given, until the next ``nextRaw()``.
  ///
  /// A caller in another module that passed ``currentRaw`` on copied the entry (a retain
  /// and release of each of its buffers, through its value witnesses); so did one lent the
  /// stored entry through a closure (docs/maintainers/benchmark-rounds.md, round six).
  @inlinable package func exchangeCurrentRaw(with entry: inout RawCatalogEntry) {
    swap(&raw, &entry)
  }

  /// Once ``nextRaw()`` has returned `false` (a valid document, read to its end), the
  /// document's kinds by their bytes, kind `i` being entry `i`'s, or nil before that (and
  /// always for a reader given known kinds, which keeps only the others). The
  /// reader's duplicate check needed this table anyway; a caller that must look entries up
  /// by kind (a diff's OLD side) takes it instead of building its own. The reader forgets it.
  package func takeKinds() -> ByteStringTable? {
    guard endReturned, !kinds.tookKnownKinds else { return nil }
    endReturned = false
    return kinds.take()
  }

  /// Calls `body` with the text of the entry the last successful ``nextRaw()`` read, as
  /// written in the document (from its `{` to its `}`), when the reader was made with
  /// ``Options/keepsEntryText``; nil otherwise.
  package func withCurrentEntryText<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows
    -> R?
  {
    guard keepsEntryText else { return nil }
    return try json.input.withKeptText(body)
  }

  /// Reads every entry of the document.
  public func readAll() throws(JSONDiagnostics) -> [CatalogEntry] {
    var entries: [CatalogEntry] = []
    while let located = try next() { entries.append(located.entry) }
    return entries
  }

  // MARK: - Document structure

  /// Reads up to the first entry: `{ … "components": [` or `[`.
  private func readPrologue() throws(JSONDiagnostic) {
    rootPosition = json.positionOfNextToken()
    switch json.peekAfterWhitespace() {
    case 0x5B:
      arrayPointer = .root
      // A bare array counts one level more, as if in {"components": [...]}: whatever depth
      // an import accepts, every form the catalog writes its entries in (a patch's document,
      // an export in another frame) is accepted too.
      json.enterImplicitContainer()
      try json.beginContainer(0x5B)
      state = json.isEmptyContainer(close: 0x5D) ? .finished : .inArray(wrapped: false)
      if case .finished = state { try json.expectEndOfInput() }
    case 0x7B:
      try json.beginContainer(0x7B)
      if json.isEmptyContainer(close: 0x7D) {
        try json.expectEndOfInput()
        throw JSONDiagnostic(
          .invalidDocument, at: rootPosition,
          "missing \"components\": a catalog document is "
            + "{\"components\": [...]} or an array of entries")
      }
      try seekComponents()
    case nil:
      try json.expectEndOfInput()
      throw JSONDiagnostic(.invalidJSON, at: rootPosition, "the document is empty")
    default:
      // Read the value, so that invalid JSON is reported as such.
      let value = try json.readValue()
      try json.expectEndOfInput()
      throw JSONDiagnostic(
        .invalidDocument, at: rootPosition,
        "expected an object with \"components\" or an array of entries, found \(article(value.typeName))"
      )
    }
  }

  /// Inside the top-level object: finds the `components` member and enters its array; the
  /// members before it are kept for the frame.
  private func seekComponents() throws(JSONDiagnostic) {
    while true {
      let keyPosition = json.positionOfNextToken()
      let key = try json.readKey()
      if key == "components" {
        let valuePosition = json.positionOfNextToken()
        guard json.peekAfterWhitespace() == 0x5B else {
          let value = try json.readValue()
          throw JSONDiagnostic(
            .invalidDocument, at: valuePosition, pointer: ["components"],
            "expected an array of entries, found \(article(value.typeName))")
        }
        try json.beginContainer(0x5B)
        if json.isEmptyContainer(close: 0x5D) {
          try finishWrapper()
        } else {
          state = .inArray(wrapped: true)
        }
        return
      }
      if let member = try readTopLevelMember(key, at: keyPosition) {
        frameBefore.append(member)
      }
      if try json.endOfContainer(close: 0x7D, what: "an object member") {
        json.leaveContainer()
        try json.expectEndOfInput()
        throw JSONDiagnostic(.invalidDocument, at: rootPosition, "missing \"components\"")
      }
    }
  }

  /// After the components array: the rest of the top-level object (kept for the frame),
  /// then the end.
  private func finishWrapper() throws(JSONDiagnostic) {
    while !(try json.endOfContainer(close: 0x7D, what: "an object member")) {
      let keyPosition = json.positionOfNextToken()
      let key = try json.readKey()
      // A second `components` is a duplicate key like any other.
      if let member = try readTopLevelMember(key, at: keyPosition) {
        frameAfter.append(member)
      }
    }
    json.leaveContainer()
    try json.expectEndOfInput()
    state = .finished
  }

  /// Reads the value of a top-level member other than the first `components`; nil (and a
  /// problem reported) when the key was already used (`components` always was). Keys compare as Swift compares strings, as an
  /// entry's member names do.
  private func readTopLevelMember(_ key: String, at keyPosition: SourcePosition)
    throws(JSONDiagnostic) -> CatalogEntry.Member?
  {
    guard topLevelKeys.insert(key).inserted else {
      scratch.removeAll(keepingCapacity: true)
      try transcodeTopLevel(into: &scratch, key)
      report(
        JSONDiagnostic(
          .invalidDocument, at: keyPosition, pointer: JSONPointer([key]),
          "duplicate key \"\(key)\""))
      return nil
    }
    var value: [UInt8] = []
    try transcodeTopLevel(into: &value, key)
    return CatalogEntry.Member(key: key, value: JSONText(canonicalBytes: value))
  }

  /// Transcodes a top-level member's value; document errors inside it gain the member's
  /// pointer as prefix.
  private func transcodeTopLevel(into out: inout [UInt8], _ key: String) throws(JSONDiagnostic) {
    do {
      try json.transcodeValue(into: &out)
    } catch {
      throw error.prefixed(by: JSONPointer([key]))
    }
  }

  /// Reads the next element of the entries array; `true` when it is a valid entry, now in
  /// `raw`.
  private func readNextEntry(wrapped: Bool) throws(JSONDiagnostic) -> Bool {
    let index = nextIndex
    nextIndex += 1
    let isEntry = try readEntry(index: index)
    if try json.endOfContainer(close: 0x5D, what: "an entry") {
      json.leaveContainer()
      if wrapped {
        try finishWrapper()
      } else {
        try json.expectEndOfInput()
        state = .finished
      }
    }
    return isEntry
  }

  // MARK: - Entries

  /// The pointer of entry `index`: `/components/3`. Made only for a diagnostic.
  private func entryPointer(_ index: Int) -> JSONPointer {
    arrayPointer.appending(index)
  }

  /// Reads one element of the entries array into `raw`, reporting what is wrong with it;
  /// `true` when it is a valid entry and no problem has been found before.
  private func readEntry(index: Int) throws(JSONDiagnostic) -> Bool {
    let position = json.positionOfNextToken()
    guard json.peekAfterWhitespace() == 0x7B else {
      let value = try readValue(at: entryPointer(index))
      report(
        JSONDiagnostic(
          .invalidDocument, at: position, pointer: entryPointer(index),
          "expected an entry object, found \(article(value.typeName))"))
      return false
    }
    if keepsEntryText { json.input.keepText(from: position.offset) }
    if let isEntry = readEntryFast(index: index, position: position) { return isEntry }
    try json.beginContainer(0x7B)
    if json.isEmptyContainer(close: 0x7D) {
      report(
        JSONDiagnostic(
          .invalidDocument, at: position, pointer: entryPointer(index), "missing \"kind\""))
      return false
    }
    // The entry's buffers are moved into locals for the length of the entry: passing a
    // class's stored property `inout` costs a dynamic exclusivity check per call, which for
    // every member of every entry added up to a tenth of the reading.
    // Swapped, not copied: a copy retained and released each of the entry's buffers.
    var raw = RawCatalogEntry()
    swap(&raw, &self.raw)
    var keyBytes: [UInt8] = []
    swap(&keyBytes, &self.keyBytes)
    defer {
      swap(&raw, &self.raw)
      swap(&keyBytes, &self.keyBytes)
    }
    raw.reset(index: index, position: position)
    // The standard members met (whatever their values), and those read as valid values.
    var present = RawCatalogEntry.MemberSet()
    var assigned = RawCatalogEntry.MemberSet()
    var kindPosition = position
    var valid = true
    // Other member names, once there are many of them, so that the duplicate check stays
    // linear for an entry with thousands of members.
    var extraKeys: Set<String>?
    repeat {
      // Positions inside an entry are marks, worked out only for a diagnostic; each is used
      // before the next is taken (see JSONReader.markOfNextToken()).
      let keyMark = json.markOfNextToken()
      keyBytes.removeAll(keepingCapacity: true)
      do {
        try json.readKey(into: &keyBytes)
      } catch {
        throw error.prefixed(by: entryPointer(index))  // a document error in a key names the entry
      }
      let member = RawCatalogEntry.StandardMember(keyBytes)
      let isDuplicate: Bool
      if let member {
        isDuplicate = present.contains(member)
      } else {
        // Other member names compare as Swift compares strings, as kinds do.
        let key = String(decoding: keyBytes, as: UTF8.self)
        if extraKeys == nil && raw.extraMembers.count >= JSONObject.indexThreshold {
          extraKeys = Set(raw.extraMembers.map(\.key))
        }
        isDuplicate =
          extraKeys?.contains(key) ?? raw.extraMembers.contains { $0.key == key }
      }
      if isDuplicate {
        let key = String(decoding: keyBytes, as: UTF8.self)
        let keyPosition = json.position(of: keyMark)
        try skipValue(at: index, key)
        report(
          JSONDiagnostic(
            .invalidDocument, at: keyPosition, pointer: entryPointer(index),
            "duplicate key \"\(key)\""))
        valid = false
        continue
      }
      let valueMark = json.markOfNextToken()
      guard let member else {
        let key = String(decoding: keyBytes, as: UTF8.self)
        raw.order.append(RawCatalogEntry.extraCode(raw.extraMembers.count))
        var value: [UInt8] = []
        try transcode(into: &value, at: index, key)
        if key == "deprecated", value != Array("true".utf8), value != Array("false".utf8) {
          // The mark an import keeps or clears: it must say which.
          report(
            JSONDiagnostic(
              .invalidDocument, at: json.position(of: valueMark),
              pointer: entryPointer(index).appending(key),
              "expected a boolean for \"deprecated\", found \(article(jsonTypeName(ofCanonical: value)))"
            ))
          valid = false
        }
        raw.extraMembers.append(.init(key: key, value: JSONText(canonicalBytes: value)))
        extraKeys?.insert(key)
        continue
      }
      present.insert(member)
      raw.order.append(member.rawValue)
      if member == .payload {
        try transcode(into: &raw.payload, at: index, member.name)
        assigned.insert(member)
        continue
      }
      guard json.peekAfterWhitespace() == 0x22 else {
        let valuePosition = json.position(of: valueMark)
        let typeName = try skipValue(at: index, member.name)
        report(
          JSONDiagnostic(
            .invalidDocument, at: valuePosition,
            pointer: entryPointer(index).appending(member.name),
            "expected a string, found \(article(typeName))"))
        valid = false
        continue
      }
      do {
        switch member {
        case .kind:
          // Kept for diagnostics about later entries: worked out now.
          kindPosition = json.position(of: valueMark)
          try json.readString(into: &raw.kind)
        case .category: try json.readString(into: &raw.category)
        case .description: try json.readString(into: &raw.description)
        case .payload: break
        }
      } catch {
        // A document error in a string (a lone surrogate) names the member.
        throw error.prefixed(by: entryPointer(index).appending(member.name))
      }
      assigned.insert(member)
    } while !(try json.endOfContainer(close: 0x7D, what: "an entry member"))
    json.leaveContainer()
    raw.endOffset = json.bytesConsumed
    if keepsEntryText { json.input.endKeptText(at: raw.endOffset) }

    return finishEntry(
      &raw, present: present, assigned: assigned, kindPosition: kindPosition, valid: valid)
  }

  /// Reads the entry whose `{` is next with the fast entry scanner
  /// (``JSONReader/readEntryFast(into:index:position:)``) into `raw`, as ``readEntry(index:)`` does; nil,
  /// having read nothing, when the scanner cannot take it.
  private func readEntryFast(index: Int, position: SourcePosition) -> Bool? {
    // `raw` is passed inout as a whole, once or twice an entry: its exclusivity checks cost
    // less than swapping it into a local and back.
    // The kind's slot in the duplicate check's table is prefetched as soon as the kind is
    // read, so that its cache miss (most of the check's time) overlaps reading the payload.
    // Known kinds are looked up in the order they are expected in, without a miss to hide.
    let kindPosition: SourcePosition?
    if kinds.known == nil {
      kindPosition = json.readEntryFast(
        into: &raw, index: index, position: position, kindObserver: &kinds.seen)
    } else {
      var ignores = FastEntryScanner.IgnoresKinds()
      kindPosition = json.readEntryFast(
        into: &raw, index: index, position: position, kindObserver: &ignores)
    }
    guard let kindPosition else { return nil }
    if keepsEntryText { json.input.endKeptText(at: json.bytesConsumed) }
    return finishEntry(&raw, present: .all, assigned: .all, kindPosition: kindPosition, valid: true)
  }

  /// The checks of an entry read to its `}`: members missing, an empty or duplicate kind.
  /// `true` when it is a valid entry (`valid` and all four members read as valid values)
  /// and no problem has been found before.
  private func finishEntry(
    _ raw: inout RawCatalogEntry, present: RawCatalogEntry.MemberSet,
    assigned: RawCatalogEntry.MemberSet, kindPosition: SourcePosition, valid: Bool
  ) -> Bool {
    let index = raw.index
    let position = raw.position
    var valid = valid
    for member in RawCatalogEntry.StandardMember.allCases where !present.contains(member) {
      report(
        JSONDiagnostic(
          .invalidDocument, at: position, pointer: entryPointer(index), "missing \"\(member.name)\""
        ))
      valid = false
    }
    if assigned.contains(.kind) {
      if raw.kind.isEmpty {
        report(
          JSONDiagnostic(
            .invalidDocument, at: kindPosition, pointer: entryPointer(index).appending("kind"),
            "kind must not be empty"))
        valid = false
      } else if !checkKind(&raw, at: kindPosition) {
        valid = false
      }
    }
    return valid && diagnostics.isEmpty && assigned == .all
  }

  /// The duplicate check of an entry's (non-empty) kind: reports a kind met before, with
  /// where it was first met, and returns false for it.
  private func checkKind(_ raw: inout RawCatalogEntry, at kindPosition: SourcePosition) -> Bool {
    switch kinds.check(&raw, at: kindPosition) {
    case .first:
      if kinds.reservationDue {
        kinds.reserveIfDue(
          consumed: json.bytesConsumed, claimedSize: json.expectedInputSize, maxSize: json.maxSize)
      }
      return true
    case .duplicate(let first, let differentBytes):
      reportDuplicateKind(
        raw.kind, at: kindPosition, index: raw.index, first: first, spelling: differentBytes)
      return false
    }
  }

  /// How many times the kinds read so far the duplicate check's table makes room for at
  /// most, at each estimate (for tests).
  package static let reservationStep = DuplicateKindCheck.reservationStep
  /// How many kinds the duplicate check's own table holds without growing (for tests).
  package var kindTableCapacity: Int { kinds.capacity }
  private func reportDuplicateKind(
    _ kindBytes: [UInt8], at kindPosition: SourcePosition, index: Int,
    first: KindPlaces.Place, spelling differentBytes: Bool
  ) {
    // Kinds are compared as Swift compares strings, so that two spellings of one name
    // (NFC and NFD) cannot both reach an app's registry; say so when the bytes differ.
    let kind = String(decoding: kindBytes, as: UTF8.self)
    let spelling = differentBytes ? ", which differs only in Unicode normalization" : ""
    report(
      JSONDiagnostic(
        .invalidDocument, at: kindPosition, pointer: entryPointer(index).appending("kind"),
        "duplicate kind \"\(kind)\": also at \(arrayPointer.appending(first.index)) "
          + "(line \(first.line), column \(first.column))\(spelling)"))
  }

  /// Transcodes a member's value into `out`; document errors inside it gain the member's
  /// pointer as prefix (made only then).
  private func transcode(into out: inout [UInt8], at index: Int, _ key: String)
    throws(JSONDiagnostic)
  {
    do {
      try json.transcodeValue(into: &out)
    } catch {
      throw error.prefixed(by: entryPointer(index).appending(key))
    }
  }

  /// Reads a member's value only to validate and skip it; returns its JSON type name.
  @discardableResult
  private func skipValue(at index: Int, _ key: String) throws(JSONDiagnostic) -> String {
    scratch.removeAll(keepingCapacity: true)
    try transcode(into: &scratch, at: index, key)
    return JSONText(canonicalBytes: scratch).typeName
  }

  private func readValue(at pointer: JSONPointer) throws(JSONDiagnostic) -> JSONValue {
    do {
      return try json.readValue()
    } catch {
      throw error.prefixed(by: pointer)
    }
  }

  private func report(_ diagnostic: JSONDiagnostic) {
    // Reading stops at the next entry boundary; problems later in this entry are dropped.
    guard diagnostics.count < Self.maxDiagnostics else { return }
    diagnostics.append(diagnostic)
    if diagnostics.count >= Self.maxDiagnostics {
      state = .finished
    }
  }
}

@available(
  *, unavailable, message: "a document reader wraps a JSONReader and is used by one thread"
)
extension CatalogDocumentReader: Sendable {}

extension JSONPointer: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: String...) {
    self.init(elements)
  }
}

/// "an object", "a string".
func article(_ typeName: String) -> String {
  ["a", "e", "i", "o", "u"].contains(typeName.first.map(String.init) ?? "")
    ? "an \(typeName)" : "a \(typeName)"
}

/// The JSON type of canonical text, from its first byte.
func jsonTypeName(ofCanonical canonical: [UInt8]) -> String {
  switch canonical.first {
  case 0x22: return "string"
  case 0x7B: return "object"
  case 0x5B: return "array"
  case 0x6E: return "null"
  case 0x74, 0x66: return "boolean"
  default: return "number"
  }
}

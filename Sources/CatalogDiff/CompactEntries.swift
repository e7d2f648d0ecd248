import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One side of a diff held compactly: every kind in one ``ByteStringTable`` (an entry's index
/// is its kind's id), category, description and payload bytes in one ``ByteStrings`` buffer,
/// and the rare extra members and member orders beside them. About the size of the entries'
/// canonical text, a third of what `[CatalogEntry]` takes (a `String` and an array per field);
/// an entry becomes a ``CatalogEntry`` only when the diff reports it.
///
/// Or, when the side is a file that can be read again (``holdByRange(_:maxDepth:)``), only
/// the kinds and where each entry's text is in the file (16 bytes an entry): an entry is
/// compared by its text, read back, and read again in full only when the diff reports it.
struct CompactEntries {
  private var kinds = ByteStringTable()
  /// Category, description and payload of entry `i` are texts `3i`, `3i + 1`, `3i + 2`.
  private var texts = ByteStrings()
  /// Extra members and member order, for the entries that have them.
  private var others: [Int: (extraMembers: [CatalogEntry.Member], memberOrder: [String]?)] = [:]
  /// Held by range: the file, the limit its entries were read with, and where entry `i`'s
  /// text is (`ranges[2i]..<ranges[2i + 1]`).
  private var file: FileRanges?
  /// Held by range, once NEW turned out to be written otherwise than OLD
  /// (``readOnInStep()``): OLD read through once more, in step with NEW.
  private var stream: InStepReader?
  private var maxDepth = JSONReader.defaultMaxDepth
  private var ranges: [Int] = []

  /// Entries appended (their kinds may still be to come: ``adoptKinds(_:)``).
  var count: Int { file == nil ? texts.count / 3 : ranges.count / 2 }

  /// Whether entries are held by the place of their text (``holdByRange(_:maxDepth:)``).
  var isHeldByRange: Bool { file != nil }

  /// Holds the entries to come by where their text is in `file`, read with `maxDepth`;
  /// before any entry.
  mutating func holdByRange(_ file: FileRanges, maxDepth: Int) {
    precondition(count == 0, "the entries are held one way")
    self.file = file
    self.maxDepth = maxDepth
  }

  /// Appends an entry held by range: its text is `range` of the file; its kind comes later
  /// with the others (``adoptKinds(_:)``).
  mutating func appendRangeWithoutKind(_ range: Range<Int>) {
    ranges.append(range.lowerBound)
    ranges.append(range.upperBound)
  }

  /// Whether entry `index`, held by range, is written exactly as `text` (its `{` to its `}`).
  func hasText(_ index: Int, _ text: UnsafeRawBufferPointer) throws(CatalogDiffError) -> Bool {
    let range = ranges[2 * index]..<ranges[2 * index + 1]
    guard range.count == text.count, let file else { return false }
    return try Self.readingAgain { try file.withBytes(range) { ByteComparison.equal($0, text) } }
  }

  /// Makes room for texts of `bytes` bytes in all, so that the buffer is not copied as it
  /// grows (a copy holds the old buffer and the new one at once: twice the memory).
  mutating func reserve(bytes: Int) {
    texts.reserveCapacity(strings: 0, bytes: bytes)
  }

  /// Appends an entry; returns its index, or the index of the entry that has its kind.
  mutating func append(
    kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer,
    extraMembers: [CatalogEntry.Member], memberOrder: [String]?
  ) -> (inserted: Bool, index: Int) {
    let (inserted, index) = kinds.insert(kind)
    guard inserted else { return (false, index) }
    _ = texts.append(category)
    _ = texts.append(description)
    _ = texts.append(payload)
    if !extraMembers.isEmpty || memberOrder != nil {
      others[index] = (extraMembers, memberOrder)
    }
    return (true, index)
  }

  /// Appends an entry whose kind comes later with the others (``adoptKinds(_:)``).
  mutating func appendWithoutKind(
    category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer, extraMembers: [CatalogEntry.Member], memberOrder: [String]?
  ) {
    let index = count
    _ = texts.append(category)
    _ = texts.append(description)
    _ = texts.append(payload)
    if !extraMembers.isEmpty || memberOrder != nil {
      others[index] = (extraMembers, memberOrder)
    }
  }

  /// Takes `table` as the kinds of the entries appended without theirs, kind `i` being entry
  /// `i`'s; false (and nothing taken) unless every entry came without its kind and the table
  /// has one kind per entry.
  mutating func adoptKinds(_ table: ByteStringTable) -> Bool {
    guard kinds.count == 0, table.count == count else { return false }
    kinds = table
    return true
  }

  /// The index of the entry whose kind has exactly these bytes.
  func index(ofKind kind: UnsafeRawBufferPointer) -> Int? { kinds.id(of: kind) }

  func kind(_ index: Int) -> String { kinds.string(index) }

  /// Whether entry `index`'s kind has exactly these bytes.
  func kind(_ index: Int, is kind: UnsafeRawBufferPointer) -> Bool {
    kinds.strings.equals(index, kind)
  }

  /// The kinds, entry `i`'s having id `i`, expected in entry order.
  func knownKinds() -> KnownKinds { KnownKinds(kinds) }

  /// Whether entry `index` has exactly these fields, every text by its bytes (the kind is
  /// compared by the caller): ``CatalogDiff/sameFields(_:_:)`` without making the entry.
  func hasFields(
    _ index: Int, category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer, extraMembers: [CatalogEntry.Member], memberOrder: [String]?
  ) -> Bool {
    guard texts.equals(3 * index + 2, payload), texts.equals(3 * index, category),
      texts.equals(3 * index + 1, description)
    else { return false }
    let other = others[index]
    return (other?.extraMembers ?? []) == extraMembers
      && (other?.memberOrder).haveSameBytes(as: memberOrder)
  }

  /// Whether entries held by range are read back by reading OLD on (``readOnInStep()``).
  var readsInStep: Bool { stream != nil }

  /// Reads the entries held by range, from now on, by reading OLD through once more in
  /// step with NEW: an entry asked for at or ahead of that reading is reached by reading
  /// on, any other (an entry moved back) by a reader of its own, as before. For two files
  /// formatted differently, where no entry's text is the same and each would otherwise be
  /// parsed by a reader made for it (twice the time of one pass). The texts are not held:
  /// memory stays what holding by range takes.
  ///
  /// - Throws: ``CatalogDiffError/changedWhileRead(side:reason:)`` when the file cannot be
  ///   opened again.
  mutating func readOnInStep() throws(CatalogDiffError) {
    guard let file, stream == nil else { return }
    let descriptor = try Self.readingAgain { try file.descriptorAtStart() }
    stream = InStepReader(descriptor: descriptor, maxDepth: maxDepth)
  }

  /// Throws when the file the entries are held in was written since it was first read, so
  /// that what was read back of it may not be what was read: after the last read.
  ///
  /// - Throws: ``CatalogDiffError/changedWhileRead(side:reason:)``.
  func checkUnchanged() throws(CatalogDiffError) {
    try Self.readingAgain { try file?.checkUnchanged() }
  }

  /// Entry `index`, held by range, as OLD's reader gives it, when reading on in step reaches
  /// it (``readOnInStep()``: it is not behind the reading); nil otherwise.
  ///
  /// - Throws: ``CatalogDiffError/changedWhileRead(side:reason:)`` when the text is no longer
  ///   that entry's.
  func entryInStep(_ index: Int) throws(CatalogDiffError) -> RawCatalogEntry? {
    guard let stream, stream.next <= index else { return nil }
    let read = try Self.readingAgain { try stream.read(index) }
    guard read.kind.withUnsafeBytes({ kind(index, is: $0) }) else {
      throw .changedWhileRead(side: .old, reason: "entry \(index) is not where it was")
    }
    return read
  }

  /// Runs `body`, which reads OLD's file again; any error of that reading means the file is
  /// not what was first read: ``CatalogDiffError/changedWhileRead(side:reason:)``.
  private static func readingAgain<R>(_ body: () throws -> R) throws(CatalogDiffError) -> R {
    do {
      return try body()
    } catch {
      throw .changedWhileRead(side: .old, reason: "\(error)")
    }
  }

  /// Entry `index` as a ``CatalogEntry``: for an entry held by range, its text read again.
  ///
  /// - Throws: ``CatalogDiffError/changedWhileRead(side:reason:)`` when the text is no longer
  ///   that entry's (the file changed since it was read).
  func entry(_ index: Int) throws(CatalogDiffError) -> CatalogEntry {
    if let read = try entryInStep(index) { return read.entry }
    if let file {
      let range = ranges[2 * index]..<ranges[2 * index + 1]
      let read = try Self.readingAgain {
        // `[` + the entry + `]`: a bare array counts one level more, as the entries of
        // `{"components": [...]}` do, so the depth limit reads the entry as it did.
        var wrapped: [UInt8] = [0x5B]
        try file.withBytes(range) { wrapped.append(contentsOf: $0) }
        wrapped.append(0x5D)
        return try CatalogDocumentReader(JSONReader(bytes: wrapped, maxDepth: maxDepth)).next()?
          .entry
      }
      guard let read, read.kind.hasSameBytes(as: kinds.string(index)) else {
        throw .changedWhileRead(side: .old, reason: "entry \(index) is not where it was")
      }
      return read
    }
    let other = others[index]
    return CatalogEntry(
      kind: kinds.string(index), category: texts.string(3 * index),
      description: texts.string(3 * index + 1),
      payload: JSONText(canonicalBytes: texts.array(3 * index + 2)),
      extraMembers: other?.extraMembers ?? [], memberOrder: other?.memberOrder)
  }
}

/// OLD read through once more, in step with NEW (``CompactEntries/readOnInStep()``): a
/// document reader over a descriptor of its own, and the index of the entry it reads next.
private final class InStepReader {
  private let descriptor: Int32
  private let reader: CatalogDocumentReader
  /// The index of the entry the next read gives.
  private(set) var next = 0

  init(descriptor: Int32, maxDepth: Int) {
    self.descriptor = descriptor
    // OLD was accepted under the size limit when first read; its size is checked after the
    // last read (``FileRanges/checkUnchanged()``).
    reader = CatalogDocumentReader(
      JSONReader(fileDescriptor: descriptor, maxDepth: maxDepth, maxSize: .max))
  }

  deinit {
    close(descriptor)
  }

  /// Entry `index` (at least ``next``), reading on past the entries before it.
  ///
  /// - Throws: the reader's diagnostics, or ``FileRanges/ReadError`` when the document ends
  ///   first.
  func read(_ index: Int) throws -> RawCatalogEntry {
    precondition(index >= next, "an entry behind the reading is read on its own")
    while next <= index {
      guard try reader.nextRaw() else {
        throw FileRanges.ReadError(description: "it ends before entry \(index)")
      }
      next += 1
    }
    return reader.currentRaw
  }
}

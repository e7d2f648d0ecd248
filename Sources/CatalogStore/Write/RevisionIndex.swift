import CatalogStorage
import Components

/// The entries of the catalog at one revision, keyed by kind, without payload texts (their
/// ids and stored SHA-256 digests instead): what a write compares the desired catalog
/// against.
///
/// It holds what ``HeadEntry`` holds, compactly: kinds in a ``ByteStringTable`` (a kind's
/// id there is its *slot*), the other texts in one ``ByteStrings`` buffer, numbers in arrays.
/// For a 100,000-entry catalog that is about 20 MB less than a `[String: HeadEntry]`,
/// and a lookup hashes bytes straight from the document reader's buffer.
package struct RevisionIndex {
  /// The texts of each slot, in this order, at ids `slot * fieldCount + field`.
  private enum Field: Int, CaseIterable {
    case category, description, extra, keyOrder, orderKey
  }

  /// The kinds, by slot: hashed only when a lookup needs it (see ``KnownKinds``).
  private var kinds = KnownKinds()
  private var texts = ByteStrings()
  private var componentIDs: [Int64] = []
  private var payloadIDs: [Int64] = []
  /// The payloads' stored digests, 32 bytes per slot (zeros where none is stored).
  private var payloadDigests: [UInt8] = []
  /// Bit 0: `extra` is NULL; bit 1: `key_order` is NULL; bit 2: no payload digest stored.
  private var nulls: [UInt8] = []
  /// Slots in ascending order of order key, made on first use.
  private var order: [Int32]?
  /// The kinds by name, when some stored kind is not ASCII (see ``slot(matching:)``).
  private var byName: [String: Int]?
  /// How many entries are expected (``reserveCapacity(_:)``), until their texts' room is
  /// reserved too.
  private var expectedCount: Int?
  /// How many entries are appended before the room for the rest's texts is reserved at
  /// their rate.
  private static let sampleCount = 512
  /// The most room reserved ahead for each buffer of texts: the sample may say little of the
  /// rest (head's rows come newest first, and the newest 512 entries may carry texts far
  /// longer than all the others), so beyond this the buffers grow by doubling as they did.
  /// A catalog of 1,000,000 generated entries has about 60 MB of these texts.
  static let maxReservedTextBytes = 128 << 20
  /// The most bytes the kinds' buffer, and the other texts' buffer, may hold: what the 32-bit
  /// offsets of ``ByteStrings`` address (4 GiB − 1). One import file is at most that, but
  /// head keeps entries across imports, so its texts can pass it: then appending throws
  /// instead of letting ``ByteStrings`` trap. Settable so that a test can reach the limit
  /// without 4 GiB of memory.
  var maxTextBytes = Int(UInt32.max)

  package init() {}

  /// The number of entries.
  package var count: Int { componentIDs.count }

  /// The bytes the kinds' and the other texts' buffers have room for (for tests).
  var textCapacity: (kinds: Int, texts: Int) {
    (kinds.strings.byteCapacity, texts.byteCapacity)
  }

  /// Reserves room for about `count` entries: their numbers now, their texts once
  /// ``sampleCount`` entries show how long they are. A hint: appending more, or fewer, is
  /// fine. Growing by doubling instead copied every buffer several times and touched twice
  /// the memory (docs/maintainers/benchmark-rounds.md, round six).
  package mutating func reserveCapacity(_ count: Int) {
    guard count > self.count else { return }
    componentIDs.reserveCapacity(count)
    payloadIDs.reserveCapacity(count)
    payloadDigests.reserveCapacity(count * SHA256Digest.byteCount)
    nulls.reserveCapacity(count)
    expectedCount = count
  }

  /// Reserves the room of ``expectedCount`` entries' texts at the rate of those appended.
  private mutating func reserveTexts() {
    guard let expected = expectedCount else { return }
    expectedCount = nil
    let sampled = count
    guard expected > sampled else { return }
    // An eighth over the rate, so that slightly longer texts later need no doubling; never
    // more than ``maxReservedTextBytes`` (checked before multiplying: no overflow either).
    func room(_ bytes: Int) -> Int {
      let rate = bytes / sampled + bytes / sampled / 8
      return rate > Self.maxReservedTextBytes / expected
        ? Self.maxReservedTextBytes : rate * expected
    }
    kinds.reserveCapacity(strings: expected, bytes: room(kinds.strings.byteCount))
    texts.reserveCapacity(
      strings: expected * Field.allCases.count, bytes: room(texts.byteCount))
  }

  /// Adds an entry; kinds must be distinct.
  ///
  /// - Throws: ``CatalogError/request(_:)`` (``RequestProblem/headTextsTooLarge``) when the entry's kind, or its other
  ///   texts, would take their buffer past ``maxTextBytes``; nothing is added. Head is
  ///   read inside a write before anything is written, so the write then writes nothing:
  ///   a clear error (exit 65 from the command line) instead of a crash on a catalog that
  ///   grew too large.
  package mutating func append(
    componentID: Int64, kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payloadID: Int64,
    extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?,
    orderKey: UnsafeRawBufferPointer, payloadDigest: UnsafeRawBufferPointer? = nil
  ) throws {
    let textBytes =
      category.count + description.count + (extra?.count ?? 0) + (keyOrder?.count ?? 0)
      + orderKey.count
    guard kinds.strings.byteCount + kind.count <= maxTextBytes,
      texts.byteCount + textBytes <= maxTextBytes
    else {
      throw CatalogError.request(.headTextsTooLarge)
    }
    kinds.append(kind)
    byName = nil
    texts.append(category)
    texts.append(description)
    texts.append(extra ?? UnsafeRawBufferPointer(start: nil, count: 0))
    texts.append(keyOrder ?? UnsafeRawBufferPointer(start: nil, count: 0))
    texts.append(orderKey)
    componentIDs.append(componentID)
    payloadIDs.append(payloadID)
    let hasDigest = payloadDigest?.count == SHA256Digest.byteCount
    if let payloadDigest, hasDigest {
      payloadDigests.append(contentsOf: payloadDigest)
    } else {
      payloadDigests.append(contentsOf: repeatElement(0, count: SHA256Digest.byteCount))
    }
    nulls.append((extra == nil ? 1 : 0) | (keyOrder == nil ? 2 : 0) | (hasDigest ? 0 : 4))
    order = nil
    if count == Self.sampleCount { reserveTexts() }
  }

  // MARK: - Lookup

  /// The slot of the entry whose kind has exactly these bytes.
  package mutating func slot(of kind: UnsafeRawBufferPointer) -> Int? { kinds.hashedID(of: kind) }

  /// The slot of the entry whose kind equals `kind` as Swift compares strings, that is up to
  /// Unicode canonical equivalence (so an NFD spelling finds an NFC kind), and whether the
  /// bytes are the same too.
  ///
  /// Kinds are almost always ASCII, where equal strings have equal bytes, so the byte table
  /// answers; the first lookup that involves a kind outside ASCII makes a `[String: Int]` of
  /// every kind.
  package mutating func slot(matching kind: UnsafeRawBufferPointer) -> (slot: Int, sameBytes: Bool)?
  {
    if kinds.isASCII && kind.allSatisfy({ $0 < 0x80 }) {
      return kinds.hashedID(of: kind).map { ($0, true) }
    }
    if byName == nil {
      byName = Dictionary(
        (0..<count).map { (kinds.string($0), $0) }, uniquingKeysWith: { _, last in last })
    }
    guard let slot = byName?[String(decoding: kind, as: UTF8.self)] else { return nil }
    return (slot, kinds.strings.equals(slot, kind))
  }

  /// ``slot(matching:)``, trying `expected` first: a file in head's order finds each kind in
  /// the slot after the previous one's (by order key), by comparing bytes that sit next to
  /// each other in memory instead of hashing into the table at random.
  package mutating func slot(matching kind: UnsafeRawBufferPointer, expecting expected: Int?) -> (
    slot: Int, sameBytes: Bool
  )? {
    if let expected, kinds.strings.equals(expected, kind) { return (expected, true) }
    return slot(matching: kind)
  }

  /// The entry whose kind equals `kind` as Swift compares strings.
  package subscript(kind: String) -> HeadEntry? {
    var copy = self
    var kind = kind
    return kind.withUTF8 { copy.slot(matching: UnsafeRawBufferPointer($0)) }.map { entry($0.slot) }
  }

  package func componentID(_ slot: Int) -> Int64 { componentIDs[slot] }
  package func payloadID(_ slot: Int) -> Int64 { payloadIDs[slot] }

  /// Whether the payload of `slot` has the SHA-256 digest `digest` (32 bytes), compared
  /// byte for byte with the stored one: equal digests are the same payload. Nil when no
  /// digest is stored for it (a damaged catalog: the caller compares texts instead).
  package func payload(_ slot: Int, hasDigest digest: UnsafeRawBufferPointer) -> Bool? {
    guard nulls[slot] & 4 == 0 else { return nil }
    let size = SHA256Digest.byteCount
    return payloadDigests.withUnsafeBytes { stored in
      ByteComparison.equal(
        UnsafeRawBufferPointer(rebasing: stored[slot * size..<(slot + 1) * size]), digest)
    }
  }
  package func kind(_ slot: Int) -> String { kinds.string(slot) }

  /// The kinds, expected in export order: what the document reader looks an imported
  /// document's kinds up in, so that its duplicate check and this index share one table.
  package mutating func knownKinds() -> KnownKinds {
    KnownKinds(kinds.strings, order: slotsInPositionOrder())
  }
  package func orderKey(_ slot: Int) -> String { text(slot, .orderKey) ?? "" }
  /// The entry's extra members as stored (a JSON object), nil when it has none.
  package func extra(_ slot: Int) -> String? { text(slot, .extra) }

  /// The entry in a slot, as a value.
  package func entry(_ slot: Int) -> HeadEntry {
    HeadEntry(
      componentID: componentIDs[slot], kind: kinds.string(slot),
      category: text(slot, .category) ?? "", description: text(slot, .description) ?? "",
      payloadID: payloadIDs[slot],
      extra: text(slot, .extra), keyOrder: text(slot, .keyOrder),
      orderKey: text(slot, .orderKey) ?? "")
  }

  /// Every entry, as values, in slot order.
  package var entries: [HeadEntry] { (0..<count).map(entry) }

  private func text(_ slot: Int, _ field: Field) -> String? {
    if field == .extra && nulls[slot] & 1 != 0 { return nil }
    if field == .keyOrder && nulls[slot] & 2 != 0 { return nil }
    return texts.string(slot * Field.allCases.count + field.rawValue)
  }

  /// Whether the entry in `slot` has exactly these texts, each compared by bytes (the kind is
  /// the slot's own); the payload is not held here: ``ChangePlanner`` compares its digest
  /// (``payload(_:hasDigest:)``).
  package func matches(
    _ slot: Int, category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer,
    extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?
  ) -> Bool {
    guard (nulls[slot] & 1 != 0) == (extra == nil), (nulls[slot] & 2 != 0) == (keyOrder == nil)
    else { return false }
    let base = slot * Field.allCases.count
    return texts.withStorage { stored in
      ByteComparison.equal(stored[base + Field.category.rawValue], category)
        && ByteComparison.equal(stored[base + Field.description.rawValue], description)
        && (extra.map { ByteComparison.equal(stored[base + Field.extra.rawValue], $0) } ?? true)
        && (keyOrder.map { ByteComparison.equal(stored[base + Field.keyOrder.rawValue], $0) }
          ?? true)
    }
  }

  // MARK: - Order

  /// The slots in ascending order of order key (byte order, as `ORDER BY position` sorts).
  ///
  /// Entries are usually stored in order-key order already (component ids grow with the
  /// file's order), so that is checked in one pass before anything is sorted.
  package mutating func slotsInPositionOrder() -> [Int32] {
    if let order { return order }
    let base = Field.orderKey.rawValue
    let stride = Field.allCases.count
    let sorted: [Int32] = texts.withStorage { stored in
      func less(_ a: Int, _ b: Int) -> Bool {
        let x = stored[a * stride + base]
        let y = stored[b * stride + base]
        return OrderKey.compare(x, y) < 0
      }
      var slots = (0..<count).map { Int32($0) }
      if !zip(slots, slots.dropFirst()).allSatisfy({ less(Int($0), Int($1)) }) {
        slots.sort { less(Int($0), Int($1)) }
      }
      return slots
    }
    order = sorted
    return sorted
  }

  /// For each slot, its rank in order-key order.
  package mutating func orderKeyRanks() -> [Int32] {
    let order = slotsInPositionOrder()
    var ranks = [Int32](repeating: 0, count: count)
    for (rank, slot) in order.enumerated() { ranks[Int(slot)] = Int32(rank) }
    return ranks
  }

  /// Calls `body` with the stored texts of a slot, for writing a row that copies the entry.
  package func withTexts<R>(
    _ slot: Int,
    _ body: (
      _ kind: UnsafeRawBufferPointer, _ category: UnsafeRawBufferPointer,
      _ description: UnsafeRawBufferPointer, _ extra: UnsafeRawBufferPointer?,
      _ keyOrder: UnsafeRawBufferPointer?, _ orderKey: UnsafeRawBufferPointer
    ) throws -> R
  ) rethrows -> R {
    let base = slot * Field.allCases.count
    return try kinds.strings.withBytes(slot) { kind in
      try texts.withStorage { stored in
        try body(
          kind, stored[base + Field.category.rawValue], stored[base + Field.description.rawValue],
          nulls[slot] & 1 != 0 ? nil : stored[base + Field.extra.rawValue],
          nulls[slot] & 2 != 0 ? nil : stored[base + Field.keyOrder.rawValue],
          stored[base + Field.orderKey.rawValue])
      }
    }
  }
}

/// The head state of one component, with its payload's id instead of its text.
package struct HeadEntry: Sendable, Hashable {
  package var componentID: Int64
  package var kind: String
  package var category: String
  package var description: String
  package var payloadID: Int64
  package var extra: String?
  package var keyOrder: String?
  package var orderKey: String

  package init(
    componentID: Int64, kind: String, category: String, description: String, payloadID: Int64,
    extra: String?, keyOrder: String?, orderKey: String
  ) {
    self.componentID = componentID
    self.kind = kind
    self.category = category
    self.description = description
    self.payloadID = payloadID
    self.extra = extra
    self.keyOrder = keyOrder
    self.orderKey = orderKey
  }
}

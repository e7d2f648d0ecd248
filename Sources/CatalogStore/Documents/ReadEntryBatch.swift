import CatalogStorage
import Components

/// Entries that ``DocumentReadAhead``'s thread read, in the form ``ChangePlanner`` takes
/// them: each entry's texts, its `extra` and `key_order` columns already made, in one
/// ``ByteStrings`` buffer, so that a batch costs a few allocations however many entries it
/// holds, and is reused once the caller is done with it.
///
/// A value, not an object: its arrays are appended to once per entry, and a class's stored
/// properties would pay a dynamic exclusivity check for each append. It moves between the
/// threads whole (``DocumentReadAhead``'s queue), held by one of them at a time.
struct ReadEntryBatch {
  /// The texts of each entry, in this order, at ids `entry * fieldCount + field`.
  private enum Field: Int, CaseIterable {
    case kind, category, description, payload
  }

  private var texts = ByteStrings()
  /// The `extra` and `key_order` columns of the entries that have either (extra members, or
  /// members in an order of their own: rare), by entry, each at two ids of `unusualTexts`.
  /// Held beside the four texts every entry has, so that a usual entry is four appends, not
  /// six (two of them empty): the reading thread's copy of each entry into its batch was a
  /// seventh of its time in a re-import.
  private var unusual: [Int: Int] = [:]
  private var unusualTexts = ByteStrings()
  /// Bit 0: no `extra` column (NULL); bit 1: no `key_order` column; bit 2: the entry has a
  /// `"deprecated"` member.
  private var flags: [UInt8] = []
  private var knownKinds: [RawCatalogEntry.KnownKindMatch] = []
  private var positions: [SourcePosition] = []
  /// Each payload's SHA-256, 32 bytes per entry, computed by the reading thread as it
  /// appends the entry (the text is in its cache then), so that the caller's comparison
  /// with head's stored digest costs it no hashing.
  private var payloadDigests: [UInt8] = []
  /// The document's bytes read when the batch's last entry was.
  var bytesConsumed = 0

  /// An empty batch.
  init() {}

  /// An empty batch with room for `count` entries whose texts take `textBytes` bytes: a
  /// batch grown by doubling from nothing copied its texts several times and touched twice
  /// their memory, on the reading thread (docs/maintainers/benchmark-rounds.md, round six).
  init(room count: Int, textBytes: Int) {
    texts.reserveCapacity(strings: count * Field.allCases.count, bytes: textBytes)
    flags.reserveCapacity(count)
    knownKinds.reserveCapacity(count)
    positions.reserveCapacity(count)
    payloadDigests.reserveCapacity(count * SHA256Digest.byteCount)
  }

  /// The number of entries.
  var count: Int { flags.count }

  /// The bytes of the entries' texts.
  var textByteCount: Int { texts.byteCount }

  /// About the bytes the batch holds, for the read-ahead's bound: the texts, and a
  /// generous 64 for each entry's offsets, flags, kind match and position.
  var byteCount: Int { texts.byteCount + unusualTexts.byteCount + count * 64 }

  /// Appends a copy of the entry the document reader left in `raw`, with its payload's
  /// SHA-256 computed by `hasher`.
  ///
  /// - Throws: ``CatalogError/internalError(_:)`` when libcrypto fails (it could not
  ///   allocate); nothing is appended.
  mutating func append(_ raw: borrowing RawCatalogEntry, hasher: SHA256) throws {
    let size = SHA256Digest.byteCount
    let end = payloadDigests.count
    payloadDigests.append(contentsOf: repeatElement(0, count: size))
    do {
      try payloadDigests.withUnsafeMutableBytes { digests in
        try raw.payload.withUnsafeBytes { payload in
          try hasher.digest(
            of: payload, into: UnsafeMutableRawBufferPointer(rebasing: digests[end..<end + size]))
        }
      }
    } catch {
      payloadDigests.removeLast(size)
      throw CatalogError.internalError("libcrypto could not compute a payload's SHA-256")
    }
    var flag: UInt8 = 1 | 2
    if !raw.extraMembers.isEmpty || !raw.hasStandardOrder {
      let extra = EntryCodec.extraColumn(raw.extraMembers)
      let keyOrder = EntryCodec.keyOrderColumn(raw.memberOrder)
      unusual[count] = unusualTexts.append(extra ?? [])
      unusualTexts.append(keyOrder ?? [])
      let saysDeprecated = raw.extraMembers.contains { $0.key == "deprecated" }
      flag = (extra == nil ? 1 : 0) | (keyOrder == nil ? 2 : 0) | (saysDeprecated ? 4 : 0)
    }
    texts.append(raw.kind)
    texts.append(raw.category)
    texts.append(raw.description)
    texts.append(raw.payload)
    flags.append(flag)
    knownKinds.append(raw.knownKind)
    positions.append(raw.position)
  }

  /// Sets what was found of entry `entry`'s kind among head's kinds, once known.
  mutating func setKnownKind(_ match: RawCatalogEntry.KnownKindMatch, of entry: Int) {
    knownKinds[entry] = match
  }

  /// Empties the batch, keeping its storage.
  mutating func removeAll() {
    texts.removeAll()
    if !unusual.isEmpty {
      unusual.removeAll()
      unusualTexts.removeAll()
    }
    flags.removeAll(keepingCapacity: true)
    knownKinds.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    payloadDigests.removeAll(keepingCapacity: true)
    bytesConsumed = 0
  }

  /// Calls `body` with entry `entry`'s texts, valid only during the call.
  func withEntry<R>(_ entry: Int, _ body: (ReadEntry) throws -> R) rethrows -> R {
    let base = entry * Field.allCases.count
    let flag = flags[entry]
    let size = SHA256Digest.byteCount
    return try texts.withStorage { stored in
      try unusualTexts.withStorage { unusualStored in
        try payloadDigests.withUnsafeBytes { digests in
          let columns = unusual.isEmpty ? nil : unusual[entry]
          return try body(
            ReadEntry(
              kind: stored[base + Field.kind.rawValue],
              category: stored[base + Field.category.rawValue],
              description: stored[base + Field.description.rawValue],
              payload: stored[base + Field.payload.rawValue],
              extra: flag & 1 != 0 ? nil : columns.map { unusualStored[$0] },
              keyOrder: flag & 2 != 0 ? nil : columns.map { unusualStored[$0 + 1] },
              saysDeprecated: flag & 4 != 0, position: positions[entry],
              knownKind: knownKinds[entry],
              payloadDigest: UnsafeRawBufferPointer(
                rebasing: digests[entry * size..<(entry + 1) * size])))
        }
      }
    }
  }
}

/// One entry of a ``ReadEntryBatch``, its texts borrowed from the batch.
struct ReadEntry {
  var kind: UnsafeRawBufferPointer
  var category: UnsafeRawBufferPointer
  var description: UnsafeRawBufferPointer
  /// The payload's canonical compact text.
  var payload: UnsafeRawBufferPointer
  /// The `extra` and `key_order` columns (``EntryCodec``), nil for NULL.
  var extra: UnsafeRawBufferPointer?
  var keyOrder: UnsafeRawBufferPointer?
  /// Whether the entry has a `"deprecated"` member.
  var saysDeprecated: Bool
  var position: SourcePosition
  var knownKind: RawCatalogEntry.KnownKindMatch
  /// The SHA-256 of ``payload``, 32 bytes.
  var payloadDigest: UnsafeRawBufferPointer
}

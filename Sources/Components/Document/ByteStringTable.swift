/// A set of distinct byte strings, each with a dense id (0, 1, 2, … in insertion order),
/// compact: the strings live in one ``ByteStrings`` buffer and the hash table is an array of
/// 64-bit slots (a hash and an id), so a table of 100,000 kinds takes about 4 MB instead of the 10 MB a
/// `[String: Int]` takes.
///
/// Hashing is seeded randomly per process, so crafted input cannot force collisions.
package struct ByteStringTable: Sendable {
  package private(set) var strings = ByteStrings()
  /// Open addressing with linear probing. A slot holds 0 when empty, else the low 32 bits of
  /// its string's hash in its high half and the string's id + 1 in its low half, so that a
  /// probe compares strings only when their hashes agree (a probe that had to read the
  /// string of every occupied slot it met was most of the table's cost), and growing needs
  /// no string. The size is a power of two, at least twice the count, at most 2^32.
  private var slots: [UInt64]
  /// The process's seed (``processSeed``), copied into each table: a `static let` is a
  /// `swift_once` check per access, two per kind read.
  private let seed = Self.processSeed

  package init(capacity: Int = 0) {
    var size = 16
    while size < 2 * capacity { size *= 2 }
    slots = [UInt64](repeating: 0, count: size)
  }

  /// The number of strings.
  package var count: Int { strings.count }

  /// How many strings the table holds without growing (for tests).
  package var capacity: Int { slots.count / 2 }

  /// The id of `string`, if present.
  package func id(of string: UnsafeRawBufferPointer) -> Int? {
    let hash = Self.hash(string, seed: seed)
    return slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var slot = Int(hash) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if UInt32(truncatingIfNeeded: entry >> 32) == hash {
          let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
          if strings.equals(id, string) { return id }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The id of `string`, if present.
  package func id(of string: String) -> Int? {
    var string = string
    return string.withUTF8 { id(of: UnsafeRawBufferPointer($0)) }
  }

  /// Hints that `string` will be looked up or inserted soon: starts loading the slot its
  /// probe begins at (``MemoryPrefetch``), so that the cache miss, most of a lookup's time in
  /// a large table, overlaps whatever the caller does before. Changes nothing. (Mutating
  /// only so that a caller's call needs no copy of the table: a retain and release per
  /// call.)
  package mutating func prefetch(_ string: UnsafeRawBufferPointer) {
    let hash = Self.hash(string, seed: seed)
    slots.withUnsafeBufferPointer { slots in
      guard let base = slots.baseAddress else { return }
      MemoryPrefetch.read(base + (Int(hash) & (slots.count - 1)))
    }
  }

  /// Inserts `string` unless present; returns whether it was inserted and its id.
  @discardableResult
  package mutating func insert(_ string: UnsafeRawBufferPointer) -> (inserted: Bool, id: Int) {
    if 2 * (count + 1) > slots.count { grow() }
    let hash = Self.hash(string, seed: seed)
    let found: (slot: Int, id: Int?) = slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var slot = Int(hash) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return (slot, nil) }
        if UInt32(truncatingIfNeeded: entry >> 32) == hash {
          let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
          if strings.equals(id, string) { return (slot, id) }
        }
        slot = (slot + 1) & mask
      }
    }
    if let id = found.id { return (false, id) }
    precondition(count < Int(Int32.max), "ByteStringTable holds at most 2^31 strings")
    let id = strings.append(string)
    slots[found.slot] = UInt64(hash) << 32 | UInt64(id + 1)
    return (true, id)
  }

  /// Inserts `string` unless present; returns whether it was inserted and its id.
  @discardableResult
  package mutating func insert(_ string: String) -> (inserted: Bool, id: Int) {
    var string = string
    return string.withUTF8 { insert(UnsafeRawBufferPointer($0)) }
  }

  /// String `id`.
  package func string(_ id: Int) -> String { strings.string(id) }

  /// Makes room for `count` strings in all without growing again (the slots: the strings'
  /// bytes are ``ByteStrings/reserveCapacity(strings:bytes:)``'s).
  package mutating func reserveCapacity(_ count: Int) {
    var size = slots.count
    while size < 2 * count { size *= 2 }
    if size > slots.count { rehash(size: size) }
  }

  /// Reserves room for `count` strings of `bytes` bytes in all in ``strings``.
  package mutating func reserveStringCapacity(strings count: Int, bytes: Int) {
    strings.reserveCapacity(strings: count, bytes: bytes)
  }

  private mutating func grow() {
    rehash(size: slots.count * 2)
  }

  private mutating func rehash(size: Int) {
    var larger = [UInt64](repeating: 0, count: size)
    let mask = larger.count - 1
    for entry in slots where entry != 0 {
      var slot = Int(entry >> 32) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = entry
    }
    slots = larger
  }

  /// A hash of the bytes, eight at a time, seeded once per process so that input cannot be
  /// crafted to collide. Kinds are short; Swift's `Hasher` (SipHash) cost more than the
  /// lookup itself here.
  private static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt32 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = seed ^ UInt64(bytes.count) &* multiplier
    var i = 0
    let count = bytes.count
    while i + 8 <= count {
      // An unaligned load of eight of the bytes (i + 8 <= count).
      let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      hash = (hash ^ word) &* multiplier
      hash ^= hash >> 29
      i += 8
    }
    if i < count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while i < count {
        word |= UInt64(bytes[i]) << shift
        shift += 8
        i += 1
      }
      hash = (hash ^ word) &* multiplier
      hash ^= hash >> 29
    }
    hash = (hash ^ (hash >> 32)) &* 0xD6E8_FEB8_6659_FD93
    hash ^= hash >> 32
    return UInt32(truncatingIfNeeded: hash)
  }

  private static let processSeed: UInt64 = .random(in: .min ... .max)
}

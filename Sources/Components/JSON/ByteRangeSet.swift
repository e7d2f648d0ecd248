/// A set of byte strings held as ranges of a buffer owned by someone else: the keys of a large
/// object while the transcoder writes it, for finding a duplicate in constant time.
///
/// It keeps offsets, not slices: a slice of the output array would share its storage, and
/// every later append to the output would then copy the whole output (memory quadratic in
/// the number of keys). Lookups hash the bytes with the process-seeded `Hasher`, so a
/// document cannot be built to collide, and a hash match is confirmed by comparing bytes.
struct ByteRangeSet {
  /// Open addressing: each slot is 0 (empty) or 1 + an index into `ranges`.
  private var slots: [Int32] = []
  private var ranges: [Range<Int>] = []

  init() {}

  var count: Int { ranges.count }

  /// Adds `range` (of `bytes`) unless an equal byte string is already in the set.
  ///
  /// - Returns: `false` when an equal byte string was already there.
  mutating func insert(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if (ranges.count + 1) * 2 > slots.count { grow(bytes) }
    let key = UnsafeBufferPointer(rebasing: bytes[range])
    let mask = slots.count - 1
    var slot = Self.hash(key) & mask
    while slots[slot] != 0 {
      let other = ranges[Int(slots[slot]) - 1]
      if other.count == range.count && key.elementsEqual(bytes[other]) { return false }
      slot = (slot + 1) & mask
    }
    ranges.append(range)
    slots[slot] = Int32(ranges.count)
    return true
  }

  private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
    let capacity = max(64, slots.count * 2)
    slots = [Int32](repeating: 0, count: capacity)
    let mask = capacity - 1
    for (i, range) in ranges.enumerated() {
      var slot = Self.hash(UnsafeBufferPointer(rebasing: bytes[range])) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(i + 1)
    }
  }

  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return hasher.finalize()
  }
}

/// The first payload a write stored with each hash: an open-addressing table of 64-bit
/// hashes to payload ids.
///
/// A first import of 100,000 entries looks up and inserts every payload's hash once; a
/// `Dictionary<Int64, Int64>` spent about 4% of the writer thread in SipHash of keys that
/// are already hashes and in growing its storage. Here a key's slot is its Fibonacci hash
/// (the top bits of key × 2⁶⁴/φ) and collisions probe the next slots; the table doubles at
/// half full, so probes stay short and the memory is 32 bytes per payload at most.
struct PayloadIDsByHash {
  private var keys: [Int64]
  /// The payload id in each slot; 0 for an empty slot (payload ids start at 1).
  private var ids: [Int64]
  private var shift: UInt64
  private(set) var count = 0

  init() {
    keys = [Int64](repeating: 0, count: 16)
    ids = [Int64](repeating: 0, count: 16)
    shift = 64 - 4
  }

  /// The id stored for `hash`, if any.
  subscript(hash: Int64) -> Int64? {
    var slot = self.slot(hash)
    let mask = ids.count - 1
    while ids[slot] != 0 {
      if keys[slot] == hash { return ids[slot] }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Stores `id` for `hash` unless an id is stored for it already.
  ///
  /// - Precondition: `id > 0`.
  mutating func insertIfAbsent(_ hash: Int64, id: Int64) {
    precondition(id > 0, "payload ids start at 1")
    if 2 * (count + 1) > ids.count { grow() }
    var slot = self.slot(hash)
    let mask = ids.count - 1
    while ids[slot] != 0 {
      if keys[slot] == hash { return }
      slot = (slot + 1) & mask
    }
    keys[slot] = hash
    ids[slot] = id
    count += 1
  }

  private func slot(_ hash: Int64) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldIDs = ids
    keys = [Int64](repeating: 0, count: 2 * oldIDs.count)
    ids = [Int64](repeating: 0, count: 2 * oldIDs.count)
    shift -= 1
    count = 0
    for slot in oldIDs.indices where oldIDs[slot] != 0 {
      insertIfAbsent(oldKeys[slot], id: oldIDs[slot])
    }
  }
}

/// The payloads one write stored, by hash: the first payload id stored with each hash, in a
/// compact table that also keeps them as `payload_hash` rows in the order they were met.
///
/// A first import of 100,000 entries stores 100,000 payloads; as a `[Int64: Int64]` they
/// took 4 MiB (6 MiB while it grew), and the first import kept every row once more for
/// `payload_hash` (``SQLiteContext/insertDeferredPayloadHashes()``). Here a payload costs
/// its 16-byte row and a 4-byte slot or two: under 3 MiB at 100,000, both uses in one. The
/// rows are kept in chunks of ``chunkSize``, never copied while they grow: one growing array
/// held its old and its new storage at once (4.7 MB at 100,000 rows, the import's peak).
///
/// The rows are only a hash's *first* payload: two payloads of one hash are told apart by
/// their bytes in ``SQLiteContext/internPayload(bytes:hash:)``, never here.
struct StoredPayloads {
  /// Rows per chunk (64 KiB).
  static let chunkSize = 4096
  /// The first payload of each hash met, in the order met: row `n` is
  /// `chunks[n / chunkSize][n % chunkSize]`.
  private var chunks: [[PayloadHashRow]] = []
  private(set) var count = 0
  /// Open addressing with linear probing: 0 for an empty slot, else the position of a row
  /// + 1. The size is a power of two, at least twice the rows (or 0 when empty).
  private var slots: [UInt32] = []

  private func row(_ position: Int) -> PayloadHashRow {
    chunks[position / Self.chunkSize][position % Self.chunkSize]
  }

  /// The id of the first payload stored with `hash`.
  subscript(hash: Int64) -> Int64? {
    guard !slots.isEmpty else { return nil }
    return slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var slot = Self.slot(of: hash) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        let found = row(Int(entry) - 1)
        if found.hash == hash { return found.id }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Reads the slot each of `hashes` would start probing at, one after another in a tight
  /// loop, so that the lookups of a batch that follow find them in the processor's cache.
  ///
  /// At 1,000,000 payloads the slots take 8 MiB or more and each lookup waited for memory
  /// in turn (a tenth of the writer thread's time, and what made a first import's time per
  /// entry grow with the catalog); reads that do not depend on each other are waited for
  /// together.
  mutating func touch(_ hashes: [Int64]) {
    guard !slots.isEmpty else { return }
    var sum: UInt32 = 0
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      for hash in hashes { sum &+= slots[Self.slot(of: hash) & mask] }
    }
    // Kept, so that the reads are not optimized away.
    touched &+= sum
  }

  private var touched: UInt32 = 0

  /// Records payload `id` as the first of `hash`, unless a payload of that hash is recorded.
  mutating func insertFirst(hash: Int64, id: Int64) {
    if 2 * (count + 1) > slots.count { grow() }
    let mask = slots.count - 1
    var slot = Self.slot(of: hash) & mask
    while slots[slot] != 0 {
      if row(Int(slots[slot]) - 1).hash == hash { return }
      slot = (slot + 1) & mask
    }
    precondition(count < Int(UInt32.max), "StoredPayloads holds at most 2^32 - 1 rows")
    if count % Self.chunkSize == 0 {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
    }
    chunks[chunks.count - 1].append(PayloadHashRow(hash: hash, id: id))
    count += 1
    slots[slot] = UInt32(count)
  }

  /// The rows from the `start`-th on, in one array.
  func rows(from start: Int) -> [PayloadHashRow] {
    var rows: [PayloadHashRow] = []
    rows.reserveCapacity(max(0, count - start))
    for position in start..<max(start, count) { rows.append(row(position)) }
    return rows
  }

  /// The rows from the `start`-th on, in one array; the table is emptied (its slots before
  /// the array is made).
  mutating func takeRows(from start: Int) -> [PayloadHashRow] {
    slots = []
    var rows: [PayloadHashRow] = []
    rows.reserveCapacity(max(0, count - start))
    for n in chunks.indices {
      let first = n * Self.chunkSize
      if first + chunks[n].count > start {
        rows.append(contentsOf: chunks[n][max(0, start - first)...])
      }
      // Each chunk goes as soon as it is copied.
      chunks[n] = []
    }
    self = StoredPayloads()
    return rows
  }

  private mutating func grow() {
    var larger = [UInt32](repeating: 0, count: max(16, slots.count * 2))
    let mask = larger.count - 1
    for position in 0..<count {
      var slot = Self.slot(of: row(position).hash) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = UInt32(position + 1)
    }
    slots = larger
  }

  /// Where `hash` starts probing: the payload hash (FNV-1a, unseeded, so input could be made
  /// to agree in its low bits) mixed with a seed chosen once per process.
  private static func slot(of hash: Int64) -> Int {
    var mixed = (UInt64(bitPattern: hash) ^ seed) &* 0x9E37_79B9_7F4A_7C15
    mixed ^= mixed >> 29
    mixed = mixed &* 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed >> 32
    return Int(truncatingIfNeeded: mixed)
  }

  private static let seed: UInt64 = .random(in: .min ... .max)
}

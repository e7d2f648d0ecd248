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
  subscript(hash: Int64) -> Int64? { probe(hash).id }

  /// Where `hash` stands in the table: the id of the first payload stored with it, or the
  /// empty slot where ``insertFirst(hash:id:at:)`` puts it, so that a payload met for the
  /// first time costs one probe, not a lookup and then another for the insert.
  struct Probe {
    /// The id of the first payload stored with the hash; nil when none is.
    let id: Int64?
    /// The empty slot the probe ended at, valid while the table has `slotCount` slots.
    fileprivate let slot: Int
    fileprivate let slotCount: Int
  }

  /// Looks `hash` up (see ``Probe``).
  func probe(_ hash: Int64) -> Probe {
    guard !slots.isEmpty else { return Probe(id: nil, slot: 0, slotCount: 0) }
    return slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var slot = Self.slot(of: hash) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return Probe(id: nil, slot: slot, slotCount: slots.count) }
        let found = row(Int(entry) - 1)
        if found.hash == hash { return Probe(id: found.id, slot: slot, slotCount: slots.count) }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Reads the slots (and the rows they point to) that probes of `hashes` will read, all
  /// at once: each read of the table is a cache miss at a random place, and reads that do
  /// not wait for one another overlap, where a probe per payload, each waiting for its
  /// row's insert, takes them one after the other. A first import's writer warms the table
  /// for a batch's hashes before interning its payloads. Changes nothing the table holds.
  mutating func warm(for hashes: UnsafeBufferPointer<Int64>) {
    guard !slots.isEmpty else { return }
    var seen: UInt64 = 0
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      for hash in hashes {
        let entry = slots[Self.slot(of: hash) & mask]
        if entry != 0 { seen ^= UInt64(bitPattern: row(Int(entry) - 1).hash) }
      }
    }
    // Kept, so that the reads are not optimized away.
    warmth ^= seen
  }

  /// What ``warm(for:)`` read, folded: only so that its reads happen.
  private var warmth: UInt64 = 0

  /// Records payload `id` as the first of `hash`, unless a payload of that hash is recorded.
  mutating func insertFirst(hash: Int64, id: Int64) {
    insertFirst(hash: hash, id: id, at: probe(hash))
  }

  /// Records payload `id` as the first of `hash`, at the slot `probed` (a probe of `hash` with
  /// nothing inserted since) found empty; nothing when it found a payload of that hash.
  mutating func insertFirst(hash: Int64, id: Int64, at probed: Probe) {
    guard probed.id == nil else { return }
    var slot = probed.slot
    if 2 * (count + 1) > slots.count {
      grow()
      let mask = slots.count - 1
      slot = Self.slot(of: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
    } else {
      precondition(probed.slotCount == slots.count && slots[slot] == 0, "a stale probe")
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

import Components
import Foundation

/// `kind_version` rows held in memory: a first import's, kept until its last entry is in
/// and then inserted in the table's key order (see Migrations/sqlite/0006).
///
/// The kinds sit in one ``ByteStrings`` buffer: about 21 bytes a row for a 17-byte kind. A
/// first import's rows share one revision and number their components consecutively, so
/// the ids take no room per row until a row breaks either pattern (another write's rows),
/// and then an array of each.
struct KindRows {
  private(set) var kinds = ByteStrings()
  /// Every row's revision, or empty while all are ``commonRevision``.
  private var revisionList: [Int64] = []
  private var commonRevision: Int64 = 0
  /// Every row's component, or empty while row `i`'s is ``firstComponent`` + i.
  private var componentList: [Int64] = []
  private var firstComponent: Int64 = 0

  var count: Int { kinds.count }

  init() {}

  /// The rows of a first import's entry versions: `kinds`' string `i` is the kind of
  /// component `firstComponent + i`, all of `revision`. The kinds are shared, not copied.
  init(kinds: ByteStrings, revision: Int64, firstComponent: Int64) {
    self.kinds = kinds
    commonRevision = revision
    self.firstComponent = firstComponent
  }

  func revision(_ row: Int) -> Int64 { revisionList.isEmpty ? commonRevision : revisionList[row] }

  func component(_ row: Int) -> Int64 {
    componentList.isEmpty ? firstComponent + Int64(row) : componentList[row]
  }

  mutating func append(kind: UnsafeRawBufferPointer, revision: Int64, component: Int64) {
    let row = count
    if row == 0 {
      commonRevision = revision
      firstComponent = component
    } else {
      if revisionList.isEmpty && revision != commonRevision {
        revisionList = [Int64](repeating: commonRevision, count: row)
      }
      if !revisionList.isEmpty { revisionList.append(revision) }
      if componentList.isEmpty && component != firstComponent + Int64(row) {
        componentList = (0..<row).map { firstComponent + Int64($0) }
      }
      if !componentList.isEmpty { componentList.append(component) }
    }
    kinds.append(kind)
  }

  /// The rows' indexes in the table's key order: kind (bytes, a shorter prefix first), then
  /// revision id, then component id.
  ///
  /// A radix sort by eight bytes of the kinds at a time, most significant first: all rows by
  /// their first eight bytes (big-endian, so that the integers order as the bytes do), then
  /// each run of rows that agree in them by the next eight, and so on, until a run is short
  /// (a comparison sort of it) or none of its kinds has bytes left. Kinds share long prefixes
  /// (`preview-…`: a generated catalog of 1,000,000 has 24,000 rows with the same first eight
  /// bytes), and a comparison sort of such runs, reading kinds scattered over the buffer, was
  /// what made a first import's time per entry grow with the catalog. Kinds shorter than a
  /// level's eight bytes are padded with zeros, so rows equal so far may differ in length;
  /// each level first moves the rows whose kinds end by its offset to the front of the run
  /// (their kinds are prefixes of the others', and of each other's by length), ordered by
  /// length, revision and component, so a kind that ends in a zero byte still sorts
  /// correctly and a row leaves the sort when its kind ends.
  ///
  /// Before a run is sorted by its next eight bytes, the bytes that all of its kinds share
  /// from there are skipped in whole levels (eight bytes each, so the levels stay aligned):
  /// ``sharedLength(of:in:from:)``. Without that, a run whose kinds share 2,000 bytes went
  /// down 250 levels, each reading and radix-sorting the whole run. Each row's bytes are
  /// read a bounded number of times, so the sort is linear in the kinds' bytes.
  func sortedOrder() -> [Int32] {
    var order = (0..<count).map { Int32($0) }
    guard count > 1 else { return order }
    kinds.withStorage { stored in
      func kindPrecedes(_ a32: Int32, _ b32: Int32) -> Bool {
        let (a, b) = (Int(a32), Int(b32))
        let (left, right) = (stored[a], stored[b])
        let common = min(left.count, right.count)
        if common > 0, let l = left.baseAddress, let r = right.baseAddress {
          let compared = memcmp(l, r, common)
          if compared != 0 { return compared < 0 }
        }
        if left.count != right.count { return left.count < right.count }
        return (revision(a), component(a)) < (revision(b), component(b))
      }
      var keys: [(chunk: UInt64, row: Int32)] = []
      var runs: [(start: Int, end: Int, offset: Int)] = [(0, count, 0)]
      while let (start, end, runOffset) = runs.popLast() {
        // Indexes, not a slice of `order`: a slice alive while `order` changes would copy it.
        guard end - start > Self.comparisonSortLimit else {
          order[start..<end].sort(by: kindPrecedes)
          continue
        }
        // The rows agree in (zero-padded) bytes ..< runOffset: a kind that ends by then is
        // a prefix of every longer kind of the run, and equal to one as long. In place, so
        // the sort needs no more memory than its keys (the order within a run is decided
        // by the levels below, not kept).
        var liveStart = start
        for position in start..<end where stored[Int(order[position])].count <= runOffset {
          order.swapAt(liveStart, position)
          liveStart += 1
        }
        if liveStart - start > 1 {
          order[start..<liveStart].sort { a32, b32 in
            let (a, b) = (Int(a32), Int(b32))
            return (stored[a].count, revision(a), component(a))
              < (stored[b].count, revision(b), component(b))
          }
        }
        guard end - liveStart > Self.comparisonSortLimit else {
          if end - liveStart > 1 { order[liveStart..<end].sort(by: kindPrecedes) }
          continue
        }
        let shared = Self.sharedLength(of: order[liveStart..<end], in: stored, from: runOffset)
        let offset = runOffset + shared / 8 * 8
        keys.removeAll(keepingCapacity: true)
        for position in liveStart..<end {
          let row = order[position]
          keys.append((Self.chunk(of: stored[Int(row)], at: offset), row))
        }
        keys.radixSort { $0.chunk }
        var first = 0
        while first < keys.count {
          order[liveStart + first] = keys[first].row
          var next = first + 1
          while next < keys.count && keys[next].chunk == keys[first].chunk {
            order[liveStart + next] = keys[next].row
            next += 1
          }
          if next - first > 1 { runs.append((liveStart + first, liveStart + next, offset + 8)) }
          first = next
        }
      }
    }
    return order
  }

  /// How many bytes from `offset` on ``sortedOrder()`` can pass over for `rows` (a run
  /// longer than `offset`, agreeing before it) without changing their order: how many all
  /// of the kinds share with the longest, a kind that ends on the way agreeing with it
  /// counting as no difference. Such a kind is a prefix of the longest and of every kind
  /// that shares more with it, so it sorts first however far the sort passes: a level
  /// compares its end as zeros, the lowest byte, and the next moves it to the front.
  ///
  /// Each kind is compared with the longest in windows that double (8, 16, 32, … bytes)
  /// until one holds a difference, so a kind's bytes read are at most about twice the
  /// length passed over plus eight; a kind that has ended costs a check per window, and the
  /// windows are at most about log2 of the longest kind.
  static func sharedLength(
    of rows: ArraySlice<Int32>, in stored: ByteStrings.Storage, from offset: Int
  ) -> Int {
    guard var longest = rows.first else { return 0 }
    for row in rows where stored[Int(row)].count > stored[Int(longest)].count { longest = row }
    let reference = stored[Int(longest)]
    let bound = reference.count - offset
    var common = 0
    var window = 8
    while common < bound {
      let limit = min(common + window, bound)
      var agreed = limit
      for row in rows where row != longest {
        let kind = stored[Int(row)]
        let compared = min(kind.count - offset, limit)
        // A kind that ended in an earlier window agreed to its end: no difference.
        guard compared > common else { continue }
        let same =
          common
          + commonPrefixLength(kind, reference, from: offset + common, count: compared - common)
        if same < compared { agreed = min(agreed, same) }
        // No kind can agree on less than what all agreed on before this window: the rest
        // of the run cannot change the answer (most runs differ in their first bytes).
        if agreed == common { break }
      }
      common = agreed
      if agreed < limit { break }
      window *= 2
    }
    return common
  }

  /// How many of bytes `start ..< start + count` are the same in `a` and `b` before the
  /// first that differs: eight bytes compared at a time.
  static func commonPrefixLength(
    _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, from start: Int, count: Int
  ) -> Int {
    var index = 0
    while index + 8 <= count {
      let difference =
        a.loadUnaligned(fromByteOffset: start + index, as: UInt64.self)
        ^ b.loadUnaligned(fromByteOffset: start + index, as: UInt64.self)
      if difference != 0 {
        // The byte at the lowest address is the least significant of a little-endian load.
        return index + UInt64(littleEndian: difference).trailingZeroBitCount / 8
      }
      index += 8
    }
    while index < count && a[start + index] == b[start + index] { index += 1 }
    return index
  }

  /// Bytes `offset ..< offset + 8` of `kind` as a big-endian integer (so that the integers
  /// order as the bytes do), zeros past its end: one unaligned load when the kind has all
  /// eight, byte by byte otherwise.
  static func chunk(of kind: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    if kind.count >= offset + 8 {
      return UInt64(bigEndian: kind.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    var chunk: UInt64 = 0
    for i in offset..<offset + 8 {
      chunk = chunk << 8 | UInt64(i < kind.count ? kind[i] : 0)
    }
    return chunk
  }

  /// Runs of at most this many rows are sorted by comparing kinds.
  static let comparisonSortLimit = 32

  /// Calls `body` with row `index`'s kind, valid only during the call.
  func withKind<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try kinds.withBytes(index, body)
  }
}

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
  /// what made a first import's time per entry grow with the catalog. Each row's bytes are
  /// read at most once per level, so the sort is linear in the kinds' bytes. Kinds shorter
  /// than a level's eight bytes are padded with zeros, and rows equal so far are finally
  /// decided by the whole comparison, so a kind that ends in a zero byte still sorts
  /// correctly.
  func sortedOrder() -> [Int32] {
    var order = (0..<count).map { Int32($0) }
    guard count > 1 else { return order }
    kinds.withStorage { stored in
      var keys: [(chunk: UInt64, row: Int32)] = []
      var runs: [(start: Int, end: Int, offset: Int)] = [(0, count, 0)]
      while let (start, end, offset) = runs.popLast() {
        // Indexes, not a slice of `order`: a slice alive while `order` changes would copy it.
        guard end - start > Self.comparisonSortLimit,
          (start..<end).contains(where: { stored[Int(order[$0])].count > offset })
        else {
          order[start..<end].sort { a32, b32 in
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
          continue
        }
        keys.removeAll(keepingCapacity: true)
        for position in start..<end {
          let row = order[position]
          keys.append((Self.chunk(of: stored[Int(row)], at: offset), row))
        }
        keys.radixSort { $0.chunk }
        var first = 0
        while first < keys.count {
          order[start + first] = keys[first].row
          var next = first + 1
          while next < keys.count && keys[next].chunk == keys[first].chunk {
            order[start + next] = keys[next].row
            next += 1
          }
          if next - first > 1 { runs.append((start + first, start + next, offset + 8)) }
          first = next
        }
      }
    }
    return order
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

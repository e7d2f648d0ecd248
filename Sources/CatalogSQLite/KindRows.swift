import CSQLite
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
  /// A radix sort of each kind's first eight bytes (big-endian, so that the integers order
  /// as the bytes do), then a comparison sort of each run of rows whose first eight bytes
  /// agree: the runs are short (a hundred 17-byte kinds share their first eight bytes on
  /// average in a generated catalog), so this is about a tenth of a comparison sort of the
  /// whole. Kinds shorter than eight bytes are padded with zeros, and a tie is decided by
  /// the whole comparison, so a kind that ends in a zero byte still sorts correctly.
  func sortedOrder() -> [Int32] {
    guard count > 1 else { return (0..<count).map { Int32($0) } }
    return kinds.withStorage { stored in
      var keys = (0..<count).map { row -> (prefix: UInt64, row: Int32) in
        let kind = stored[row]
        var prefix: UInt64 = 0
        for i in 0..<8 {
          prefix = prefix << 8 | UInt64(i < kind.count ? kind[i] : 0)
        }
        return (prefix, Int32(row))
      }
      keys.radixSort { $0.prefix }
      var order = keys.map(\.row)
      var start = 0
      while start < keys.count {
        var end = start + 1
        while end < keys.count && keys[end].prefix == keys[start].prefix { end += 1 }
        if end - start > 1 {
          // The run's kinds are scattered over the buffer: asked for all at once, their
          // cache misses overlap instead of coming one comparison at a time.
          for row in order[start..<end] {
            if let bytes = stored[Int(row)].baseAddress { csqlite_prefetch(bytes) }
          }
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
        }
        start = end
      }
      return order
    }
  }

  /// Calls `body` with row `index`'s kind, valid only during the call.
  func withKind<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try kinds.withBytes(index, body)
  }
}

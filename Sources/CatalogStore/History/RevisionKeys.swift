import CatalogStorage
import Components

/// The rows in force at a revision by their keys alone: each entry's component, the revision
/// that wrote its row, and its kind, with the entries' export order. What a diff of two
/// revisions compares before it reads a payload (``Catalog/diff(from:to:in:)``): a component
/// whose row in force is the same row at both revisions is the same entry, byte for byte.
struct RevisionKeys {
  /// Entry `k` as read (in no particular order): its component, its row's revision, its kind.
  private(set) var components: [Int64] = []
  private(set) var revisions: [Int64] = []
  private(set) var kinds = ByteStrings()
  /// Export order (ascending position by bytes, then component id) as indices `k`.
  private(set) var order: [Int] = []

  var count: Int { order.count }

  /// The indices `k` in ascending component order: the order read, or its reverse (SQLite
  /// reads newest component first), else sorted.
  func inComponentOrder() -> [Int] {
    let ids = components
    if ids.indices.dropFirst().allSatisfy({ ids[$0 - 1] < ids[$0] }) { return Array(ids.indices) }
    if ids.indices.dropFirst().allSatisfy({ ids[$0 - 1] > ids[$0] }) {
      return Array(ids.indices.reversed())
    }
    return ids.indices.sorted { ids[$0] < ids[$1] }
  }

  /// Reads the keys of the entries present at `revision` (none at revision 0): one pass
  /// over the rows in force without their payloads.
  init(at revision: Int64, in context: any CatalogReadContext) throws {
    guard revision > 0 else { return }
    var positions = ByteStrings()
    try context.forEachEntryRow(at: revision, .keys) { row in
      append(row, positions: &positions)
    }
    sort(positions: positions)
  }

  private init() {}

  /// The keys at two revisions, read together (``CatalogReadContext/forEachEntryKey(at:and:_:)``).
  static func pair(at first: Int64, and second: Int64, in context: any CatalogReadContext)
    throws -> (RevisionKeys, RevisionKeys)
  {
    var (a, b) = (RevisionKeys(), RevisionKeys())
    var (positionsA, positionsB) = (ByteStrings(), ByteStrings())
    try context.forEachEntryKey(at: first, and: second) { row, side in
      if side.contains(.first) { a.append(row, positions: &positionsA) }
      if side.contains(.second) { b.append(row, positions: &positionsB) }
    }
    a.sort(positions: positionsA)
    b.sort(positions: positionsB)
    return (a, b)
  }

  private mutating func append(_ row: EntryRow, positions: inout ByteStrings) {
    components.append(row.componentID)
    revisions.append(row.revision)
    _ = kinds.append(row.kind)
    _ = positions.append(row.orderKey)
  }

  /// Puts the entries read in export order (``order``).
  private mutating func sort(positions: ByteStrings) {
    let ids = components
    let count = ids.count
    order = positions.withStorage { stored in
      func less(_ a: Int, _ b: Int) -> Bool {
        let c = OrderKey.compare(stored[a], stored[b])
        return c != 0 ? c < 0 : ids[a] < ids[b]
      }
      // Engines often deliver the rows in component order, which is usually export order
      // (or its reverse): check before sorting.
      if (0..<max(0, count - 1)).allSatisfy({ !less($0 + 1, $0) }) { return Array(0..<count) }
      if (0..<max(0, count - 1)).allSatisfy({ !less($0, $0 + 1) }) {
        return Array((0..<count).reversed())
      }
      return (0..<count).sorted(by: less)
    }
  }
}

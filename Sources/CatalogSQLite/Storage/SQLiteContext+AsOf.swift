import CatalogStorage
import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The catalog as of a revision, in export order, read without sorting the rows.
///
/// A component's row in force at revision R is its row with the greatest `revision_id <= R`
/// (docs/schema.md), and export order is `ORDER BY position, component_id`. Answering that
/// with a GROUP BY, joins and an ORDER BY made SQLite sort every row with its payload text
/// (a temporary b-tree of the whole catalog). Instead, two passes over the primary key
/// `(component_id, revision_id)`:
///
/// 1. Backwards over a few narrow columns: the first row met of each component is the one
///    in force; keep its revision and position.
/// 2. Forwards, joined with `payload`: write the rows in force as they come.
///
/// Components are numbered in the order imports first placed them, so component order is
/// usually position order already, which pass 1 checks. When it is not (an entry moved, or
/// one was inserted between others), the longest run of entries whose components ascend in
/// position order still comes from the scan, and the others are looked up one by one.
extension SQLiteContext {
  /// Calls `body` with every entry present at `revision`, in export order, its texts
  /// borrowed from SQLite for the length of the call.
  func forEachEntryInExportOrder(at revision: Int64, _ body: (EntryRow) throws -> Void) throws {
    try flushPendingVersions()
    guard revision > 0 else { return }

    // Pass 1: the rows in force, newest component first.
    var components: [Int64] = []
    var revisions: [Int64] = []
    var positions = ByteStrings()
    let inForce = try database.cachedStatement(
      sql: """
        SELECT component_id, revision_id, change, position FROM entry_version
        WHERE revision_id <= ?1 ORDER BY component_id DESC, revision_id DESC
        """)
    try inForce.bind([.integer(revision)])
    try Self.forEachRowInForce(inForce) {
      components.append(inForce.int64(at: 0))
      revisions.append(inForce.int64(at: 1))
      positions.append(inForce.textBytes(at: 3))
    }
    inForce.reset()
    let count = components.count
    guard count > 0 else { return }
    // Entry k in component order is entry count - 1 - k of the arrays.
    func entry(_ k: Int) -> Int { count - 1 - k }

    // Export order, and which entries the forward scan can deliver in that order.
    let order: [Int]
    var streamed: [Bool]
    let sorted: Bool = positions.withStorage { stored in
      (0..<max(0, count - 1)).allSatisfy {
        OrderKey.compare(stored[entry($0)], stored[entry($0 + 1)]) <= 0
      }
    }
    if sorted {
      order = Array(0..<count)
      streamed = [Bool](repeating: true, count: count)
    } else {
      order = positions.withStorage { stored in
        (0..<count).sorted { a, b in
          let c = OrderKey.compare(stored[entry(a)], stored[entry(b)])
          return c != 0 ? c < 0 : a < b
        }
      }
      streamed = [Bool](repeating: false, count: count)
      for (k, member) in LongestIncreasingSubsequence.membership(order).enumerated() where member {
        streamed[order[k]] = true
      }
    }

    // Pass 2: the forward scan, read up to each streamed entry in turn.
    let scan = try database.cachedStatement(
      sql: """
        \(SQLiteEntryColumns.selectWithPayload) WHERE v.revision_id <= ?1
        ORDER BY v.component_id, v.revision_id
        """)
    try scan.bind([.integer(revision)])
    defer { scan.reset() }
    for k in order {
      let component = components[entry(k)]
      let version = revisions[entry(k)]
      if streamed[k] {
        var found = false
        while try scan.step() {
          if scan.int64(at: 0) == component && scan.int64(at: 1) == version {
            found = true
            break
          }
        }
        guard found else {
          throw CatalogError.database(
            .inconsistent("entry version \(component)/\(version) is missing"))
        }
        try body(try SQLiteEntryColumns.row(from: scan, withPayload: true))
      } else {
        try forEachEntryRow(versions: [(component, version)], body)
      }
    }
  }
}

extension EntryChange {
  /// The change a `change` column's text names.
  init?(columnText bytes: UnsafeRawBufferPointer) {
    guard
      let change = EntryChange.allCases.first(where: { change in
        let text = change.columnText
        return text.utf8CodeUnitCount == bytes.count
          && bytes.elementsEqual(UnsafeRawBufferPointer(start: text.utf8Start, count: bytes.count))
      })
    else { return nil }
    self = change
  }
}

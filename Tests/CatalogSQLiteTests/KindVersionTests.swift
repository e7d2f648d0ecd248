import CatalogStorage
import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

/// `kind_version` (migration 0006) finds a kind's component: one row per entry version, which
/// a first import sorts in memory and appends in key order.
@Suite("Kinds found through kind_version")
struct KindVersionTests {
  /// The first import's sort gives SQLite's order of (kind, revision, component): kinds
  /// compared as bytes with a shorter prefix first, kinds shorter than the eight bytes the
  /// radix sort looks at each level, kinds that end in zero bytes, long shared prefixes (runs
  /// the radix sort goes down several levels into, a shared prefix longer than any level),
  /// one kind at several revisions.
  @Test(arguments: [
    "component-", "a-shared-prefix-of-forty-bytes-of-kinds-", "tile\0\0\0\0\0\0\0\0",
    String(repeating: "two-thousand-bytes-", count: 105) + "-shared",
  ])
  func kindRowsSortAsTheTableDoes(sharedPrefix: String) {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0, 1, 0x2D, 0x61, 0x62, 0x7A, 0xC3, 0xFF]
    var kinds: [[UInt8]] = [[], [0], [0, 0], Array("tile".utf8), Array("tile\0".utf8)]
    for zeros in 0..<40 {
      kinds.append(Array(sharedPrefix.utf8) + [UInt8](repeating: 0, count: zeros))
    }
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...20, using: &generator)
      let prefix: [UInt8] = Bool.random(using: &generator) ? Array(sharedPrefix.utf8) : []
      kinds.append(
        prefix + (0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }
    Self.expectSortedAsTheTable(kinds)
  }

  /// Runs whose kinds share a long prefix, which the sort skips in whole levels: the shared
  /// length (2,000 to 2,009 bytes, one of them 8 × 250 + 7) is followed by a byte that
  /// differs and eight more bytes ordered against it, so skipping one byte too far sorts by
  /// the eight; some kinds are there twice; more rows than a comparison sort takes. With
  /// `shortKinds`, kinds that end inside the shared bytes or just after them, some in zero
  /// bytes, too (they stop the skip where they end).
  @Test(arguments: [2_000, 2_006, 2_007, 2_008, 2_009], [false, true])
  func kindRowsSortPastALongSharedPrefix(sharedLength: Int, shortKinds: Bool) {
    var generator = SystemRandomNumberGenerator()
    let shared = (0..<sharedLength).map { UInt8(0x61 + $0 % 26) }
    var kinds: [[UInt8]] = []
    for index in 0..<600 {
      let differing = UInt8(index % 250)
      let after = withUnsafeBytes(of: UInt64(600 - index).bigEndian) { Array($0) }
      kinds.append(shared + [differing] + after)
    }
    for length in shortKinds ? [0, 1, 7, 8, 1_999, 2_000, sharedLength - 1, sharedLength] : [] {
      kinds.append(Array(shared.prefix(length)))
      kinds.append(Array(shared.prefix(length)) + [0])
      kinds.append(Array(shared.prefix(length)) + [0, 0, 0, 0, 0, 0, 0, 0, 0])
    }
    kinds += kinds.prefix(40)
    kinds.shuffle(using: &generator)
    #expect(KindRows.comparisonSortLimit < 600)
    Self.expectSortedAsTheTable(kinds)
  }

  /// `"a"` followed by 0 … n − 1 zero bytes: every level's bytes are zeros or the padding
  /// past a kind's end, the family that took a level per eight bytes of the longest kind.
  @Test(arguments: [1, 600])
  func kindRowsSortTheZeroPaddedFamily(copies: Int) {
    var generator = SystemRandomNumberGenerator()
    var kinds: [[UInt8]] = []
    for zeros in 0..<(1_200 / copies) {
      for _ in 0..<copies { kinds.append([0x61] + [UInt8](repeating: 0, count: zeros)) }
    }
    kinds.append([0x61] + [UInt8](repeating: 0, count: 700) + [1])
    kinds.append([0x61] + [UInt8](repeating: 0, count: 1_300) + [1])
    kinds.shuffle(using: &generator)
    Self.expectSortedAsTheTable(kinds)
  }

  /// Sorts `kinds` (at random revisions, components repeating) as a first import does and
  /// expects SQLite's order of (kind, revision, component).
  static func expectSortedAsTheTable(_ kinds: [[UInt8]]) {
    var generator = SystemRandomNumberGenerator()
    var rows = KindRows()
    var expected: [(kind: [UInt8], revision: Int64, component: Int64)] = []
    for (index, kind) in kinds.enumerated() {
      let revision = Int64.random(in: 1...3, using: &generator)
      let component = Int64(index % 500)
      kind.withUnsafeBytes { rows.append(kind: $0, revision: revision, component: component) }
      expected.append((kind, revision, component))
    }
    let order = rows.sortedOrder()
    let sorted = order.map { expected[Int($0)] }
    let oracle = expected.sorted { a, b in
      if a.kind != b.kind { return a.kind.lexicographicallyPrecedes(b.kind) }
      return (a.revision, a.component) < (b.revision, b.component)
    }
    #expect(sorted.map(\.kind) == oracle.map(\.kind))
    #expect(sorted.map(\.revision) == oracle.map(\.revision))
    #expect(sorted.map(\.component) == oracle.map(\.component))
  }

  /// After a first import (the streamed path) and a write after it (row by row), the table
  /// holds a row per entry version; a kind that comes back continues its component.
  @Test(arguments: TestEngine.allCases)
  func aKindThatComesBackIsFoundThroughTheTable(_ engine: TestEngine) throws {
    let (location, catalog) = try openCatalog(engine)
    defer { withExtendedLifetime(location) {} }
    func entry(_ kind: String) -> String {
      #"{"kind":"\#(kind)","category":"c","description":"d","payload":{"k":"\#(kind)"}}"#
    }
    let both = Array("[\(entry("badge")),\(entry("tile"))]".utf8)
    let one = Array("[\(entry("tile"))]".utf8)
    for (name, document) in [("both", both), ("one", one), ("both", both)] {
      try catalog.importDocument(
        from: .bytes(document, name: "\(name).json"), options: .init(author: "t"))
    }
    let components = try catalog.storage.read { context in
      try (1...3).map { try context.component(named: "badge", atOrBefore: $0) }
    }
    // Found at revision 1 (the first import's sorted rows), still found at 2 (its last
    // version is a removal, itself a row), and the same component at 3 (a row-by-row write).
    #expect(components[0] != nil)
    #expect(components == [components[0], components[0], components[0]])
    #expect(try catalog.storage.read { try $0.storageCheck() }.problems == [])
  }

  /// An entry version whose `kind_version` row is gone, and a row that names no entry
  /// version, are problems `doctor` reports.
  @Test func doctorFindsAnEntryVersionWithoutItsKindRow() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("catalog.sqlite")
    let catalog = try Catalog(path: path)
    try catalog.importDocument(
      from: .file(Fixtures.url("generated-300.json").path), options: WriteOptions(author: "t"))
    #expect(try catalog.storage.read { try $0.storageCheck() }.problems == [])
    let raw = try RawSQLite(path: path)
    try raw.execute(
      """
      DROP TRIGGER kind_version_is_append_only_delete;
      DROP TRIGGER kind_version_is_append_only_update;
      DELETE FROM kind_version WHERE component_id IN (1, 2);
      UPDATE kind_version SET component_id = 1000 WHERE component_id = 3;
      """)
    #expect(
      try catalog.storage.read { try $0.storageCheck() }.problems == [
        "kind_version: 3 entry versions have no row, so their kind cannot find them",
        "kind_version: 1 rows name no entry version with that kind",
      ])
  }
}

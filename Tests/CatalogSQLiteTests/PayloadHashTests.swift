import CatalogStorage
import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

/// `payload_hash` (migration 0005) finds payloads by hash; their bytes decide. Hashes are
/// given by hand here, so that different texts can share one.
@Suite("Payloads found by hash")
struct PayloadHashTests {
  static func intern(_ text: String, hash: Int64, in context: any CatalogWriteContext) throws
    -> Int64
  {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { try context.internPayload(bytes: $0, hash: hash) }
  }

  /// 300 texts whose hashes descend, so that rows kept for the end must be sorted.
  static func many(in context: any CatalogWriteContext) throws -> [Int64] {
    try (0..<300).map { try intern("[\($0)]", hash: Int64(300 - $0) * 7919, in: context) }
  }

  /// The radix sort of a first import's hash rows gives the table's key order, (hash, id),
  /// as a comparison sort does: negative and positive hashes, hashes that differ only in
  /// their top or bottom byte, and rows of one hash whose ids come in any order.
  @Test func hashRowsSortInKeyOrder() {
    var generator = SystemRandomNumberGenerator()
    var rows: [PayloadHashRow] = []
    for id in 1...5_000 {
      let hash: Int64
      switch id % 5 {
      case 0: hash = Int64.random(in: .min ... .max, using: &generator)
      case 1: hash = Int64(id % 7) << 56
      case 2: hash = -Int64(id % 11)
      case 3: hash = 42
      default: hash = Int64(id % 13)
      }
      rows.append(PayloadHashRow(hash: hash, id: Int64(id)))
    }
    rows.shuffle(using: &generator)
    var sorted = rows
    sorted.sortByKey()
    #expect(sorted == rows.sorted { ($0.hash, $0.id) < ($1.hash, $1.id) })
    var one = [PayloadHashRow(hash: -1, id: 1)]
    one.sortByKey()
    #expect(one == [PayloadHashRow(hash: -1, id: 1)])
  }

  /// The writer's table of the first payload stored per hash (``StoredPayloads``) answers as
  /// a dictionary would, through many doublings, with hashes that share their top or bottom
  /// bits and zero.
  @Test func storedPayloadsAnswerAsADictionary() {
    var generator = SystemRandomNumberGenerator()
    var table = StoredPayloads()
    var oracle: [Int64: Int64] = [:]
    for id in Int64(1)...20_000 {
      let hash: Int64
      switch id % 4 {
      case 0: hash = Int64.random(in: .min ... .max, using: &generator)
      case 1: hash = id % 50  // repeats: the first id stays
      case 2: hash = Int64(id) << 40  // differ only in high bits
      default: hash = 0
      }
      table.insertFirst(hash: hash, id: id)
      if oracle[hash] == nil { oracle[hash] = id }
    }
    #expect(table.count == oracle.count)
    for (hash, id) in oracle { #expect(table[hash] == id) }
    #expect(table[Int64.min] == oracle[Int64.min])
    #expect(table[-12_345] == oracle[-12_345])
  }

  @Test(arguments: TestEngine.allCases)
  func textsOfOneHashAreTwoPayloadsFoundByTheirBytes(_ engine: TestEngine) throws {
    let (location, catalog) = try openCatalog(engine)
    defer { withExtendedLifetime(location) {} }
    let first: [Int64] = try catalog.storage.write { context in
      // On SQLite, as in a first import: the hash rows wait for the end, until two texts
      // of one hash end the wait.
      (context as? SQLiteContext)?.deferPayloadHashes()
      let many = try Self.many(in: context)
      let a = try Self.intern("\"a\"", hash: 42, in: context)
      let b = try Self.intern("\"b\"", hash: 42, in: context)
      let again = [
        try Self.intern("\"b\"", hash: 42, in: context),
        try Self.intern("\"a\"", hash: 42, in: context),
      ]
      return .commit([a, b] + again + many)
    }
    #expect(first[0] != first[1])
    #expect(Array(first[2...3]) == [first[1], first[0]])
    #expect(Set(first[4...]).count == 300)
    // A later write finds every stored payload by its hash and bytes and stores none again;
    // a third text of the same hash is new.
    let later: [Int64] = try catalog.storage.write { context in
      let a = try Self.intern("\"a\"", hash: 42, in: context)
      let b = try Self.intern("\"b\"", hash: 42, in: context)
      let c = try Self.intern("\"c\"", hash: 42, in: context)
      return .commit([a, b] + (try Self.many(in: context)) + [c])
    }
    #expect(Array(later.prefix(302)) == Array(first[0...1]) + Array(first[4...]))
    #expect(later.last == first.max().map { $0 + 1 })
    let check = try catalog.storage.read { try $0.storageCheck() }
    #expect(check.problems == [])
  }

  /// A first import stores each distinct payload once, whether its repeat comes in the same
  /// batch of the SQLite engine's stream or a later one; and the export gives the file back.
  @Test(arguments: TestEngine.allCases)
  func aFirstImportStoresEachDistinctPayloadOnce(_ engine: TestEngine) throws {
    let (location, catalog) = try openCatalog(engine)
    defer { withExtendedLifetime(location) {} }
    let entries = (0..<1000).map { n in
      #"{"kind": "k\#(n)", "category": "c", "description": "d", "payload": {"n": \#(n % 7)}}"#
    }
    let document = #"{"components": ["# + entries.joined(separator: ", ") + "]}"
    try catalog.importDocument(
      from: .bytes(Array(document.utf8), name: "x"), options: WriteOptions(author: "t"))
    let stored: Set<Int64> = try catalog.storage.read { context in
      var ids: Set<Int64> = []
      try context.forEachVersionRow(ofComponent: nil) { ids.insert($0.payloadID) }
      return ids
    }
    #expect(stored.count == 7)
    #expect(try catalog.storage.read { try $0.unreferencedPayloadCount() } == 0)
    #expect(try catalog.entries().map(\.kind) == (0..<1000).map { "k\($0)" })
    #expect(try catalog.storage.read { try $0.storageCheck() }.problems == [])
  }

  /// A payload whose `payload_hash` row is gone, and a row that names no payload, are
  /// problems `doctor` reports.
  @Test func doctorFindsAPayloadWithoutItsHashRow() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("catalog.sqlite")
    let catalog = try Catalog(path: path)
    try catalog.importDocument(
      from: .file(Fixtures.url("generated-300.json").path), options: WriteOptions(author: "t"))
    #expect(try catalog.storage.read { try $0.storageCheck() }.problems == [])
    let raw = try RawSQLite(path: path)
    try raw.execute(
      """
      DROP TRIGGER payload_hash_is_append_only_delete;
      DROP TRIGGER payload_hash_is_append_only_update;
      DELETE FROM payload_hash WHERE payload_id IN (1, 2);
      UPDATE payload_hash SET payload_id = 1000 WHERE payload_id = 3;
      """)
    #expect(
      try catalog.storage.read { try $0.storageCheck() }.problems == [
        "payload_hash: 3 payloads have no row, so they cannot be found by their hash",
        "payload_hash: 1 rows name no payload with that hash",
      ])
  }
}

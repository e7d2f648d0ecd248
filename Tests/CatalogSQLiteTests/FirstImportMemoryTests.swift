import CatalogStorage
import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

/// What a first import holds compactly to keep its memory down (docs/maintainers/benchmark-rounds.md, round
/// five): the kinds it reports as added, the stored payloads by hash, and SQLite's page
/// cache while it streams. The behaviour is the same as when they were held plainly.
@Suite("First import, held compactly")
struct FirstImportMemoryTests {
  static func document(_ kinds: [String]) -> [UInt8] {
    let entries = kinds.enumerated().map { n, kind in
      #"{"kind": "\#(kind)", "category": "c", "description": "d", "payload": {"n": \#(n % 5)}}"#
    }
    return Array((#"{"components": ["# + entries.joined(separator: ", ") + "]}").utf8)
  }

  /// A first import reports every kind of the file as added, in the file's order, by bytes
  /// (two spellings of one name outside ASCII are told apart by their bytes in the result);
  /// a later import reports only the kinds it adds.
  @Test(arguments: TestEngine.allCases)
  func aFirstImportReportsEveryKindAddedInOrder(_ engine: TestEngine) throws {
    let (location, catalog) = try openCatalog(engine)
    defer { withExtendedLifetime(location) {} }
    // Long kinds (more than 15 bytes, which a `String` keeps out of line), short ones,
    // and one outside ASCII.
    let kinds =
      (0..<700).map { "component-with-a-long-name-\(700 - $0)" } + ["a", "b", "caf\u{E9}"]
    let first = try catalog.importDocument(
      from: .bytes(Self.document(kinds), name: "first.json"), options: WriteOptions(author: "t"))
    #expect(first.counts == ChangeCounts(added: kinds.count))
    #expect(first.entryCount == kinds.count)
    #expect(Array(first.added) == kinds)
    #expect(first.added == KindList(kinds))
    #expect(first.added.count == kinds.count && first.added.last == "caf\u{E9}")
    // NFD spelling: equal as a Swift string, other bytes: not the same list.
    #expect(first.added != KindList(kinds.dropLast() + ["cafe\u{301}"]))

    let second = try catalog.importDocument(
      from: .bytes(Self.document(kinds + ["new-one", "new-two"]), name: "second.json"),
      options: WriteOptions(author: "t"))
    #expect(second.added == ["new-one", "new-two"])
    #expect(second.counts.added == 2)
  }

  /// ``KindList`` reads as a collection of `String`s and compares by bytes.
  @Test func kindListIsACompactCollectionOfKinds() {
    var list: KindList = ["hero", "card"]
    list.append("tile-preview-with-a-long-name")
    #expect(Array(list) == ["hero", "card", "tile-preview-with-a-long-name"])
    #expect(list == KindList(["hero", "card", "tile-preview-with-a-long-name"]))
    #expect(list != ["hero", "card"])
    #expect(list != ["hero", "card", "tile-preview-with-a-long-nam"])
    #expect(KindList() == [] && KindList().isEmpty)
    #expect(KindList(["\u{E9}"]) != KindList(["e\u{301}"]))
    #expect(list.firstIndex(of: "card") == 1)
  }

  /// The first payload id of each hash, found again after the table grows; hashes that
  /// agree in their low 32 bits are told apart; the rows keep the order met.
  @Test func storedPayloadsKeepTheFirstIDOfEachHash() {
    var stored = StoredPayloads()
    #expect(stored[1] == nil)
    let hashes = (0..<5000).map { Int64($0) << 32 } + (0..<5000).map { Int64(-$0 - 1) }
    for (n, hash) in hashes.enumerated() { stored.insertFirst(hash: hash, id: Int64(n + 1)) }
    // A hash met again keeps its first payload.
    stored.insertFirst(hash: hashes[7], id: 99_999)
    #expect(stored.count == hashes.count)
    #expect(hashes.enumerated().allSatisfy { n, hash in stored[hash] == Int64(n + 1) })
    #expect(stored[12_345] == nil && stored[Int64(5000) << 32] == nil)
    let rows = stored.takeRows(from: 9998)
    #expect(rows.map(\.hash) == [-4999, -5000] && rows.map(\.id) == [9999, 10000])
    #expect(stored.count == 0 && stored[hashes[0]] == nil)
  }

  /// At the end of a first import the stored payloads are forgotten once their hash rows
  /// are in: a payload met after that is found through `payload_hash`, not stored again.
  @Test func payloadsAreFoundAfterTheFirstImportForgetsThem() throws {
    let (location, catalog) = try openCatalog(.sqlite)
    defer { withExtendedLifetime(location) {} }
    let ids: [[Int64]] = try catalog.storage.write { context in
      guard let context = context as? SQLiteContext else { return .commit([]) }
      context.deferPayloadHashes()
      let before = try PayloadHashTests.many(in: context)
      let collided = try PayloadHashTests.intern("\"other\"", hash: 7919, in: context)
      try context.insertDeferredPayloadHashes(forgettingStoredPayloads: true)
      #expect(context.storedPayloads.count == 0)
      let after = try PayloadHashTests.many(in: context)
      let again = try PayloadHashTests.intern("\"other\"", hash: 7919, in: context)
      return .commit([before, after, [collided, again]])
    }
    #expect(ids.count == 3 && ids[0] == ids[1] && ids[2][0] == ids[2][1])
    #expect(Set(ids[0]).count == 300 && !ids[0].contains(ids[2][0]))
    #expect(try catalog.storage.read { try $0.storageCheck() }.problems == [])
  }

  /// The page cache is lowered while a first import streams and given back when its write
  /// ends, committed or rolled back.
  @Test func theFirstImportGivesThePageCacheBack() throws {
    let (location, catalog) = try openCatalog(.sqlite)
    defer { withExtendedLifetime(location) {} }
    func cacheSize() throws -> Int64? {
      try (catalog.storage as? SQLiteCatalogStorage)?.database.scalar(sql: "PRAGMA cache_size")
    }
    let usual = -Int64(SQLiteCatalogStorage.pageCacheKiB)
    #expect(try cacheSize() == usual)
    // A bad entry at the end: the import streamed every entry before it, then rolled back.
    var bad = Self.document((0..<600).map { "k\($0)" })
    bad.removeLast(2)
    bad += Array(#", {"kind": 5}]}"#.utf8)
    #expect(throws: CatalogError.self) {
      try catalog.importDocument(
        from: .bytes(bad, name: "bad.json"), options: WriteOptions(author: "t"))
    }
    #expect(try cacheSize() == usual)
    let lowered: Int64? = try catalog.storage.write { context in
      guard let context = context as? SQLiteContext else { return .rollback(nil) }
      let stream = try context.streamAddedEntries(revision: 1, capacity: 10)
      defer { stream.cancel() }
      return .rollback(try context.database.scalar(sql: "PRAGMA cache_size"))
    }
    #expect(lowered == -Int64(SQLiteCatalogStorage.firstImportPageCacheKiB))
    #expect(try cacheSize() == usual)
    try catalog.importDocument(
      from: .bytes(Self.document(["a", "b"]), name: "good.json"), options: WriteOptions(author: "t")
    )
    #expect(try cacheSize() == usual)
  }
}

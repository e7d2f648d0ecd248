import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@Suite("Catalog import and export")
struct CatalogImportTests {
  /// A fresh catalog of `engine`, and where it lives (kept alive by the caller).
  static func open(_ engine: TestEngine) throws -> (TestLocation, Catalog) {
    let location = try engine.makeLocation()
    return (location, try Catalog(path: location.text))
  }

  func options(_ message: String = "") -> WriteOptions {
    WriteOptions(author: "tester", message: message)
  }

  @Test(arguments: TestEngine.allCases) func generatedCatalogRoundTripsByteForByte(
    _ engine: TestEngine
  ) throws {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    let original = try Fixtures.bytes("generated-300.json")
    let result = try catalog.importDocument(
      from: .file(Fixtures.url("generated-300.json").path), options: options("first"))
    #expect(result.counts == ChangeCounts(added: 300))
    #expect(result.revision?.id == 1)
    #expect(try catalog.exportBytes() == original)

    let again = try catalog.importDocument(
      from: .bytes(original, name: "again.json"), options: options())
    #expect(again.isUnchanged)
    #expect(again.revision == nil)
    #expect(try catalog.head()?.id == 1)
  }

  @Test(arguments: TestEngine.allCases) func mutatedFileImportsAsOneRevisionWithTrueCounts(
    _ engine: TestEngine
  ) throws {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    let first = try Fixtures.bytes("generated-300.json")
    let second = try Fixtures.bytes("generated-300-mutated.json")
    try catalog.importDocument(from: .bytes(first, name: "a.json"), options: options())
    let old = try CatalogDocumentReader(JSONReader(bytes: first)).readAll()
    let new = try CatalogDocumentReader(JSONReader(bytes: second)).readAll()
    let oldByKind = Dictionary(uniqueKeysWithValues: old.map { ($0.kind, $0) })
    let newKinds = Set(new.map(\.kind))
    let expectedAdded = new.filter { oldByKind[$0.kind] == nil }.count
    let expectedChanged = new.filter { entry in oldByKind[entry.kind].map { $0 != entry } ?? false }
      .count
    let expectedMissing = old.filter { !newKinds.contains($0.kind) }.count

    let result = try catalog.importDocument(
      from: .bytes(second, name: "b.json"), options: options())
    #expect(result.counts.added == expectedAdded)
    #expect(result.counts.changed == expectedChanged)
    #expect(result.counts.removed == 0)
    #expect(result.kept.count == expectedMissing)
    #expect(expectedAdded > 0 && expectedChanged > 0 && expectedMissing > 0)

    let pruned = try catalog.importDocument(
      from: .bytes(second, name: "b.json"), options: options(), prune: true)
    #expect(pruned.counts == ChangeCounts(removed: expectedMissing))
    #expect(try catalog.exportBytes() == second)
    #expect(try catalog.exportBytes(at: 1) == first)
  }

  @Test(arguments: TestEngine.allCases) func invalidDocumentLeavesCatalogUntouched(
    _ engine: TestEngine
  ) throws {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    try catalog.importDocument(
      from: .file(Fixtures.url("generated-300.json").path), options: options())
    let before = try catalog.exportBytes()
    let broken =
      #"{"components": [{"kind": "a", "category": "x", "description": "d", "payload": {}}, {"kind": 3}]}"#
    #expect(throws: CatalogError.self) {
      try catalog.importDocument(
        from: .bytes(Array(broken.utf8), name: "broken.json"), options: options(), prune: true)
    }
    #expect(try catalog.head()?.id == 1)
    #expect(try catalog.exportBytes() == before)
  }

  @Test(arguments: TestEngine.allCases) func reorderingIsRecordedAsMoves(_ engine: TestEngine)
    throws
  {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    func doc(_ kinds: [String]) -> [UInt8] {
      CatalogDocumentWriter.document(
        kinds.map {
          CatalogEntry(kind: $0, category: "c", description: "d", payload: ["k": .string($0)])
        })
    }
    try catalog.importDocument(
      from: .bytes(doc(["a", "b", "c", "d"]), name: "1"), options: options())
    let moved = try catalog.importDocument(
      from: .bytes(doc(["a", "c", "b", "d"]), name: "2"), options: options())
    #expect(moved.counts == ChangeCounts(moved: 1))
    #expect(try catalog.exportBytes() == doc(["a", "c", "b", "d"]))
    let inserted = try catalog.importDocument(
      from: .bytes(doc(["x", "a", "c", "y", "b", "d", "z"]), name: "3"), options: options())
    #expect(inserted.counts == ChangeCounts(added: 3))
    #expect(try catalog.exportBytes() == doc(["x", "a", "c", "y", "b", "d", "z"]))
  }

  @Test(arguments: TestEngine.allCases) func extraMembersAndTheirOrderAreKept(_ engine: TestEngine)
    throws
  {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    let text = """
      {
        "components": [
          {
            "payload": {
              "z": 1.50,
              "a": [],
              "n": 1e400
            },
            "kind": "odd",
            "note": {
              "owner": "ui"
            },
            "category": "X",
            "description": "members in an unusual order"
          }
        ]
      }

      """
    try catalog.importDocument(from: .bytes(Array(text.utf8), name: "odd.json"), options: options())
    #expect(String(decoding: try catalog.exportBytes(), as: UTF8.self) == text)
  }

  /// A first import's batches (256 entries) and multi-row statements (64 rows) carry the
  /// entries with extra members or members in an order of their own beside the usual ones:
  /// entries of every kind in full statements, and in the last, shorter run.
  @Test(arguments: TestEngine.allCases) func extraMembersAndOrdersAcrossAFirstImportsBatches(
    _ engine: TestEngine
  ) throws {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    func entry(_ n: Int) -> String {
      var members = [
        #""kind": "kind-\#(n)""#, #""category": "c\#(n % 3)""#, #""description": "d \#(n)""#,
        #""payload": \#(n % 9)"#,
      ]
      if n % 7 == 0 { members.append(#""note": "extra \#(n)""#) }
      if n % 11 == 0 { members = [members[3], members[0]] + members[1...2] + members[4...] }
      if n % 13 == 0 { members.insert(#""owner": \#(n)"#, at: 1) }
      return "    {\n" + members.map { "      " + $0 }.joined(separator: ",\n") + "\n    }"
    }
    let text =
      "{\n  \"components\": [\n" + (0..<700).map(entry).joined(separator: ",\n") + "\n  ]\n}\n"
    let result = try catalog.importDocument(
      from: .bytes(Array(text.utf8), name: "many.json"), options: options())
    #expect(result.counts == ChangeCounts(added: 700))
    #expect(String(decoding: try catalog.exportBytes(), as: UTF8.self) == text)
  }

  @Test(arguments: TestEngine.allCases) func dryRunWritesNothing(_ engine: TestEngine) throws {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    let result = try catalog.importDocument(
      from: .file(Fixtures.url("generated-300.json").path),
      options: WriteOptions(author: "t", dryRun: true))
    #expect(result.counts.added == 300)
    #expect(result.revision == nil)
    #expect(try catalog.head() == nil)
  }

  @Test(arguments: TestEngine.allCases) func expectHeadIsACompareAndSet(_ engine: TestEngine) throws
  {
    let (location, catalog) = try Self.open(engine)
    defer { withExtendedLifetime(location) {} }
    let bytes = try Fixtures.bytes("generated-300.json")
    #expect(throws: CatalogError.headMismatch(head: 0, expected: 3)) {
      try catalog.importDocument(
        from: .bytes(bytes, name: "x"), options: WriteOptions(author: "t", expectHead: 3))
    }
    try catalog.importDocument(
      from: .bytes(bytes, name: "x"), options: WriteOptions(author: "t", expectHead: 0))
    #expect(try catalog.head()?.id == 1)
  }
}

@Suite("Entry order")
struct EntryOrderTests {
  /// Kinds kept from head (the file lacks them) never share an order key with new entries,
  /// so the export order is always defined.
  @Test(arguments: TestEngine.allCases)
  func newEntriesNeverCollideWithKeptOnes(_ engine: TestEngine) throws {
    let (location, catalog) = try CatalogImportTests.open(engine)
    defer { withExtendedLifetime(location) {} }
    func document(_ kinds: [String]) -> [UInt8] {
      CatalogDocumentWriter.document(
        kinds.map { CatalogEntry(kind: $0, category: "c", description: "d", payload: .null) })
    }
    let options = WriteOptions(author: "t")
    try catalog.importDocument(
      from: .bytes(document(["a", "b", "c"]), name: "1"), options: options)
    // "b" is kept (not pruned) and new kinds land between "a" and "c".
    for round in 0..<20 {
      let kinds = ["a"] + (0...round).map { "n\(round)-\($0)" } + ["c"]
      try catalog.importDocument(from: .bytes(document(kinds), name: "r\(round)"), options: options)
      let exported = try catalog.entries().map(\.kind)
      #expect(Set(exported).count == exported.count)
      #expect(exported.first == "a" && exported.last == "c")
      #expect(exported.contains("b"))
      let new = exported.filter { $0.hasPrefix("n\(round)-") }
      #expect(new == (0...round).map { "n\(round)-\($0)" })
    }
    #expect(try catalog.doctor().isHealthy)
  }
}

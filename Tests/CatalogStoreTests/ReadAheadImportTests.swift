import CatalogSQLite
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// An import against head reads the document on a thread of its own (``DocumentReadAhead``)
/// while the caller's thread reads head and compares: what it finds, reports and writes is
/// what reading on one thread found. Documents here span many batches, so that problems and
/// failures come while the reading thread is ahead of the caller, or waiting for it.
@Suite("Import reading ahead")
struct ReadAheadImportTests {
  /// Entry `i` of the generated documents, its payload long enough for a few entries to
  /// fill a kilobyte.
  static func entry(_ i: Int, payload: String? = nil) -> String {
    let text = payload ?? #"{"n": \#(i), "s": "\#(String(repeating: "x", count: 200 + i % 50))"}"#
    return #"{"kind": "k\#(i)", "category": "c\#(i % 7)", "description": "d", "payload": \#(text)}"#
  }

  static func document(_ entries: [String]) -> [UInt8] {
    Array("{\"components\": [\n\(entries.joined(separator: ",\n"))\n]}\n".utf8)
  }

  static let count = 5000

  /// A catalog holding the generated document of ``count`` entries as revision 1.
  static func imported(_ engine: TestEngine) throws -> (TestLocation, Catalog, [UInt8]) {
    let location = try engine.makeLocation()
    let catalog = try Catalog(path: location.text)
    let bytes = document((0..<count).map { entry($0) })
    try catalog.importDocument(
      from: .bytes(bytes, name: "a.json"), options: WriteOptions(author: "tester"))
    return (location, catalog, bytes)
  }

  /// The problems reading `bytes` on this thread, with no known kinds, finds.
  static func problems(of bytes: [UInt8]) -> JSONDiagnostics? {
    let reader = CatalogDocumentReader(JSONReader(bytes: bytes))
    do throws(JSONDiagnostics) {
      while try reader.nextRaw() {}
      return nil
    } catch {
      return error
    }
  }

  /// Problems collected all through the document (a missing member early, a kind given
  /// again thousands of entries after its first place, both for a kind head has and for one
  /// it lacks) and a syntax error near the end: the import reports exactly what reading on
  /// one thread reports, from a file or from bytes, and the catalog is untouched.
  @Test(arguments: TestEngine.allCases) func problemsAllThroughTheDocumentAreReportedAsRead(
    _ engine: TestEngine
  ) throws {
    let (location, catalog, _) = try Self.imported(engine)
    defer { withExtendedLifetime(location) {} }
    let exported = try catalog.exportBytes()
    var entries = (0..<Self.count).map { Self.entry($0) }
    entries[3] = #"{"kind": "k3", "description": "d", "payload": 1}"#
    entries.append(#"{"kind": "new-1", "category": "c", "description": "d", "payload": 2}"#)
    entries[2200] = Self.entry(7)
    entries[2600] = #"{"kind": "new-1", "category": "c", "description": "d", "payload": 3}"#
    let collected = Self.document(entries)
    entries[2900] = #"{"kind": "k2900", "category" "c", "description": "d", "payload": 0}"#
    let broken = Self.document(entries)
    for bytes in [collected, broken] {
      let expected = try #require(Self.problems(of: bytes))
      #expect(expected.diagnostics.count >= 3)
      let file = location.directory.path("b.json")
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      for source in [DocumentSource.bytes(bytes, name: "b.json"), .file(file)] {
        for dryRun in [false, true] {
          #expect(throws: CatalogError.invalidDocument(source: source.name, expected)) {
            try catalog.importDocument(
              from: source, options: WriteOptions(author: "tester", dryRun: dryRun))
          }
        }
      }
    }
    #expect(try catalog.head()?.id == 1)
    #expect(try catalog.exportBytes() == exported)
  }

  /// A re-import and a changed import across many batches: the same counts, rows and export
  /// as the planner finds entry by entry; progress is reported in order.
  @Test(arguments: TestEngine.allCases) func changesAcrossManyBatchesAreFoundAsBefore(
    _ engine: TestEngine
  ) throws {
    let (location, catalog, original) = try Self.imported(engine)
    defer { withExtendedLifetime(location) {} }
    var seen: [Int] = []
    let again = try catalog.importDocument(
      from: .bytes(original, name: "a.json"), options: WriteOptions(author: "tester"),
      progress: { seen.append($0.entries) })
    #expect(again.isUnchanged)
    #expect(again.entryCount == Self.count)
    #expect(seen == [4096])
    var entries = (0..<Self.count).map { Self.entry($0) }
    entries[1] = Self.entry(1, payload: "[1]")
    entries[1700] = Self.entry(1700, payload: "[1700]")
    entries.remove(at: 4999)
    entries.swapAt(10, 2500)
    entries.append(Self.entry(9000))
    let changed = Self.document(entries)
    let result = try catalog.importDocument(
      from: .bytes(changed, name: "b.json"), options: WriteOptions(author: "tester"),
      prune: true)
    #expect(result.changed == ["k1", "k1700"])
    #expect(result.counts.added == 1)
    #expect(result.removed == ["k4999"])
    #expect(result.counts.moved >= 1)
    #expect(
      try CatalogDocumentReader(JSONReader(bytes: catalog.exportBytes())).readAll()
        == CatalogDocumentReader(JSONReader(bytes: changed)).readAll())
    #expect(
      try catalog.importDocument(
        from: .bytes(changed, name: "b.json"), options: WriteOptions(author: "tester")
      ).isUnchanged)
  }

  /// The caller's thread fails while the reading thread is ahead (head's payload of an
  /// entry is gone with its digest, planted behind the catalog's back): the import throws
  /// that failure, not anything of the reading thread's, and leaves the catalog as it was; the catalog then
  /// goes on working.
  @Test(arguments: TestEngine.allCases) func aFailureOnTheCallersThreadEndsTheImport(
    _ engine: TestEngine
  ) throws {
    let (location, catalog, original) = try Self.imported(engine)
    defer { withExtendedLifetime(location) {} }
    let payloadID = try catalog.storage.read { context in
      var id: Int64?
      try context.forEachEntryRow(at: 1, .withoutPayloads) { row in
        if row.kind.elementsEqual("k1000".utf8) { id = row.payloadID }
      }
      return try #require(id)
    }
    // Removed and put back behind the catalog's back (history is append-only to it).
    let remove = """
      CREATE TABLE saved_payload AS SELECT * FROM payload WHERE id = \(payloadID);
      CREATE TABLE saved_hash AS SELECT * FROM payload_hash WHERE payload_id = \(payloadID);
      CREATE TABLE saved_digest AS SELECT * FROM payload_digest WHERE payload_id = \(payloadID);
      DELETE FROM payload_hash WHERE payload_id = \(payloadID);
      DELETE FROM payload_digest WHERE payload_id = \(payloadID);
      DELETE FROM payload WHERE id = \(payloadID);
      """
    let putBack = """
      INSERT INTO payload SELECT * FROM saved_payload;
      INSERT INTO payload_hash SELECT * FROM saved_hash;
      INSERT INTO payload_digest SELECT * FROM saved_digest;
      DROP TABLE saved_payload;
      DROP TABLE saved_hash;
      DROP TABLE saved_digest;
      """
    func plant(_ sql: String) throws {
      switch engine {
      case .sqlite:
        try RawSQLite(path: location.text).execute(
          """
          DROP TRIGGER IF EXISTS payload_is_append_only_delete;
          DROP TRIGGER IF EXISTS payload_hash_is_append_only_delete;
          DROP TRIGGER IF EXISTS payload_digest_is_append_only_delete;
          \(sql)
          """)
      case .postgresql:
        try #require(location.database).psql("SET session_replication_role = replica; \(sql)")
      }
    }
    try plant(remove)
    // Entry 1000 is otherwise the same as head's and its payload has no digest now, so its
    // payload is read to compare: the failure comes there, with the reading thread ahead.
    do {
      try catalog.importDocument(
        from: .bytes(original, name: "a.json"), options: WriteOptions(author: "tester"))
      Issue.record("the import did not notice the missing payload")
    } catch CatalogError.database {
    }
    #expect(try catalog.head()?.id == 1)
    try plant(putBack)
    #expect(
      try catalog.importDocument(
        from: .bytes(original, name: "a.json"), options: WriteOptions(author: "tester")
      ).isUnchanged)
    var changed = (0..<Self.count).map { Self.entry($0) }
    changed[4000] = Self.entry(4000, payload: "[]")
    let result = try catalog.importDocument(
      from: .bytes(Self.document(changed), name: "b.json"), options: WriteOptions(author: "tester"))
    #expect(result.changed == ["k4000"])
    #expect(try catalog.head()?.id == 2)
  }

  /// A document that cannot be opened is the same error as before, after head is read.
  @Test(arguments: TestEngine.allCases) func anUnreadableFileIsReported(_ engine: TestEngine)
    throws
  {
    let (location, catalog, _) = try Self.imported(engine)
    defer { withExtendedLifetime(location) {} }
    let missing = location.directory.path("missing.json")
    do {
      try catalog.importDocument(from: .file(missing), options: WriteOptions(author: "tester"))
      Issue.record("a missing file was imported")
    } catch CatalogError.unreadable(let path, _) {
      #expect(path == missing)
    }
    #expect(try catalog.head()?.id == 1)
  }

  /// The reading thread on its own: batches in order, the problem after every batch read
  /// before it, and a cancel that ends a thread waiting for room in the queue.
  @Test func theReadingThreadStopsWhenCancelled() throws {
    let bytes = Self.document((0..<200).map { Self.entry($0) })
    // Room for one small batch: the thread waits after each.
    let waiting = DocumentReadAhead(
      source: .bytes(bytes, name: "a.json"), limits: DocumentLimits(), batchSize: 3,
      maxBytesAhead: 1)
    waiting.start()
    let first = try #require(try waiting.next())
    #expect(first.count == 3)
    waiting.cancel()
    #expect(waiting.waitUntilEnded(seconds: 60))

    // Head's kinds given while the thread waits: the entries read before are told what was
    // found of theirs, as the later ones are.
    let told = DocumentReadAhead(
      source: .bytes(bytes, name: "a.json"), limits: DocumentLimits(), batchSize: 5,
      maxBytesAhead: 1)
    told.start()
    var strings = ByteStrings()
    for i in (0..<300).reversed() { strings.append("k\(i)") }
    told.useKnownKinds(KnownKinds(strings))
    var matches: [RawCatalogEntry.KnownKindMatch] = []
    while let batch = try told.next() {
      for i in 0..<batch.count { batch.withEntry(i) { matches.append($0.knownKind) } }
      told.recycle(batch)
    }
    #expect(matches == (0..<200).map { .found(299 - $0) })

    var entries = (0..<200).map { Self.entry($0) }
    entries[150] = "{"
    let broken = Self.document(entries)
    let reading = DocumentReadAhead(
      source: .bytes(broken, name: "b.json"), limits: DocumentLimits(), batchSize: 7,
      maxBytesAhead: 1)
    reading.start()
    var kinds: [String] = []
    do {
      while let batch = try reading.next() {
        for i in 0..<batch.count {
          batch.withEntry(i) { kinds.append(String(decoding: $0.kind, as: UTF8.self)) }
        }
        reading.recycle(batch)
      }
      Issue.record("the broken document was read to its end")
    } catch CatalogError.invalidDocument(let source, let diagnostics) {
      #expect(source == "b.json")
      #expect(diagnostics == Self.problems(of: broken))
    }
    #expect(kinds == (0..<150).map { "k\($0)" })
    #expect(reading.waitUntilEnded(seconds: 60))
  }
}

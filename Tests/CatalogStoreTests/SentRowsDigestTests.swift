import CatalogStorage
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// A first import's revision digest from the rows as they were sent
/// (``CatalogWriteContext/takeSentRowBytes(ofRevision:)``, which PostgreSQL keeps) is the
/// one the read-back computes: the same bytes, the same digest, and `doctor` verifies the
/// chain. Both engines (SQLite keeps none and reads back).
@Suite("Revision digests from the rows as sent")
struct SentRowsDigestTests {
  /// Entries of every shape a row has: extra members, a key order, a payload shared by
  /// three kinds, text outside ASCII and escapes, and a document frame.
  static let document = #"""
    {"version": 3, "components": [
      {"kind": "a", "category": "c", "description": "é \"q\"", "payload": {"x": 1, "s": "tab\tz"}},
      {"payload": {"same": true}, "kind": "b", "category": "", "description": "", "note": [1]},
      {"kind": "c", "category": "c", "description": "c", "payload": {"same": true}, "deprecated": true},
      {"kind": "d😀", "category": "c", "description": "d", "payload": {"same": true}},
      {"kind": "e", "category": "c", "description": "e", "payload": 1.50e3}
    ], "meta": {"owner": "ann"}}
    """#

  static func documents() throws -> [[UInt8]] {
    [Array(document.utf8), try Fixtures.bytes("generated-300.json")]
  }

  /// The rows a stream sent, as the engine kept them, against the same rows read back and
  /// encoded by the read-back's code.
  @Test(arguments: TestEngine.allCases, 0..<2)
  func sentRowsAreTheRowsReadBack(_ engine: TestEngine, _ which: Int) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let catalog = try Catalog(path: location.text)
    let bytes = try Self.documents()[which]
    let (sent, readBack): ([UInt8]?, [UInt8]) = try catalog.storage.write { context in
      let stream = try context.streamAddedEntries(revision: 1, capacity: 1000)
      let document = CatalogDocumentReader(JSONReader(bytes: bytes))
      var entry = RawCatalogEntry()
      while try document.nextRaw() {
        document.exchangeCurrentRaw(with: &entry)
        try stream.add(entry)
      }
      _ = try stream.finish(kinds: document.takeKinds()?.strings ?? ByteStrings())
      _ = try context.appendRevision(
        RevisionDraft(
          time: nil, author: "t", message: "", source: "x", operation: "import",
          counts: ChangeCounts(added: 1)))
      let sent = try context.takeSentRowBytes(ofRevision: 1)
      #expect(try context.takeSentRowBytes(ofRevision: 1) == nil)
      var readBack: [UInt8] = []
      try context.forEachVersionRow(ofRevision: 1) {
        try RevisionDigestBytes.appendRow($0, to: &readBack)
      }
      return .rollback((sent, readBack))
    }
    #expect(!readBack.isEmpty)
    switch engine {
    case .postgresql:
      #expect(sent == readBack)
    case .sqlite:
      #expect(sent == nil)
    }
  }

  /// Through the import: the digest recorded is the read-back's, and `doctor` finds the
  /// chain sound, also after a second import on top.
  @Test(arguments: TestEngine.allCases, 0..<2)
  func theRecordedDigestIsTheReadBacks(_ engine: TestEngine, _ which: Int) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let catalog = try Catalog(path: location.text)
    let bytes = try Self.documents()[which]
    try catalog.importDocument(
      from: .bytes(bytes, name: "first.json"), options: WriteOptions(author: "tester"))
    try catalog.storage.read { context in
      let recorded = try context.revisionDigest(1)
      let recomputed = try RevisionChain.digest(of: 1, parent: nil, in: context)
      #expect(recorded == recomputed.hex)
      let check = try RevisionChain.verify(context)
      #expect(check.firstMismatch == nil)
      #expect(check.unsealed.isEmpty)
    }
    try catalog.importDocument(
      from: .file(Fixtures.url("generated-300-mutated.json").path),
      options: WriteOptions(author: "tester"))
    #expect(try catalog.doctor().problems.isEmpty)
  }
}

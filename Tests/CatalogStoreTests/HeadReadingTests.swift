import CatalogStorage
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// ``Catalog/readHeadAsAnImportDoes()``, what `catalog-bench head` times as the catalog's half
/// of a re-import, reads exactly head's entries, and head's index holds each one's stored
/// payload digest, the SHA-256 of its text: not a removed entry's, not an older version's.
@Suite("Head reading")
struct HeadReadingTests {
  @Test(arguments: TestEngine.allCases)
  func readsHeadsEntriesWithTheirPayloadDigests(_ engine: TestEngine) throws {
    let (location, catalog) = try CatalogImportTests.open(engine)
    defer { withExtendedLifetime(location) {} }
    /// Entries `k0`, `k1`, … whose payloads are canonical already (stored as written).
    func document(_ payloads: [Int: String]) -> DocumentSource {
      let entries = payloads.sorted { $0.key < $1.key }.map {
        #"{"kind":"k\#($0.key)","category":"c","description":"d","payload":\#($0.value)}"#
      }
      return .bytes(Array("[\(entries.joined(separator: ","))]".utf8), name: "c.json")
    }
    /// Whether head's index has every payload of `payloads` by its digest, and no other.
    func indexHoldsDigests(of payloads: [Int: String]) throws -> Bool {
      try catalog.storage.read { context in
        var index = try context.revisionIndex(at: try context.headRevision())
        guard index.count == payloads.count else { return false }
        return try payloads.allSatisfy { kind, payload in
          var name = "k\(kind)"
          guard let slot = name.withUTF8({ index.slot(of: UnsafeRawBufferPointer($0)) }) else {
            return false
          }
          let digest = try SHA256.hash(Array(payload.utf8))
          let other = try SHA256.hash(Array((payload + " ").utf8))
          return digest.bytes.withUnsafeBytes { index.payload(slot, hasDigest: $0) } == true
            && other.bytes.withUnsafeBytes { index.payload(slot, hasDigest: $0) } == false
        }
      }
    }
    func expected(_ payloads: [Int: String]) -> Int { payloads.count }
    let options = WriteOptions(author: "t")
    #expect(try catalog.readHeadAsAnImportDoes() == 0)

    var payloads = Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, #"{"v":\#($0)}"#) })
    try catalog.importDocument(from: document(payloads), options: options)
    #expect(try catalog.readHeadAsAnImportDoes() == expected(payloads))
    #expect(try indexHoldsDigests(of: payloads))

    // Two changed (longer payloads), five removed, one added: head's rows, not history's.
    payloads[3] = #"{"v":"a longer payload than before","w":[1,2,3]}"#
    payloads[7] = #"["changed"]"#
    for kind in 10..<15 { payloads[kind] = nil }
    payloads[40] = #"{"added":true}"#
    try catalog.importDocument(from: document(payloads), options: options, prune: true)
    #expect(try catalog.readHeadAsAnImportDoes() == expected(payloads))
    #expect(try indexHoldsDigests(of: payloads))
  }
}

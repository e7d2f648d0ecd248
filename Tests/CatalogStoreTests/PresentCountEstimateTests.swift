import CatalogStorage
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// ``CatalogReadContext/presentCountEstimate(at:)``, the revisions' entries added less
/// removed up to a revision (what sizes a re-import's head index), is the number of entries
/// present there after each kind of write.
@Suite("Present count estimate")
struct PresentCountEstimateTests {
  @Test(arguments: TestEngine.allCases)
  func estimateIsTheCountPresentAtEachRevision(_ engine: TestEngine) throws {
    let (location, catalog) = try CatalogImportTests.open(engine)
    defer { withExtendedLifetime(location) {} }
    func document(_ kinds: some Sequence<Int>, payload: String = "p") -> DocumentSource {
      let entries = kinds.map {
        #"{"kind":"k\#($0)","category":"c","description":"d","payload":{"v":"\#(payload)"}}"#
      }
      return .bytes(Array("[\(entries.joined(separator: ","))]".utf8), name: "c.json")
    }
    let options = WriteOptions(author: "t")
    // 1: a first import of 12; 2: 3 added, one changed (an import without --prune keeps
    // the rest); 3: 5 removed (--prune); 4: a rename; 5: a restore of revision 1 (3 gone,
    // 5 back, the rename undone).
    try catalog.importDocument(from: document(0..<12), options: options)
    try catalog.importDocument(
      from: document([0] + Array(12..<15), payload: "q"), options: options)
    try catalog.importDocument(from: document(5..<15), options: options, prune: true)
    try catalog.rename("k5", to: "renamed", options: options)
    try catalog.restore(.number(1), options: options)
    let head = try catalog.storage.read { try $0.headRevision() }
    #expect(head == 5)
    var present: [Int] = []
    var estimates: [Int] = []
    for revision in 1...head {
      present.append(try catalog.entries(at: .number(revision)).count)
      estimates.append(try catalog.storage.read { try $0.presentCountEstimate(at: revision) })
    }
    #expect(present == [12, 15, 10, 10, 12])
    #expect(estimates == present)
    // Before the first revision nothing is present.
    #expect(try catalog.storage.read { try $0.presentCountEstimate(at: 0) } == 0)
  }
}

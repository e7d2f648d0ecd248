import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// Hot reload on every engine: SQLite's `data_version`, PostgreSQL's LISTEN/NOTIFY.
@Suite("Observing a catalog, on each engine")
struct ObserverEngineTests {
  func document(_ kinds: [String]) -> [UInt8] {
    CatalogDocumentWriter.document(
      kinds.map { CatalogEntry(kind: $0, category: "c", description: "d", payload: .null) })
  }

  @Test(arguments: TestEngine.allCases)
  func anotherConnectionsCommitIsReported(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let writer = try Catalog(path: location.text)
    try writer.importDocument(
      from: .bytes(document(["a"]), name: "1"), options: WriteOptions(author: "t"))
    let mailbox = ChangeMailbox()
    let observer = try CatalogObserver(path: location.text, interval: .milliseconds(20)) {
      mailbox.post($0)
    }
    observer.start()
    defer { observer.stop() }
    try writer.importDocument(
      from: .bytes(document(["a", "b"]), name: "2"), options: WriteOptions(author: "t"))
    let change = try #require(mailbox.next(within: 20))
    #expect(change.head.id == 2 && change.previousHead == 1)
    #expect(change.added == ["b"])
    // A tag is a commit too, but not a new revision: nothing is reported.
    try writer.tag("v1", author: "t")
    #expect(mailbox.next(within: 0.5)?.head.id == nil)
  }
}

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

  /// `pg_ctl restart` under a running observer: the lost connection is reported, the
  /// observer connects again, and every revision written meanwhile is reported, in order,
  /// with nothing skipped (as one change when they landed before it was back).
  @Test func theObserverReconnectsAfterARestartAndReportsWhatItMissed() throws {
    let cluster = try PostgreSQLCluster.start()
    defer { cluster.stop() }
    let database = try PostgreSQLTestDatabase(cluster: cluster)
    try Catalog(path: database.url).importDocument(
      from: .bytes(document(["a"]), name: "1"), options: WriteOptions(author: "t"))
    let mailbox = ChangeMailbox()
    let errors = ErrorCount()
    let observer = try CatalogObserver(
      path: database.url, interval: .milliseconds(20), onError: { _ in errors.add() },
      onChange: { mailbox.post($0) })
    observer.start()
    defer { observer.stop() }
    try cluster.restart()
    // A new writer: the restart closed every connection.
    let writer = try Catalog(path: database.url)
    try writer.importDocument(
      from: .bytes(document(["a", "b"]), name: "2"), options: WriteOptions(author: "t"))
    try writer.importDocument(
      from: .bytes(document(["a", "b", "c"]), name: "3"), options: WriteOptions(author: "t"))
    var seen: Int64 = 1
    var added: [String] = []
    while seen < 3 {
      let change = try #require(mailbox.next(within: 60), "no change after head \(seen)")
      #expect(change.previousHead == seen)
      seen = change.head.id
      added += change.added
    }
    #expect(seen == 3)
    #expect(added == ["b", "c"])
    #expect(errors.count >= 1)
    // Reconnected: a later write is reported on its own.
    try writer.importDocument(
      from: .bytes(document(["a", "b", "c", "d"]), name: "4"), options: WriteOptions(author: "t"))
    let later = try #require(mailbox.next(within: 60))
    #expect(later.previousHead == 3 && later.head.id == 4 && later.added == ["d"])
  }
}

/// How many errors an observer reported.
final class ErrorCount: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is touched only while `lock` is held.
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}

import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// Collects what an observer reports, for a test to wait on.
final class ChangeMailbox: @unchecked Sendable {
  // `@unchecked Sendable`: `changes` is touched only while `lock` is held.
  private let lock = NSLock()
  private var changes: [CatalogObserver.Change] = []
  private let arrived = DispatchSemaphore(value: 0)

  func post(_ change: CatalogObserver.Change) {
    lock.withLock { changes.append(change) }
    arrived.signal()
  }

  /// The next change, or nil when none arrives within `seconds`.
  func next(within seconds: Double = 5) -> CatalogObserver.Change? {
    guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
    return lock.withLock { changes.removeFirst() }
  }

  var received: [CatalogObserver.Change] {
    lock.withLock { changes }
  }
}

@Suite("Observing a catalog for new revisions", .serialized)
struct CatalogObserverTests {
  let store: RegistryCatalog
  let mailbox = ChangeMailbox()

  init() throws {
    store = try RegistryCatalog()
  }

  func makeObserver() throws -> CatalogObserver {
    let mailbox = self.mailbox
    return try CatalogObserver(path: store.path, interval: .milliseconds(20)) { change in
      mailbox.post(change)
    }
  }

  @Test("another connection's import is reported with the new head and what changed")
  func reportsChanges() throws {
    try store.importEntries([
      entryJSON("a", "{}"), entryJSON("b", "{}"), entryJSON("c", "{}"), entryJSON("d", "{}"),
    ])
    let observer = try makeObserver()
    #expect(observer.head == 1)
    observer.start()
    defer { observer.stop() }

    // A second connection, as another process would hold.
    let writer = try Catalog(path: store.path)
    try writer.importDocument(
      from: .bytes(
        Array(
          (#"{"components": ["#
            + [
              entryJSON("d", "{}"), entryJSON("b", #"{"v": 2}"#), entryJSON("a", "{}"),
              entryJSON("e", "{}"),
            ].joined(separator: ",") + "]}").utf8),
        name: "next.json"),
      options: WriteOptions(author: "writer"), prune: true)
    let change = try #require(mailbox.next())
    #expect(change.head.id == 2 && change.previousHead == 1)
    #expect(change.added == ["e"])
    #expect(change.changed == ["b"])
    #expect(change.removed == ["c"])
    #expect(change.renamed.isEmpty)
    #expect(change.moved == ["d"])
    #expect(change.kindsToReload == ["e", "b"])
    #expect(observer.head == 2)

    try writer.rename("e", to: "f", options: WriteOptions(author: "writer"))
    let rename = try #require(mailbox.next())
    #expect(rename.head.id == 3 && rename.previousHead == 2)
    #expect(rename.renamed == [CatalogObserver.Change.Rename(from: "e", to: "f")])
    #expect(rename.added.isEmpty && rename.removed.isEmpty && rename.changed.isEmpty)
    #expect(rename.kindsToReload == ["f"])
    #expect(rename.description == "revision 3 (was 2): renamed e → f")
  }

  @Test("a write that makes no revision (a tag) is not a change")
  func tagIsNotAChange() throws {
    try store.importEntries([entryJSON("a", "{}")])
    let observer = try makeObserver()
    observer.start()
    defer { observer.stop() }
    let writer = try Catalog(path: store.path)
    try writer.tag("v1", author: "writer")
    try writer.importDocument(
      from: .bytes(Array(#"{"components": [\#(entryJSON("b", "{}"))]}"#.utf8), name: "b.json"),
      options: WriteOptions(author: "writer"))
    let change = try #require(mailbox.next())
    #expect(change.head.id == 2)
    #expect(change.description == "revision 2 (was 1): added b")
    #expect(mailbox.next(within: 0.2) == nil)
  }

  @Test("revisions written before start, and while stopped, are reported as one change")
  func changesWhileStopped() throws {
    try store.importEntries([entryJSON("a", "{}")])
    let observer = try makeObserver()
    try store.importEntries([entryJSON("a", "{}"), entryJSON("b", "{}")])
    observer.start()
    let first = try #require(mailbox.next())
    #expect(first.head.id == 2 && first.added == ["b"])
    observer.stop()
    #expect(!observer.isRunning)

    try store.importEntries([entryJSON("a", #"{"v": 1}"#), entryJSON("b", "{}")])
    try store.importEntries([entryJSON("b", "{}"), entryJSON("c", "{}")])
    #expect(mailbox.next(within: 0.2) == nil)
    observer.start()
    defer { observer.stop() }
    let catchUp = try #require(mailbox.next())
    #expect(catchUp.head.id == 4 && catchUp.previousHead == 2)
    #expect(catchUp.added == ["c"] && catchUp.removed == ["a"] && catchUp.changed.isEmpty)
  }

  @Test("after stop() returns, no callback runs; a callback may stop its own observer")
  func stop() throws {
    try store.importEntries([entryJSON("a", "{}")])
    let mailbox = self.mailbox
    let box = ObserverBox()
    let observer = try CatalogObserver(path: store.path, interval: .milliseconds(10)) { change in
      box.observer?.stop()
      mailbox.post(change)
    }
    box.observer = observer
    observer.start()
    try store.importEntries([entryJSON("b", "{}")])
    #expect(mailbox.next()?.head.id == 2)
    #expect(!observer.isRunning)
    try store.importEntries([entryJSON("c", "{}")])
    #expect(mailbox.next(within: 0.2) == nil)
    box.observer = nil
  }

  @Test("an observer that goes away stops polling and is not kept alive by its timer")
  func deinitStops() throws {
    try store.importEntries([entryJSON("a", "{}")])
    weak var released: CatalogObserver?
    do {
      let observer = try makeObserver()
      observer.start()
      released = observer
    }
    #expect(released == nil)
    try store.importEntries([entryJSON("b", "{}")])
    #expect(mailbox.next(within: 0.2) == nil)
  }

  @Test("a catalog file that does not exist is refused when the observer is made")
  func missingCatalog() throws {
    let error = try requireError(CatalogError.self) {
      try CatalogObserver(path: store.directory.path("nothing.sqlite")) { _ in }
    }
    #expect(error == .noCatalog(location: store.directory.path("nothing.sqlite"), .missing))
  }
}

/// Lets a callback reach its own observer, which exists only after the callback is made.
final class ObserverBox: @unchecked Sendable {
  // `@unchecked Sendable`: `observer` is touched only while `lock` is held.
  private let lock = NSLock()
  private var stored: CatalogObserver?

  var observer: CatalogObserver? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

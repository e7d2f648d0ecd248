import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// Collects what an observer reports, for a test to wait on.
private final class Mailbox: @unchecked Sendable {
  // `@unchecked Sendable`: `changes` is touched only while `lock` is held.
  private let lock = NSLock()
  private var changes: [CatalogObserver.Change] = []
  private let arrived = DispatchSemaphore(value: 0)

  func post(_ change: CatalogObserver.Change) {
    lock.withLock { changes.append(change) }
    arrived.signal()
  }

  /// The next change, or nil when none arrives within `seconds`.
  func next(within seconds: Double) -> CatalogObserver.Change? {
    guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
    return lock.withLock { changes.removeFirst() }
  }
}

@Suite("Hot reload: an observer sees another process's import")
struct CatalogObserverProcessTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  func document(_ entries: [(kind: String, payload: String)]) -> String {
    let texts = entries.map {
      #"{"kind": "\#($0.kind)", "category": "C", "description": "D", "payload": \#($0.payload)}"#
    }
    return #"{"components": ["# + texts.joined(separator: ", ") + "]}"
  }

  @Test("`catalog import` in a second process reaches the callback within a second or so")
  func importInAnotherProcess() throws {
    try directory.write(
      "first.json",
      document([("tile-preview", #"{"title": "A"}"#), ("card", "{}"), ("old", "{}")]))
    let first = try CatalogProcess.run(["import", "first.json", "-m", "first"], in: directory)
    try #require(first.status == 0, "\(first)")

    let mailbox = Mailbox()
    let observer = try CatalogObserver(path: directory.path("components.sqlite")) { change in
      mailbox.post(change)
    }
    #expect(observer.interval == .milliseconds(250))
    observer.start()
    defer { observer.stop() }

    try directory.write(
      "second.json",
      document([("tile-preview", #"{"title": "B"}"#), ("card", "{}"), ("hero", "{}")]))
    let started = Date()
    let second = try CatalogProcess.run(
      ["import", "second.json", "--prune", "-m", "second"], in: directory)
    try #require(second.status == 0, "\(second)")
    #expect(second.stdout == "revision 2: 1 added, 1 changed, 1 removed\n")

    let change = try #require(mailbox.next(within: 5), "no callback within 5 seconds")
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(change.head.id == 2)
    #expect(change.head.message == "second")
    #expect(change.previousHead == 1)
    #expect(change.added == ["hero"])
    #expect(change.changed == ["tile-preview"])
    #expect(change.removed == ["old"])
    #expect(
      change.description == "revision 2 (was 1): added hero; changed tile-preview; removed old")
    #expect(observer.head == 2)
  }
}

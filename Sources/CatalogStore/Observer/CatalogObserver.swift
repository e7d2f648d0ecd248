import Components
import Foundation

/// Notices when another process writes a new revision to a catalog, and says what changed:
/// the hot-reload hook of a running gallery or preview app.
///
/// ```swift
/// let observer = try CatalogObserver(path: "components.sqlite") { change in
///   // On the observer's queue, within `interval` of the other process's commit.
///   print(change)  // revision 8 (was 7): changed card; added hero
///   Task { @MainActor in gallery.reload(at: change.head.id, kinds: change.kindsToReload) }
/// }
/// observer.start()
/// …
/// observer.stop()  // or let it go: deinit stops it
/// ```
///
/// It polls the catalog's change counter (``Catalog/externalChangeCounter()``: SQLite's
/// `PRAGMA data_version`; the PostgreSQL engine's own) on its own read-only connection, every `interval` (250 ms by default), on a private serial dispatch
/// queue. The counter changes whenever another connection commits; only then does the
/// observer read head, and only when head is a new revision (not, say, a new tag) does it
/// compare the catalogs at the two heads (``Catalog/diff(from:to:)``, the same answer as
/// `catalog diff @old @new`) and call back. Polling SQLite's counter costs microseconds
/// and works the same on every platform and file system, which file-change notifications do
/// not (the writes land in the `-wal` file, and not every file system reports them).
///
/// The observer is a `final class` guarded by a lock rather than an actor: `start()` and
/// `stop()` must be callable from synchronous code (an app's `init`, a test, `deinit`), and
/// `stop()` gives a synchronous guarantee an actor could not: once it returns, no callback is
/// running and none will start.
///
/// The first head is read when the observer is created, so a revision written between
/// `init` and `start()` is reported at the first poll; after `stop()` and `start()` again,
/// the revisions written in between are reported as one change.
///
/// A connection that is lost (a PostgreSQL server that restarts or goes away: the poll
/// fails with ``CatalogError/unavailable(location:reason:)``) is reported once to `onError`
/// and dropped; the observer then opens a new one, skipping 1, 2, 4, … polls between
/// attempts (at most about 30 seconds' worth), reporting each failed attempt. Once it is
/// back it reads head and reports, as one change from the last head it saw, every revision
/// written while it was away (notifications sent meanwhile are lost with the connection).
public final class CatalogObserver: @unchecked Sendable {
  // `@unchecked Sendable` is safe: `connection` (a `Catalog`, which must not cross threads at
  // the same time) and the reconnection state (`skipped`, `backoff`) are used in `init` and
  // afterwards only on the serial `queue`; every other mutable property is read and written
  // only while `lock` is held; the callbacks are `@Sendable`.

  /// Called with each new head; runs on the observer's queue.
  public typealias ChangeHandler = @Sendable (Change) -> Void

  /// Called when a poll fails (the catalog became unreadable); polling continues.
  public typealias ErrorHandler = @Sendable (any Error) -> Void

  /// The catalog database file.
  public let path: String

  /// Time between polls.
  public let interval: Duration

  private let onChange: ChangeHandler
  private let onError: ErrorHandler?
  private let queue: DispatchQueue
  private let queueKey = DispatchSpecificKey<Void>()
  /// The read-only connection; nil while it is lost (on `queue` only).
  private var connection: Catalog?
  /// Polls to skip before the next attempt to reconnect, and the next such wait (on `queue`).
  private var skipped = 0
  private var backoff = 1
  private let lock = NSLock()

  // Guarded by `lock`.
  private var timer: (any DispatchSourceTimer)?
  private var generation = 0
  private var counter: Int64
  private var lastHead: Int64

  /// Opens the catalog read-only and reads its head; polling starts with `start()`.
  ///
  /// - Parameters:
  ///   - path: The catalog database file; it must exist (the first write that lands, such as
  ///     an import, creates it; opening a `Catalog` alone does not).
  ///   - interval: Time between polls; at least 1 ms (shorter values are raised to it).
  ///   - onError: Called on the observer's queue when a poll fails; the next poll retries.
  ///   - onChange: Called on the observer's queue with each new head and what changed.
  /// - Throws: ``CatalogError`` when the catalog cannot be opened or read.
  public init(
    path: String, interval: Duration = .milliseconds(250), onError: ErrorHandler? = nil,
    onChange: @escaping ChangeHandler
  ) throws {
    self.path = path
    self.interval = max(interval, .milliseconds(1))
    self.onChange = onChange
    self.onError = onError
    self.queue = DispatchQueue(label: "CatalogObserver", qos: .utility)
    let connection = try Catalog(path: path, options: Catalog.Options(readOnly: true))
    self.connection = connection
    self.counter = try connection.externalChangeCounter()
    self.lastHead = try connection.head()?.id ?? 0
    queue.setSpecific(key: queueKey, value: ())
  }

  deinit {
    // A poll in progress holds a strong reference, so none runs now; cancelling stops the
    // timer from scheduling another.
    timer?.cancel()
  }

  /// The newest head the observer has seen (0 for an empty catalog).
  public var head: Int64 {
    lock.withLock { lastHead }
  }

  /// Whether the observer is polling.
  public var isRunning: Bool {
    lock.withLock { timer != nil }
  }

  /// Starts polling; does nothing when already started.
  public func start() {
    lock.withLock {
      guard timer == nil else { return }
      generation += 1
      let current = generation
      let timer = DispatchSource.makeTimerSource(queue: queue)
      let nanoseconds =
        interval.components.seconds * 1_000_000_000
        + interval.components.attoseconds / 1_000_000_000
      let repeating = DispatchTimeInterval.nanoseconds(Int(clamping: nanoseconds))
      timer.schedule(deadline: .now() + repeating, repeating: repeating, leeway: .milliseconds(10))
      timer.setEventHandler { [weak self] in
        self?.poll(generation: current)
      }
      self.timer = timer
      timer.resume()
    }
  }

  /// Stops polling.
  ///
  /// Waits for a poll in progress to finish, so that once it returns no callback is running
  /// and none will start. Called from a callback, it returns at once (the callback itself is
  /// the poll in progress).
  public func stop() {
    let stopped: (any DispatchSourceTimer)? = lock.withLock {
      defer { timer = nil }
      generation += 1
      return timer
    }
    stopped?.cancel()
    if DispatchQueue.getSpecific(key: queueKey) == nil {
      queue.sync {}
    }
  }

  /// The longest wait between two attempts to reconnect, in polls: about 30 seconds.
  private var maximumBackoff: Int {
    let seconds =
      Double(interval.components.seconds)
      + Double(interval.components.attoseconds) / 1e18
    return max(1, min(1 << 20, Int(30 / max(seconds, 0.001))))
  }

  /// Checks the counter once and reports a new head; on `queue`.
  private func poll(generation current: Int) {
    let last: Int64? = lock.withLock { generation == current ? counter : nil }
    guard let last else { return }
    guard let connection else {
      reconnect(generation: current)
      return
    }
    do {
      let now = try connection.externalChangeCounter()
      guard now != last else { return }
      try report(from: connection, counter: now, generation: current)
    } catch {
      if case CatalogError.unavailable = error {
        // The server went away: a new connection, after a wait that grows.
        self.connection = nil
        (skipped, backoff) = (0, 1)
      }
      onError?(error)
    }
  }

  /// Reads head on `connection` and, when it is a new revision, reports what changed since
  /// the last head seen; records `counter`.
  private func report(from connection: Catalog, counter now: Int64, generation current: Int)
    throws
  {
    let head = try connection.head()
    let headID = head?.id ?? 0
    let previous: Int64? = lock.withLock {
      guard generation == current else { return nil }
      defer { (counter, lastHead) = (now, headID) }
      return lastHead
    }
    // A commit that wrote no revision (a tag) changes the counter but not head.
    guard let previousHead = previous, let head, head.id != previousHead else { return }
    // History is append-only, so the previous head can still be read.
    let diff = try connection.storage.read { context in
      try Catalog.diff(from: previousHead, to: head.id, in: context)
    }
    onChange(Change(diff, head: head, previousHead: previousHead))
  }

  /// One attempt to open a new connection, unless the wait since the last is not over; once
  /// connected, what was missed is reported.
  private func reconnect(generation current: Int) {
    if skipped < backoff - 1 {
      skipped += 1
      return
    }
    skipped = 0
    do {
      let connection = try Catalog(path: path, options: Catalog.Options(readOnly: true))
      let now = try connection.externalChangeCounter()
      self.connection = connection
      backoff = 1
      try report(from: connection, counter: now, generation: current)
    } catch {
      backoff = min(backoff * 2, maximumBackoff)
      onError?(error)
    }
  }
}

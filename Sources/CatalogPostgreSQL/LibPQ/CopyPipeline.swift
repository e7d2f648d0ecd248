import Foundation

/// Sends batches of COPY rows on a thread of its own, so that the thread that encodes the
/// rows (a first import's, which also reads the document) goes on while the server takes
/// the previous batch: the two halves then take about as long as the larger of them rather
/// than their sum.
///
/// A batch is a list of `COPY … FROM STDIN` statements with their rows, run in order by
/// ``Connection/copyIn(_:rows:)``. At most one batch waits while another is sent, so memory
/// stays two batches whatever the number of rows. While a pipeline runs, the connection is
/// its thread's: the owner touches it again only after ``drain()`` (or ``stop()``) returns.
///
///     let pipeline = CopyPipeline(connection: connection)
///     try pipeline.send([("COPY payload (id, hash, json) FROM STDIN (FORMAT binary)", rows)])
///     try pipeline.drain()  // every batch sent; the first error, if one was
///     pipeline.stop()
final class CopyPipeline: @unchecked Sendable {
  // `@unchecked Sendable`: the pipeline crosses to its thread. `waiting`, `busy`, `error`,
  // `stopping` and `running` are guarded by `condition`; the connection is used by the
  // thread alone from `init` until `stop()` has waited for it to end, and by the owner only
  // between a `drain()` that returned and the next `send(_:)`, while the thread waits.

  /// One batch: statements and their rows, in order.
  typealias Batch = [(sql: String, rows: CopyBuffer)]

  private let connection: Connection
  private let condition = NSCondition()
  private var waiting: Batch?
  private var busy = false
  private var stopping = false
  private var running = true
  private var error: (any Error)?

  init(connection: Connection) {
    self.connection = connection
    let thread = Thread { [self] in self.run() }
    thread.name = "catalog COPY sender"
    thread.start()
  }

  /// Hands `batch` to the thread, waiting while another batch is waiting.
  ///
  /// - Throws: the error of an earlier batch, if one failed (this batch is then not sent).
  func send(_ batch: Batch) throws {
    condition.lock()
    defer { condition.unlock() }
    while waiting != nil && error == nil { condition.wait() }
    if let error { throw error }
    waiting = batch
    condition.broadcast()
  }

  /// Waits until every batch handed over has been sent.
  ///
  /// - Throws: the first error a batch met; the connection is then in a failed transaction.
  func drain() throws {
    condition.lock()
    defer { condition.unlock() }
    while (waiting != nil || busy) && error == nil { condition.wait() }
    if let error { throw error }
  }

  /// Ends the thread once the batch being sent is done (a batch still waiting is dropped)
  /// and waits for it.
  func stop() {
    condition.lock()
    stopping = true
    waiting = nil
    condition.broadcast()
    while running { condition.wait() }
    condition.unlock()
  }

  private func run() {
    condition.lock()
    while true {
      while waiting == nil && !stopping { condition.wait() }
      guard let batch = waiting, !stopping, error == nil else { break }
      waiting = nil
      busy = true
      condition.broadcast()
      condition.unlock()
      var failure: (any Error)?
      do {
        for (sql, rows) in batch where !rows.isEmpty {
          try connection.copyIn(sql, rows: rows)
        }
      } catch {
        failure = error
      }
      condition.lock()
      busy = false
      if let failure, error == nil { error = failure }
      condition.broadcast()
    }
    running = false
    condition.broadcast()
    condition.unlock()
  }
}

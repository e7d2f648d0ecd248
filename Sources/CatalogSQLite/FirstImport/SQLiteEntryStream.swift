import CatalogStorage
import Components
import Foundation

/// Stores the entries of an import into an empty catalog on a second thread while the
/// caller reads the document on its own: the two halves of a first import (parsing the
/// JSON, and SQLite inserting the rows) then take about as long as the larger of them
/// rather than their sum.
///
/// The caller copies each entry into a batch; full batches go through a queue of at most
/// ``poolSize`` batches (so memory stays a few hundred kilobytes, whatever the document's
/// size) to the writer thread, which interns the payloads, numbers the components and
/// inserts the entry versions from the batch itself (``SQLiteContext/insertVersions(_:firstComponent:revision:payloadIDs:orderKeys:)``:
/// multi-row statements holding what a first import's rows share). The rows are those `ChangePlanner` writes for an empty catalog (components and
/// payloads numbered in document order), except that order keys are spaced for an upper
/// bound of the entry count (``OrderKey/evenlySpaced(_:of:)``), as the count is not known
/// until the end.
///
/// The caller must not use the context from ``SQLiteContext/streamAddedEntries(revision:capacity:)``
/// until ``finish(kinds:)`` or ``cancel()`` returns.
final class SQLiteEntryStream: AddedEntryStream, @unchecked Sendable {
  // `@unchecked Sendable`: the stream crosses to its writer thread. Its mutable state is
  // either guarded by `condition` (the queue, the pool, `error`, `closed`, `running`) or
  // owned by one side at a time: `current` and `added` by the caller; `keys`, the spare
  // buffers, `firstComponent` and `numbered` by the writer thread (the caller reads
  // `firstComponent` only after the thread has ended, under the lock); the batches by
  // whoever took them from the queue or the pool under the lock; `context`, and with it the
  // SQLite connection, by the writer thread from `start()` until it ends, which
  // `finish(kinds:)` and `cancel()` wait for under the lock. The lock's hand-offs order
  // those accesses.

  /// Entries per batch and batches in flight.
  static let batchSize = 256
  static let poolSize = 4

  /// The write's context, owned by the writer thread while it runs; dropped when it ends, so
  /// that the thread, which may outlive ``finish(kinds:)`` and ``cancel()`` for a moment, keeps no
  /// connection (nor a catalog file still being created) alive after them.
  private var context: SQLiteContext?
  private let revision: Int64
  private let condition = NSCondition()
  private var pool: [EntryBatch]
  private var queue: [EntryBatch] = []
  private var closed = false
  private var cancelled = false
  private var running = false
  private var error: (any Error)?
  /// Every batch, for the stream's life: what keeps ``current`` alive.
  private let batches: [EntryBatch]
  /// The batch the caller is filling, one of ``batches``.
  private var current: Unmanaged<EntryBatch>?
  private var added = 0
  /// The order keys, evenly spaced for `capacity` entries (should the document hold more,
  /// which it cannot: `capacity` is its size over the smallest entry's, keys after the last).
  private var keys: AddedEntryKeys
  /// The writer thread's buffers for a batch's hashes, payload ids and order keys.
  private var spareHashes: [Int64] = []
  private var sparePayloadIDs: [Int64] = []
  private var spareOrderKeys = ByteStrings()

  /// The write's context for the caller's last step, the sorted `kind_version` rows
  /// (``finish(kinds:)``); weak, so that the stream keeps no connection alive.
  private weak var callerContext: SQLiteContext?
  /// The component of the first entry, once the writer thread numbered it (read by the
  /// caller once the thread has ended).
  private var firstComponent: Int64?
  /// The entries the writer thread numbered so far: entry `i`'s component is
  /// ``firstComponent`` + `i`, which the `kind_version` rows made at the end rely on.
  private var numbered = 0

  init(context: SQLiteContext, revision: Int64, capacity: Int) {
    self.context = context
    self.callerContext = context
    self.revision = revision
    self.keys = AddedEntryKeys(capacity: capacity)
    self.batches = (0..<Self.poolSize).map { _ in EntryBatch() }
    self.pool = batches
  }

  func start() {
    running = true
    let thread = Thread { [self] in self.run() }
    thread.name = "catalog import writer"
    thread.start()
  }

  // MARK: - The caller's side

  func add(_ entry: RawCatalogEntry) throws {
    // The batch through an unretained reference (``batches`` keeps every batch alive): a
    // strong one was a retain and a release per entry.
    let batch: Unmanaged<EntryBatch>
    if let current {
      batch = current
    } else {
      batch = .passUnretained(try takeFreeBatch())
      current = batch
    }
    // The caller's thread, which parses the document, is the longer half of the import: it
    // only copies the entry's texts. The payload's hash and the order key are worked out by
    // the writer thread (``store(_:)``).
    let full = batch._withUnsafeGuaranteedRef {
      $0.append(entry)
      return $0.count == Self.batchSize
    }
    added += 1
    if full {
      current = nil
      try submit(batch.takeUnretainedValue())
    }
  }

  /// Waits for the writer thread to store every entry, then inserts the `kind_version` rows
  /// in key order. The two tables a first import fills from memory in key order are done on
  /// both threads at once: the caller sorts the kinds while the writer stores the last
  /// batches and inserts the `payload_hash` rows, then the caller inserts them.
  ///
  /// The kinds are the document reader's (entry `i`'s is string `i`): the writer keeps no
  /// copy of its own, which was 2 MiB for 100,000 entries, and a copying append per row.
  func finish(kinds: ByteStrings) throws -> Int {
    if let batch = current?.takeUnretainedValue(), batch.count > 0 {
      current = nil
      try submit(batch)
    }
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
    guard kinds.count == added else {
      cancel()
      throw CatalogError.internalError(
        "the import's \(kinds.count) kinds are not its \(added) entries")
    }
    // The rows' components are consecutive, so they order as the rows do, whichever
    // component comes first: the order is found before the writer says which one it is.
    let order = KindRows(kinds: kinds, revision: revision, firstComponent: 1).sortedOrder()
    condition.lock()
    while running { condition.wait() }
    let failure = error
    let first = firstComponent
    condition.unlock()
    if let failure { throw failure }
    if let first {
      guard let context = callerContext else {
        throw CatalogError.internalError("the import's write ended before its last rows")
      }
      try context.insertKindRows(
        KindRows(kinds: kinds, revision: revision, firstComponent: first), in: order)
    }
    return added
  }

  func cancel() {
    condition.lock()
    cancelled = true
    closed = true
    condition.broadcast()
    while running { condition.wait() }
    condition.unlock()
  }

  private func takeFreeBatch() throws -> EntryBatch {
    condition.lock()
    defer { condition.unlock() }
    while pool.isEmpty && error == nil { condition.wait() }
    if let error { throw error }
    return pool.removeLast()
  }

  private func submit(_ batch: EntryBatch) throws {
    condition.lock()
    defer { condition.unlock() }
    if let error { throw error }
    queue.append(batch)
    condition.broadcast()
  }

  // MARK: - The writer thread

  private func run() {
    while true {
      condition.lock()
      while queue.isEmpty && !closed { condition.wait() }
      guard !queue.isEmpty, !cancelled else {
        let finishing = !cancelled && error == nil
        condition.unlock()
        if finishing { storeDeferredRows() }
        condition.lock()
        context = nil
        running = false
        condition.broadcast()
        condition.unlock()
        return
      }
      let batch = queue.removeFirst()
      let failed = error != nil
      condition.unlock()

      var failure: (any Error)?
      if !failed {
        do {
          try store(batch)
        } catch {
          failure = error
        }
      }

      condition.lock()
      if let failure, error == nil { error = failure }
      batch.removeAll()
      pool.append(batch)
      condition.broadcast()
      condition.unlock()
    }
  }

  /// After the last batch: inserts what is left of the entry versions, leaving their
  /// `kind_version` rows to the caller, then the `payload_hash` rows in key order.
  private func storeDeferredRows() {
    guard let context else { return }
    do {
      try context.endKindRowDeferral()
      try context.insertDeferredPayloadHashes(forgettingStoredPayloads: true)
    } catch {
      condition.lock()
      if self.error == nil { self.error = error }
      condition.unlock()
    }
  }

  /// Interns the payloads, numbers the components and appends the versions of a batch.
  private func store(_ batch: EntryBatch) throws {
    guard let context else { return }
    // The writer's buffers, reused from batch to batch.
    var hashes = spareHashes
    var payloadIDs = sparePayloadIDs
    var orderKeys = spareOrderKeys
    defer {
      spareHashes = hashes
      sparePayloadIDs = payloadIDs
      spareOrderKeys = orderKeys
    }
    hashes.removeAll(keepingCapacity: true)
    payloadIDs.removeAll(keepingCapacity: true)
    orderKeys.removeAll()
    try batch.withRows { rows in
      // Four payloads hashed at a time (``JSONText/stableHashes(count:of:_:)``).
      hashes.append(contentsOf: repeatElement(0, count: batch.count))
      hashes.withUnsafeMutableBufferPointer { hashes in
        JSONText.stableHashes(count: batch.count, of: { rows.payload($0) }) { hashes[$0] = $1 }
      }
      hashes.withUnsafeBufferPointer { context.storedPayloads.warm(for: $0) }
      // The batch's bytes live until this closure returns, and are inserted before then.
      try context.lendingPayloads {
        for entry in 0..<batch.count {
          payloadIDs.append(
            try context.internPayload(bytes: rows.payload(entry), hash: hashes[entry]))
        }
      }
    }
    let firstComponent = try context.newComponents(count: batch.count)
    if self.firstComponent == nil { self.firstComponent = firstComponent }
    // ``finish(kinds:)`` makes the `kind_version` rows from the first component alone.
    guard firstComponent == (self.firstComponent ?? 0) + Int64(numbered) else {
      throw CatalogError.database(
        .inconsistent("a first import's components are not consecutive (\(firstComponent))"))
    }
    numbered += batch.count
    for _ in 0..<batch.count { keys.appendNextKey(to: &orderKeys) }
    try context.insertVersions(
      batch, firstComponent: firstComponent, revision: revision, payloadIDs: payloadIDs,
      orderKeys: orderKeys)
    context.soundVersions.add(count: batch.count, revision: revision, payloadIDs: payloadIDs)
  }
}

/// Entry versions whose references hold by construction: a first import's stream appends
/// them with its own revision, which the write inserted before it, and with payload ids
/// that ``SQLiteContext/internPayload(bytes:hash:)`` returned, each the id of a payload it
/// found by lookup or inserted (its insert checked to have given that id). What is left to
/// check before commit is that the revision is still there and the ids are in the table's
/// range, not each row's parents.
struct SoundRows {
  private(set) var count = 0
  private(set) var revision: Int64?
  private(set) var payloadIDs: ClosedRange<Int64>?

  /// Adds `added` rows of `revision` whose payloads are `ids`.
  ///
  /// - Precondition: All rows are of one revision, as a stream's are.
  mutating func add(count added: Int, revision: Int64, payloadIDs ids: [Int64]) {
    guard added > 0, let low = ids.min(), let high = ids.max() else { return }
    precondition(self.revision == nil || self.revision == revision, "sound rows of two revisions")
    count += added
    self.revision = revision
    payloadIDs = payloadIDs.map { min($0.lowerBound, low)...max($0.upperBound, high) } ?? low...high
  }
}

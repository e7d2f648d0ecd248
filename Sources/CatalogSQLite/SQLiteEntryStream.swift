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
/// size) to the writer thread, which interns the payloads, creates the components and
/// appends the entry versions through the same ``SQLiteContext`` methods as any other
/// write. The rows are those `ChangePlan` writes for an empty catalog (components and
/// payloads numbered in document order), except that order keys are spaced for an upper
/// bound of the entry count (``OrderKey/evenlySpaced(_:of:)``), as the count is not known
/// until the end.
///
/// The caller must not use the context from ``SQLiteContext/streamAddedEntries(revision:capacity:)``
/// until ``finish()`` or ``cancel()`` returns.
final class SQLiteEntryStream: AddedEntryStream, @unchecked Sendable {
  // `@unchecked Sendable`: the stream crosses to its writer thread. Its mutable state is
  // either guarded by `condition` (the queue, the pool, `error`, `closed`, `running`) or
  // owned by one side at a time: `current`, `added` and `lastKey` by the caller; the batches by whoever
  // took them from the queue or the pool under the lock; `context`, and with it the SQLite
  // connection, by the writer thread from `start()` until it ends, which `finish()` and
  // `cancel()` wait for under the lock. The lock's hand-offs order those accesses.

  /// Entries per batch and batches in flight.
  static let batchSize = 256
  static let poolSize = 4

  private let context: SQLiteContext
  private let revision: Int64
  private let capacity: Int
  private let condition = NSCondition()
  private var pool: [EntryBatch]
  private var queue: [EntryBatch] = []
  private var closed = false
  private var cancelled = false
  private var running = false
  private var error: (any Error)?
  /// The batch the caller is filling.
  private var current: EntryBatch?
  private var added = 0
  /// The last order key, when more entries come than `capacity` allowed for (which the
  /// bound makes impossible; see `key(_:)`).
  private var lastKey: String?

  init(context: SQLiteContext, revision: Int64, capacity: Int) {
    self.context = context
    self.revision = revision
    self.capacity = max(1, capacity)
    self.pool = (0..<Self.poolSize).map { _ in EntryBatch() }
  }

  func start() {
    running = true
    let thread = Thread { [self] in self.run() }
    thread.name = "catalog import writer"
    thread.start()
  }

  // MARK: - The caller's side

  func add(_ entry: RawCatalogEntry) throws {
    if current == nil { current = try takeFreeBatch() }
    // The payload's hash and the order key are worked out here, on the caller's thread,
    // which has time to spare: the writer's is the longer half.
    current?.append(entry, position: key(added))
    added += 1
    if let batch = current, batch.count == Self.batchSize {
      current = nil
      try submit(batch)
    }
  }

  func finish() throws -> Int {
    if let batch = current, batch.count > 0 {
      current = nil
      try submit(batch)
    }
    condition.lock()
    closed = true
    condition.broadcast()
    while running { condition.wait() }
    let failure = error
    condition.unlock()
    if let failure { throw failure }
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

  /// Interns the payloads, creates the components and appends the versions of a batch.
  private func store(_ batch: EntryBatch) throws {
    var payloadIDs: [Int64] = []
    payloadIDs.reserveCapacity(batch.count)
    try batch.texts.withStorage { texts in
      for entry in 0..<batch.count {
        payloadIDs.append(
          try context.internPayload(
            bytes: texts[batch.id(entry, .payload)], hash: batch.payloadHash(entry)))
      }
    }
    let firstComponent = try context.newComponents(count: batch.count, in: revision)
    try batch.texts.withStorage { texts in
      for entry in 0..<batch.count {
        try context.appendVersion(
          bytes: VersionRowBytes(
            componentID: firstComponent + Int64(entry), change: .added,
            kind: texts[batch.id(entry, .kind)], category: texts[batch.id(entry, .category)],
            description: texts[batch.id(entry, .description)], payloadID: payloadIDs[entry],
            extra: batch.has(entry, .extra) ? texts[batch.id(entry, .extra)] : nil,
            keyOrder: batch.has(entry, .keyOrder) ? texts[batch.id(entry, .keyOrder)] : nil,
            position: texts[batch.id(entry, .position)]),
          in: revision)
      }
    }
  }

  /// The order key of entry `index`: evenly spaced for `capacity` entries, and should the
  /// document hold more (it cannot: `capacity` is its size over the smallest entry's), keys
  /// after the last.
  private func key(_ index: Int) -> String {
    let key =
      index < capacity
      ? OrderKey.evenlySpaced(index, of: capacity)
      : OrderKey.keys(count: 1, after: lastKey, before: nil)[0]
    if index >= capacity - 1 { lastKey = key }
    return key
  }
}

/// The entries of one batch, their texts copied into one buffer.
final class EntryBatch {
  enum Field: Int, CaseIterable {
    case kind, category, description, payload, extra, keyOrder, position
  }

  private(set) var texts = ByteStrings()
  /// Per entry, bit 0: it has extra members; bit 1: its member order is not the standard one.
  private var flags: [UInt8] = []
  /// Per entry, ``JSONText/stableHash`` of the payload.
  private var hashes: [Int64] = []

  var count: Int { flags.count }

  func payloadHash(_ entry: Int) -> Int64 { hashes[entry] }

  func append(_ entry: RawCatalogEntry, position: String) {
    hashes.append(entry.payload.withUnsafeBytes { JSONText.stableHash(of: $0) })
    entry.kind.withUnsafeBytes { _ = texts.append($0) }
    entry.category.withUnsafeBytes { _ = texts.append($0) }
    entry.description.withUnsafeBytes { _ = texts.append($0) }
    entry.payload.withUnsafeBytes { _ = texts.append($0) }
    // The rare members beyond the standard four, as ChangePlan stores them.
    let extra = entry.extraMembers.isEmpty ? nil : EntryCodec.extraBytes(entry.extraMembers)
    let keyOrder = entry.memberOrder.map(EntryCodec.keyOrderBytes)
    texts.append(extra ?? [])
    texts.append(keyOrder ?? [])
    texts.append(position)
    flags.append((extra == nil ? 0 : 1) | (keyOrder == nil ? 0 : 2))
  }

  /// The id in `texts` of a field of an entry.
  func id(_ entry: Int, _ field: Field) -> Int { entry * Field.allCases.count + field.rawValue }

  /// Whether an entry has the optional field (`extra` or `keyOrder`).
  func has(_ entry: Int, _ field: Field) -> Bool {
    field == .extra ? flags[entry] & 1 != 0 : flags[entry] & 2 != 0
  }

  func removeAll() {
    texts.removeAll()
    flags.removeAll(keepingCapacity: true)
    hashes.removeAll(keepingCapacity: true)
  }
}

import Components
import Foundation

/// Reads a components.json document on a thread of its own, ahead of the caller, handing the
/// entries over in batches: an import against head then parses the document while the
/// caller's thread reads head's rows and compares entries with them, so the import takes
/// about as long as the larger of the two halves instead of their sum.
///
/// The reading thread touches no database: the catalog's connection, its transaction and
/// everything the write reads and writes stay on the caller's thread, as in any other write,
/// on every engine. What crosses is bytes (``ReadEntryBatch``), through a queue of at most
/// ``maxBytesAhead`` bytes, so memory stays bounded whatever the document's size.
///
/// The caller gets the batches in document order and, after the last, the end or the
/// document's problem (``next()``): exactly what reading it on its own thread would have
/// given, in the same order. ``cancel()`` (after an error of the caller's) stops the reading
/// thread at its next batch.
final class DocumentReadAhead: @unchecked Sendable {
  // `@unchecked Sendable`: the object is shared with its reading thread. Its mutable state
  // (the queue, the held and free batches, the kinds, the outcome, the flags) is guarded by
  // `condition`; a batch belongs to whoever took it from the queue or the free list under
  // the lock, and the document reader to the reading thread alone.

  /// Entries per batch.
  static let batchSize = 512
  /// The most bytes of entries read and not yet taken: enough for the reading thread not to
  /// wait while the caller reads head's rows (for 100,000 entries 8 MiB made it wait a fifth
  /// of the re-import: docs/maintainers/benchmark-rounds.md, round six), small against the document's own
  /// size.
  static let maxBytesAhead = 16 << 20

  private let source: DocumentSource
  private let limits: DocumentLimits
  private let condition = NSCondition()
  private var queue: [ReadEntryBatch] = []
  private var queuedBytes = 0
  private var free: [ReadEntryBatch] = []
  private var cancelled = false
  /// Set when the reading thread is done: the document's frame, or the error that ended it.
  private var outcome: Result<DocumentFrame, any Error>?
  /// Kinds to look entries up in, handed over by the caller (``useKnownKinds(_:)``) and not
  /// yet taken by the reading thread.
  private var knownKinds: KnownKinds?
  /// Whether head's kinds were taken (or the document ended first): until then full batches
  /// are held back, counted in `queuedBytes`, so that their entries can be told what was
  /// found of their kinds before the caller, who needs head to compare them, takes them.
  private var adopted = false
  /// Whether the caller gave head's kinds (``useKnownKinds(_:)``): a caller that did not
  /// gets held batches as they are when it asks for one.
  private var kindsGiven = false
  private var held: [ReadEntryBatch] = []
  private var total: Int?

  private let batchSize: Int
  private let maxBytesAhead: Int
  /// Whether the reading thread has ended (for tests: ``cancel()`` does not wait for it).
  private var ended = false

  /// A reader of `source`, whose batches hold `batchSize` entries and which reads ahead by
  /// at most `maxBytesAhead` bytes of entries (at least one batch).
  init(
    source: DocumentSource, limits: DocumentLimits, batchSize: Int = DocumentReadAhead.batchSize,
    maxBytesAhead: Int = DocumentReadAhead.maxBytesAhead
  ) {
    self.source = source
    self.limits = limits
    self.batchSize = max(1, batchSize)
    self.maxBytesAhead = maxBytesAhead
  }

  /// Starts the reading thread.
  func start() {
    let thread = Thread { [self] in self.run() }
    thread.name = "catalog document reader"
    thread.start()
  }

  // MARK: - The caller's side

  /// The next batch of entries, in document order, or nil after the last entry of a valid
  /// document; give the batch back with ``recycle(_:)`` once done with it.
  ///
  /// - Throws: what reading the document threw, after every batch read before it:
  ///   ``CatalogError/invalidDocument(source:_:)`` or ``CatalogError/unreadable(path:reason:)``.
  func next() throws -> ReadEntryBatch? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && outcome == nil {
      // A caller that gives no kinds gets the held batches as they are.
      if !kindsGiven && !held.isEmpty {
        tellHeld(nil)
        continue
      }
      condition.wait()
    }
    if !queue.isEmpty {
      let batch = queue.removeFirst()
      queuedBytes -= batch.byteCount
      condition.broadcast()
      return batch
    }
    if case .failure(let error) = outcome { throw error }
    return nil
  }

  /// Takes back a batch the caller is done with.
  func recycle(_ batch: consuming ReadEntryBatch) {
    batch.removeAll()
    condition.lock()
    free.append(batch)
    condition.unlock()
  }

  /// The document's size in bytes when it is known (a regular file, bytes in memory), once
  /// ``next()`` has returned a batch.
  var totalBytes: Int? {
    condition.lock()
    defer { condition.unlock() }
    return total
  }

  /// The document's frame, once ``next()`` has returned nil.
  var frame: DocumentFrame? {
    condition.lock()
    defer { condition.unlock() }
    return try? outcome?.get()
  }

  /// Lets the reading thread look the kinds it reads next up in `kinds` (head's), for its
  /// duplicate check and for the caller (``RawCatalogEntry/knownKind``); see
  /// ``CatalogDocumentReader/useKnownKinds(_:)``.
  func useKnownKinds(_ kinds: KnownKinds) {
    condition.lock()
    knownKinds = kinds
    kindsGiven = true
    condition.broadcast()
    condition.unlock()
  }

  /// Stops the reading thread at its next batch, without waiting for it: it may be waiting
  /// for standard input or a pipe, which an error of the caller's must not wait for. The
  /// thread holds nothing of the caller's (the file it reads is its own, closed as it ends).
  func cancel() {
    condition.lock()
    cancelled = true
    queue.removeAll()
    queuedBytes = 0
    condition.broadcast()
    condition.unlock()
  }

  // MARK: - The reading thread

  private func run() {
    let result: Result<DocumentFrame, any Error>
    do {
      result = .success(try read())
    } catch let diagnostics as JSONDiagnostics {
      result = .failure(CatalogError.invalidDocument(source: source.name, diagnostics))
    } catch {
      result = .failure(error)
    }
    condition.lock()
    outcome = result
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until the reading thread has ended, for at most `seconds`; whether it has.
  func waitUntilEnded(seconds: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while !ended {
      if !condition.wait(until: deadline) { return ended }
    }
    return true
  }

  /// Reads the document into batches; returns its frame, or throws when it is invalid, or
  /// ``Cancelled`` when the caller gave up.
  private func read() throws -> DocumentFrame {
    try source.withReader(maxDepth: limits.maxDepth, maxSize: limits.maxSize) { reader, total in
      condition.lock()
      self.total = total
      condition.unlock()
      // Head's kinds come later (useKnownKinds), and the reader's own table then holds only
      // the kinds head lacks: it is not sized for the whole document's.
      let document = CatalogDocumentReader(reader, options: .init(knownKindsComeLater: true))
      var batch = try takeFreeBatch(document, textBytes: 0)
      // Each entry is taken from the reader, not copied (see exchangeCurrentRaw).
      var entry = RawCatalogEntry()
      // This thread's own: it hashes each payload as it appends it.
      let hasher = SHA256()
      do {
        while try document.nextRaw() {
          document.exchangeCurrentRaw(with: &entry)
          try batch.append(entry, hasher: hasher)
          if batch.count == batchSize {
            batch.bytesConsumed = document.bytesConsumed
            var full = ReadEntryBatch()
            swap(&full, &batch)
            // A new batch gets the room of this one's texts, and an eighth more.
            let textBytes = full.textByteCount / 8 * 9
            try pass(full)
            batch = try takeFreeBatch(document, textBytes: textBytes)
          }
        }
      } catch let error as JSONDiagnostics {
        // What was read before the problem goes first, as a thread of its own would have
        // handed it; head's kinds are not waited for.
        if batch.count > 0 { try pass(batch) }
        try releaseHeld()
        throw error
      }
      if batch.count > 0 {
        batch.bytesConsumed = document.bytesConsumed
        try pass(batch)
      }
      try releaseHeld()
      return document.frame
    }
  }

  /// What ends the reading thread when the caller cancelled.
  private struct Cancelled: Error {}

  /// Hands a full batch over, or holds it back while head's kinds have not come.
  private func pass(_ batch: ReadEntryBatch) throws {
    condition.lock()
    defer { condition.unlock() }
    if cancelled { throw Cancelled() }
    if adopted {
      queue.append(batch)
    } else {
      held.append(batch)
    }
    queuedBytes += batch.byteCount
    // A caller waiting without kinds takes held batches too (``next()``).
    condition.broadcast()
  }

  /// A free batch, once fewer than ``maxBytesAhead`` bytes are read and not taken; takes
  /// head's kinds first when they have come. A new one has room for a batch of entries
  /// whose texts take `textBytes` bytes.
  private func takeFreeBatch(_ document: CatalogDocumentReader, textBytes: Int) throws
    -> ReadEntryBatch
  {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if cancelled { throw Cancelled() }
      if !adopted, let kinds = knownKinds {
        knownKinds = nil
        condition.unlock()
        let matches = document.useKnownKinds(kinds)
        condition.lock()
        tellHeld(matches)
        continue
      }
      if queuedBytes < maxBytesAhead || queuedBytes == 0 {
        return free.popLast() ?? ReadEntryBatch(room: batchSize, textBytes: textBytes)
      }
      condition.wait()
    }
  }

  /// Hands the held batches over as they are (the document ended before head's kinds came).
  private func releaseHeld() throws {
    condition.lock()
    defer { condition.unlock() }
    if cancelled { throw Cancelled() }
    tellHeld(nil)
  }

  /// Tells the held batches' entries what was found of their kinds (`matches`, in the order
  /// read: see ``CatalogDocumentReader/useKnownKinds(_:)``; nil leaves them not looked up)
  /// and hands them over; from now on batches are handed over as they fill. Under the lock.
  private func tellHeld(_ matches: [RawCatalogEntry.KnownKindMatch]?) {
    if let matches {
      var next = 0
      for i in held.indices {
        for entry in 0..<held[i].count where next < matches.count {
          held[i].setKnownKind(matches[next], of: entry)
          next += 1
        }
      }
    }
    queue.append(contentsOf: held)
    held.removeAll()
    adopted = true
    condition.broadcast()
  }
}

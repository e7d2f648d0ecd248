import CatalogStorage
import Components

/// A first import's stream on PostgreSQL: the entries are stored as ``DirectEntryStream``
/// stores them, into the context's COPY buffers, and each full set of buffers goes to the
/// server on the context's ``CopyPipeline`` while the caller reads the next entries.
final class PostgreSQLEntryStream: AddedEntryStream {
  private let context: PostgreSQLContext
  private let entries: DirectEntryStream
  private var ended = false

  init(context: PostgreSQLContext, entries: DirectEntryStream) {
    self.context = context
    self.entries = entries
  }

  func add(_ entry: RawCatalogEntry) throws {
    try entries.add(entry)
  }

  /// Waits for the pipeline to send what it holds and ends it; the rows still in the
  /// buffers are sent by the write's next flush (its commit's at the latest).
  func finish(kinds: ByteStrings) throws -> Int {
    ended = true
    try context.endPipeline(sending: true)
    return try entries.finish(kinds: kinds)
  }

  func cancel() {
    guard !ended else { return }
    ended = true
    try? context.endPipeline(sending: false)
  }
}

@available(*, unavailable, message: "a stream belongs to the thread of its connection")
extension PostgreSQLEntryStream: Sendable {}

import Foundation

/// A new revision's metadata.
package struct RevisionDraft: Sendable {
  /// The revision's time, or nil for "now" by the engine's clock: the writer's on SQLite
  /// (as given, never adjusted), the server's on PostgreSQL. A copy gives the source's.
  package var time: Date?
  package var author: String
  package var message: String
  package var source: String
  package var operation: String
  package var counts: ChangeCounts

  package init(
    time: Date?, author: String, message: String, source: String, operation: String,
    counts: ChangeCounts
  ) {
    self.time = time
    self.author = author
    self.message = message
    self.source = source
    self.operation = operation
    self.counts = counts
  }
}

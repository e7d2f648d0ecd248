import Foundation

/// A new revision's metadata.
package struct RevisionDraft: Sendable {
  package var time: Date
  package var author: String
  package var message: String
  package var source: String
  package var operation: String
  package var counts: ChangeCounts

  package init(
    time: Date, author: String, message: String, source: String, operation: String,
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

import Foundation

/// One revision of the catalog: a write that changed something.
public struct Revision: Sendable, Hashable, Identifiable {
  /// 1, 2, 3, …: consecutive and never reused.
  public var id: Int64
  /// When the revision was written, in UTC.
  public var time: Date
  public var author: String
  public var message: String
  /// The imported file's name, `-` for standard input, or the operation's operands.
  public var source: String
  /// What wrote it: `import`, `restore`, `rename`, `deprecate`, `undeprecate`, `patch`.
  public var operation: String
  public var counts: ChangeCounts
  /// The tags that name this revision, sorted.
  public var tags: [String]
  /// Whether the revision changed the document's frame: its form (object or bare array) or
  /// its top-level members other than `components` (``DocumentFrame``). A revision that
  /// changed only that has zero counts. Never the first revision: it records the frame the
  /// catalog starts with, but there was no document before it to change.
  public var changedFrame: Bool

  public init(
    id: Int64, time: Date, author: String, message: String, source: String, operation: String,
    counts: ChangeCounts, tags: [String] = [], changedFrame: Bool = false
  ) {
    self.changedFrame = changedFrame
    self.id = id
    self.time = time
    self.author = author
    self.message = message
    self.source = source
    self.operation = operation
    self.counts = counts
    self.tags = tags
  }
}

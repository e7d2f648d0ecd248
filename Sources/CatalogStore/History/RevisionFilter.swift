import Components
import Foundation

/// Which revisions `log` lists: a range and filters, all optional.
public struct RevisionFilter: Sendable {
  /// Only revisions after this one (`A` of `A..B`).
  public var after: RevisionReference?
  /// Only revisions up to and including this one (`B` of `A..B`).
  public var upTo: RevisionReference?
  /// Only revisions whose author contains one of these texts (any; none given: every author).
  public var authors: [String]
  /// Only revisions whose message contains one of these texts (any; none given: every one).
  public var messages: [String]
  /// Only revisions written at or after this time.
  public var since: Date?
  /// Only revisions written at or before this time.
  public var until: Date?
  /// Only revisions that changed something at this pointer (relative to an entry, in any
  /// kind): a change at, above or below it, or an entry added or removed that has it.
  public var path: JSONPointer?

  public init(
    after: RevisionReference? = nil, upTo: RevisionReference? = nil, authors: [String] = [],
    messages: [String] = [], since: Date? = nil, until: Date? = nil, path: JSONPointer? = nil
  ) {
    self.after = after
    self.upTo = upTo
    self.authors = authors
    self.messages = messages
    self.since = since
    self.until = until
    self.path = path
  }

  /// Whether the filter keeps `revision`, given the revision ids the range allows;
  /// `touches` says whether the revision changed something at a pointer, when a path filter
  /// asks.
  func keeps(
    _ revision: Revision, in range: Range<Int64>, touches: (JSONPointer) throws -> Bool
  ) rethrows -> Bool {
    guard range.contains(revision.id) else { return false }
    // Substrings compared as Unicode text, as `contains` does; `--author ann --author bob`
    // keeps the revisions of either, as git does.
    if !authors.isEmpty, !authors.contains(where: { revision.author.contains($0) }) {
      return false
    }
    if !messages.isEmpty, !messages.contains(where: { revision.message.contains($0) }) {
      return false
    }
    if let since, revision.time < since { return false }
    if let until, revision.time > until { return false }
    if let path { return try touches(path) }
    return true
  }

  /// The revision ids `after` and `upTo` allow, in `context`: empty for `2..2`, `head..`,
  /// or `..B` of a catalog without revisions.
  func range(in context: any CatalogReadContext) throws -> Range<Int64> {
    let lower = try after.map { try $0.resolve(in: context) + 1 } ?? 1
    let upper = try upTo.map { try $0.resolve(in: context) } ?? context.headRevision()
    return lower <= upper ? lower..<(upper + 1) : lower..<lower
  }
}

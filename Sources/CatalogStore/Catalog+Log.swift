import CatalogDiff
import Components
import Foundation

/// Which revisions `log` lists: a range and filters, all optional.
public struct RevisionFilter: Sendable {
  /// Only revisions after this one (`A` of `A..B`).
  public var after: RevisionReference?
  /// Only revisions up to and including this one (`B` of `A..B`).
  public var upTo: RevisionReference?
  /// Only revisions whose author contains this text.
  public var author: String?
  /// Only revisions written at or after this time.
  public var since: Date?
  /// Only revisions written at or before this time.
  public var until: Date?
  /// Only revisions that changed something at this pointer (relative to an entry, in any
  /// kind): a change at, above or below it, or an entry added or removed that has it.
  public var path: JSONPointer?

  public init(
    after: RevisionReference? = nil, upTo: RevisionReference? = nil, author: String? = nil,
    since: Date? = nil, until: Date? = nil, path: JSONPointer? = nil
  ) {
    self.after = after
    self.upTo = upTo
    self.author = author
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
    if let author, !revision.author.contains(author) { return false }
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

extension Catalog {
  /// The revisions a filter keeps, newest first, at most `limit`.
  public func revisions(matching filter: RevisionFilter, limit: Int? = nil) throws -> [Revision] {
    try storage.read { context in
      let range = try filter.range(in: context)
      var kept: [Revision] = []
      for revision in try context.revisions(limit: nil, touching: nil) {
        if let limit, kept.count >= limit { break }
        let keeps = try filter.keeps(revision, in: range) {
          try Self.diff(from: revision.id - 1, to: revision.id, in: context).touches($0)
        }
        if keeps { kept.append(revision) }
      }
      return kept
    }
  }

  /// What one revision changed: the diff from the revision before it (by component
  /// identity, so renames are renames). What `show REV`, `log -p` and `log --stat` print.
  public func changes(in reference: RevisionReference) throws -> (Revision, CatalogDiff) {
    try storage.read { context in
      let id = try reference.resolve(in: context)
      guard id > 0, let revision = try context.revision(id) else {
        throw CatalogError.unknownRevision(
          reference: reference.description, reason: "the catalog has no revisions yet")
      }
      return (revision, try Self.diff(from: id - 1, to: id, in: context))
    }
  }

  /// The history of a kind (``history(of:limit:)``) with the revisions a filter keeps.
  public func history(of kind: String, matching filter: RevisionFilter, limit: Int? = nil) throws
    -> [KindHistoryItem]
  {
    let items = try history(of: kind)
    let range = try storage.read { try filter.range(in: $0) }
    var kept: [KindHistoryItem] = []
    for item in items {
      if let limit, kept.count >= limit { break }
      let keeps = filter.keeps(item.revision, in: range) { pointer in
        // An addition or a removal changes every path the entry has.
        item.change == .added || item.change == .removed
          ? (try? item.entry.jsonValue)?.has(pointer) ?? false
          : CatalogDiff.touch(item.changes, pointer)
      }
      if keeps { kept.append(item) }
    }
    return kept
  }
}

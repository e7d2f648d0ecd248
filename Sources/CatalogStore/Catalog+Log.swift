import CatalogDiff
import Components
import Foundation

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

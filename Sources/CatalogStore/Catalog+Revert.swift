import CatalogDiff
import CatalogStorage
import Components

extension Catalog {
  /// Writes a new revision that undoes what the revision at `reference` changed, on top of
  /// head: the three-way merge ``CatalogMerge`` of head (OURS) with the revision's parent
  /// (THEIRS), both made from the revision (BASE), as `git revert` does it.
  ///
  /// Entries are matched by component, not by kind, so a rename is reverted by renaming back
  /// and a kind that a later revision reused for another component is not mistaken for the
  /// reverted one. What the merge takes follows from the one change model: an entry the
  /// revision added is removed, one it removed comes back after its neighbour of then, a
  /// changed one gets the parent's values where the revision changed it, arrays lined up as
  /// ``CatalogDiff`` lines them up, and what later revisions changed elsewhere is kept.
  ///
  /// - Throws: ``CatalogError/revertConflicts(revision:_:)`` when the merge conflicts (a later
  ///   revision changed a place the revision changed, or removed or changed an entry it
  ///   added or removed), or when an entry that would come back has a kind head gave to
  ///   another component; nothing is written then.
  @discardableResult
  public func revert(_ reference: RevisionReference, options: WriteOptions) throws -> WriteResult {
    try sealedWrite { context in
      let head = try context.headRevision()
      try Self.check(options.expectHead, head: head)
      let revision = try reference.resolve(in: context)
      guard revision > 0 else {
        throw CatalogError.unknownRevision(
          reference: reference.description, reason: "the catalog has no revisions yet")
      }
      let plan = try RevertPlan(revision: revision, head: head, context: context)
      // The document frame is reverted the same way: head's, with what the revision changed
      // in it undone.
      let frames = FrameMerge(
        base: try context.documentFrame(at: revision),
        ours: try context.documentFrame(at: head),
        theirs: try context.documentFrame(at: revision - 1))
      var conflicts = plan.conflicts
      if !frames.conflicts.isEmpty {
        conflicts.append(RevertConflict(kind: "the document", paths: frames.conflicts))
      }
      guard conflicts.isEmpty, let frame = frames.frame else {
        throw CatalogError.revertConflicts(revision: revision, conflicts)
      }
      return try Self.replaceCatalog(
        with: plan.entries, in: context, head: head, options: options,
        source: "revert \(reference)", operation: "revert", renames: plan.renames,
        returning: plan.returning,
        frame: frame)
    }
  }
}

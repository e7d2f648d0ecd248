import Foundation

extension Catalog {
  /// Runs `body` holding the writer lock, as ``CatalogStorage/write(_:)``, and records the
  /// digest of every revision it appended (``RevisionChain``) in the same transaction:
  /// every write of the catalog goes through here, so no revision lands without its digest.
  func sealedWrite<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T {
    try storage.write { context in
      let decision = try body(context)
      if case .commit = decision {
        try RevisionChain.seal(context)
        try TagEventChain.seal(context)
      }
      return decision
    }
  }

  /// Records the digests of revisions that have none, those of a catalog made before
  /// digests (schema 0007), and of tag events that have none, those schema 0008 carried from
  /// the tags of before, in one write; nothing when every one has them. Part of the
  /// upgrade to schema 0007, so done by the first open after it, a reader's too (as the
  /// engines migrate for a reader, through a connection of its own that may write). A role
  /// or file that may not be written, or a writer lock held elsewhere, leaves it to the
  /// next open or write (every write seals first); `catalog doctor` reports revisions
  /// without a digest meanwhile.
  func sealOlderRevisions(options: Options) throws {
    let unsealed = try storage.read {
      try $0.sealedHead() < $0.headRevision() || $0.tagEvents().contains { !$0.sealed }
    }
    guard unsealed else { return }
    do {
      var writing = options
      writing.readOnly = false
      writing.create = false
      let writer = options.readOnly ? try StorageEngines.open(location, options: writing) : storage
      try writer.write { context in
        try RevisionChain.seal(context)
        try TagEventChain.seal(context)
        return .commit(())
      }
    } catch CatalogError.database(let problem)
      where [.busy, .readOnly, .readOnlyDirectory, .permissionDenied].contains(problem.code)
    {
      return
    } catch CatalogError.database(let problem)
      where options.readOnly && problem.code == .schemaOlder
    {
      return
    }
  }
}

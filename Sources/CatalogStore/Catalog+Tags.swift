import Components
import Foundation

extension Catalog {
  /// The tags, by name.
  public func tags() throws -> [Tag] {
    try storage.read { try $0.tags() }
  }

  /// The tags, by name, each with its tagger, last move and recorded digest (``TagRecord``).
  public func tagRecords() throws -> [TagRecord] {
    try storage.read { TagRecord.records(try $0.tags(), events: try $0.tagEvents()) }
  }

  /// Every recorded tag operation, oldest first, deleted tags' included; only those of the
  /// tag `name` when it is given.
  public func tagEvents(named name: String? = nil) throws -> [TagEvent] {
    let events = try storage.read { try $0.tagEvents() }
    guard let name else { return events }
    return events.filter { $0.name.hasSameBytes(as: name) }
  }

  /// Names a revision (head by default), as `git tag` does.
  ///
  /// Tagging the revision a tag already names is a no-op (`.unchanged`), so that a release
  /// job can run twice; a different message then needs `force`. A tag naming another
  /// revision moves only with `force`. Every operation is recorded (``tagEvents(named:)``):
  /// the revision it named, the one it names, who, when, the message, and the digest of
  /// the named revision's export; a moved tag keeps its original tagger and time.
  ///
  /// - Parameters:
  ///   - message: The annotation; `nil` keeps the tag's (none for a new tag).
  ///   - expectHead: Tag only if head is this revision (compare-and-set, like a write).
  /// - Throws: ``CatalogError/request(_:)`` for a name that reads as another kind of
  ///   reference, or that names another revision without `force`;
  ///   ``CatalogError/headMismatch(head:expected:)``.
  @discardableResult
  public func tag(
    _ name: String, at reference: RevisionReference = .head, author: String,
    message: String? = nil, force: Bool = false, expectHead: Int64? = nil
  ) throws -> TagResult {
    try RevisionReference.validateTagName(name)
    try WriteOptions.validateAuthor(author)
    return try sealedWrite { context in
      try Self.check(expectHead, head: try context.headRevision())
      let revision = try reference.resolve(in: context)
      guard revision > 0 else {
        throw CatalogError.unknownRevision(
          reference: reference.description, reason: "the catalog has no revisions yet")
      }
      guard let existing = try context.tag(named: name) else {
        let event = try context.appendTagEvent(
          TagEvent(
            name: name, operation: .create, fromRevision: nil, toRevision: revision,
            author: author, message: message ?? ""),
          stampingNow: true)
        let tag = Tag(
          name: name, revision: revision, time: event.time ?? Date(), author: author,
          message: event.message)
        try context.setTag(tag)
        return .commit(TagResult(tag: tag, outcome: .created, previousRevision: nil))
      }
      let sameMessage = message.map { $0.hasSameBytes(as: existing.message) } ?? true
      if existing.revision == revision, sameMessage {
        return .rollback(TagResult(tag: existing, outcome: .unchanged, previousRevision: nil))
      }
      guard force else {
        throw CatalogError.request(
          .tagExists(
            name: name, revision: existing.revision, sameRevision: existing.revision == revision))
      }
      // The row keeps who tagged it and when; the move is the event's.
      var tag = existing
      tag.revision = revision
      tag.message = message ?? existing.message
      let moved = existing.revision != revision
      _ = try context.appendTagEvent(
        TagEvent(
          name: name, operation: moved ? .move : .annotate, fromRevision: existing.revision,
          toRevision: revision, author: author, message: tag.message),
        stampingNow: true)
      _ = try context.deleteTag(named: name)
      try context.setTag(tag)
      return .commit(
        moved
          ? TagResult(tag: tag, outcome: .moved, previousRevision: existing.revision)
          : TagResult(tag: tag, outcome: .annotated, previousRevision: nil))
    }
  }

  /// Deletes a tag and returns what it was. The deletion is recorded (who, when, `message`)
  /// and the tag's events stay; the revision is untouched.
  @discardableResult
  public func deleteTag(_ name: String, author: String, message: String = "") throws -> Tag {
    try WriteOptions.validateAuthor(author)
    return try sealedWrite { context in
      guard let tag = try context.tag(named: name), try context.deleteTag(named: name) else {
        throw CatalogError.request(.noSuchTag(name: name))
      }
      _ = try context.appendTagEvent(
        TagEvent(
          name: name, operation: .delete, fromRevision: tag.revision, toRevision: nil,
          author: author, message: message),
        stampingNow: true)
      return .commit(tag)
    }
  }
}

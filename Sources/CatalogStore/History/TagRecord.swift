import Components
import Foundation

/// A tag as `tag --list` shows it: what it names now, who tagged it and when (its creation,
/// kept when it moves), when it last moved, and the digest recorded for what it names.
public struct TagRecord: Sendable, Hashable {
  /// The tag as it is now (its name, revision and message).
  public var tag: Tag
  /// The event that made the tag: its tagger and time. Nil when no creation is recorded;
  /// its time and author are nil when it was carried from before they were recorded.
  public var created: TagEvent?
  /// The tag's last move to another revision since it was made, nil when it never moved.
  public var lastMove: TagEvent?
  /// The SHA-256 of the canonical export of the revision it names, recorded with the event
  /// that made it name that revision; nil until that event is sealed.
  public var exportDigest: SHA256Digest?

  public init(tag: Tag, created: TagEvent?, lastMove: TagEvent?, exportDigest: SHA256Digest?) {
    self.tag = tag
    self.created = created
    self.lastMove = lastMove
    self.exportDigest = exportDigest
  }

  /// The records of `tags` from `events` (in id order): for each, its last creation, the
  /// last move after it, and the digest of the last event that set its revision.
  static func records(_ tags: [Tag], events: [TagEvent]) -> [TagRecord] {
    let byName = Dictionary(grouping: events) { BytewiseString($0.name) }
    return tags.map { tag in
      let own = byName[BytewiseString(tag.name)] ?? []
      let life = own.lastIndex { $0.operation == .create }.map { Array(own[$0...]) } ?? own
      return TagRecord(
        tag: tag, created: life.first { $0.operation == .create },
        lastMove: life.last { $0.operation == .move },
        exportDigest: life.last { $0.toRevision == tag.revision }?.exportDigest)
    }
  }
}

import Foundation

/// One operation on a tag, as history records it (`tag_event`, schema 0008): a creation, a
/// move to another revision (`tag -f`), a change of message on the same revision, or a
/// deletion. Recorded once, never changed; a deleted tag's events stay.
public struct TagEvent: Sendable, Hashable {
  public enum Operation: String, Sendable, Hashable, CaseIterable {
    case create, move, annotate, delete
  }

  /// The event's number: events are numbered from 1 in the order they happened (events
  /// carried from before schema 0008 come first, name by name).
  public var id: Int64
  public var name: String
  public var operation: Operation
  /// The revision the tag named before; nil for a creation.
  public var fromRevision: Int64?
  /// The revision the tag names after; nil for a deletion.
  public var toRevision: Int64?
  /// When, as stored (``Timestamp``): the writer's clock on SQLite, the server's on
  /// PostgreSQL. Nil only for an event carried from before schema 0008 whose time was not
  /// recorded then.
  public var storedTime: String?
  /// Who; nil only where ``storedTime`` is nil for the same reason.
  public var author: String?
  /// The tag's message the event set (`-m`, or the one it kept); for a deletion, `-m`'s.
  public var message: String
  /// Whether the event was carried from the tables of before schema 0008 (`tag`,
  /// `tag_move`) rather than recorded as it happened.
  public var carried: Bool
  /// The SHA-256 of the canonical export of ``revision``, recorded with the event; nil until
  /// the event is sealed (an event carried by the migration, before the first write).
  public var exportDigest: SHA256Digest?
  /// The event's digest, chained over the previous event's (docs/schema.md); nil until sealed.
  public var digest: SHA256Digest?
  /// Whether digests are recorded for the event (a recorded digest that does not parse
  /// leaves ``digest`` nil: a damaged record, which `doctor` reports).
  public var sealed: Bool

  public init(
    id: Int64 = 0, name: String, operation: Operation, fromRevision: Int64?, toRevision: Int64?,
    storedTime: String? = nil, author: String?, message: String = "", carried: Bool = false,
    exportDigest: SHA256Digest? = nil, digest: SHA256Digest? = nil, sealed: Bool = false
  ) {
    self.id = id
    self.name = name
    self.operation = operation
    self.fromRevision = fromRevision
    self.toRevision = toRevision
    self.storedTime = storedTime
    self.author = author
    self.message = message
    self.carried = carried
    self.exportDigest = exportDigest
    self.digest = digest
    self.sealed = sealed
  }

  /// The revision the event names: the one the tag names after it, or for a deletion the
  /// one it named.
  public var revision: Int64 { toRevision ?? fromRevision ?? 0 }

  /// ``storedTime`` as a date.
  public var time: Date? { storedTime.flatMap(Timestamp.parse) }
}

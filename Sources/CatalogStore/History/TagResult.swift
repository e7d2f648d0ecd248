/// What ``Catalog/tag(_:at:author:message:force:expectHead:)`` did.
public struct TagResult: Sendable, Hashable {
  /// What happened to the name.
  public enum Outcome: String, Sendable, Hashable {
    /// A new tag.
    case created
    /// The tag named another revision and now names this one (recorded as a ``TagMove``).
    case moved
    /// The tag names the same revision with a new message.
    case annotated
    /// The tag already named this revision (with this message): nothing was written.
    case unchanged
  }

  /// The tag as it is now.
  public var tag: Tag
  public var outcome: Outcome
  /// The revision a moved tag named before.
  public var previousRevision: Int64?

  public init(tag: Tag, outcome: Outcome, previousRevision: Int64?) {
    self.tag = tag
    self.outcome = outcome
    self.previousRevision = previousRevision
  }
}

import Foundation

/// One stored change to a catalog's compatibility policies (`policy_change`): a mode set or
/// unset at a level, or an ignore added or removed. The policies in force are the records
/// replayed in id order; the records are the policies' history (`catalog log`).
public struct PolicyRecord: Sendable, Hashable {
  public enum Action: String, Sendable, Hashable, CaseIterable {
    /// A mode set at the level (replacing any mode set there before).
    case set
    /// The mode at the level removed: the level inherits again.
    case unset
    /// A rule ignored under a JSON Pointer prefix of a kind.
    case ignore
    /// An ignore removed.
    case unignore
  }

  /// The level a record applies to.
  public enum Scope: String, Sendable, Hashable, CaseIterable {
    case catalog
    case category
    case kind
  }

  /// 1, 2, 3, … in the order the changes were made; 0 in a draft.
  public var id: Int64
  /// Head when the change was made: the change applies to the writes after that revision.
  public var afterRevision: Int64
  public var time: Date
  public var author: String
  public var action: Action
  public var scope: Scope
  /// The category or kind; empty for the catalog.
  public var name: String
  /// The mode's name for ``Action/set``.
  public var mode: String?
  /// The rule's name for ``Action/ignore`` and ``Action/unignore``.
  public var rule: String?
  /// The JSON Pointer prefix for ``Action/ignore`` and ``Action/unignore``.
  public var pointer: String?

  public init(
    id: Int64 = 0, afterRevision: Int64 = 0, time: Date, author: String, action: Action,
    scope: Scope, name: String, mode: String? = nil, rule: String? = nil, pointer: String? = nil
  ) {
    self.id = id
    self.afterRevision = afterRevision
    self.time = time
    self.author = author
    self.action = action
    self.scope = scope
    self.name = name
    self.mode = mode
    self.rule = rule
    self.pointer = pointer
  }
}

import Foundation

/// A deliberate break recorded on the revision that made it (`--allow-breaking REASON`).
public struct Waiver: Sendable, Hashable {
  public var revision: Int64
  public var time: Date
  public var author: String
  public var reason: String
  /// What the policies would have refused, in the order the check reported it.
  public var changes: [WaivedChange]

  public init(
    revision: Int64, time: Date, author: String, reason: String, changes: [WaivedChange]
  ) {
    self.revision = revision
    self.time = time
    self.author = author
    self.reason = reason
    self.changes = changes
  }
}

/// One refused change a waiver let through.
public struct WaivedChange: Sendable, Hashable {
  public var kind: String
  public var rule: String
  public var pointer: String
  public var mode: String

  public init(kind: String, rule: String, pointer: String, mode: String) {
    self.kind = kind
    self.rule = rule
    self.pointer = pointer
    self.mode = mode
  }
}

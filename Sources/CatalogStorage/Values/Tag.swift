import Foundation

/// A name for a revision.
public struct Tag: Sendable, Hashable {
  public var name: String
  public var revision: Int64
  /// When the tag was made, or last moved.
  public var time: Date
  public var author: String
  /// The annotation (`tag -m`), empty when there is none.
  public var message: String

  public init(name: String, revision: Int64, time: Date, author: String, message: String = "") {
    self.name = name
    self.revision = revision
    self.time = time
    self.author = author
    self.message = message
  }
}

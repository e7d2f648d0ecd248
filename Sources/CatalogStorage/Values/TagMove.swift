import Foundation

/// One move of a tag (`catalog tag -f`): the revision it named, the one it names since, who
/// moved it and when. Moves are history: recorded once, never changed.
public struct TagMove: Sendable, Hashable {
  public var name: String
  public var oldRevision: Int64
  public var newRevision: Int64
  public var time: Date
  public var author: String

  public init(name: String, oldRevision: Int64, newRevision: Int64, time: Date, author: String) {
    self.name = name
    self.oldRevision = oldRevision
    self.newRevision = newRevision
    self.time = time
    self.author = author
  }
}

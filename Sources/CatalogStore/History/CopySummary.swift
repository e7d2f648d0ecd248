/// What `copy` copied.
public struct CopySummary: Sendable, Equatable {
  public var revisions: Int
  public var entryVersions: Int
  public var tags: Int

  public init(revisions: Int, entryVersions: Int, tags: Int) {
    self.revisions = revisions
    self.entryVersions = entryVersions
    self.tags = tags
  }
}

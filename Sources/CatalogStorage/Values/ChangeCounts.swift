/// How many entries a revision added, changed, removed and only moved.
public struct ChangeCounts: Sendable, Hashable {
  public var added: Int
  public var changed: Int
  public var removed: Int
  public var moved: Int

  public init(added: Int = 0, changed: Int = 0, removed: Int = 0, moved: Int = 0) {
    self.added = added
    self.changed = changed
    self.removed = removed
    self.moved = moved
  }

  /// Whether anything changed at all.
  public var isEmpty: Bool { added == 0 && changed == 0 && removed == 0 && moved == 0 }
}

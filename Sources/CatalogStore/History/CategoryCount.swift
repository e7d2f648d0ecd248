/// One category of a catalog and how many kinds are in it.
public struct CategoryCount: Sendable, Hashable {
  public var category: String
  public var count: Int
}

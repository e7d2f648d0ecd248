import Components

/// Who last changed one leaf of an entry.
public struct BlameLine: Sendable, Hashable {
  /// The leaf, relative to the entry: `/category`, `/payload/title`.
  public var path: JSONPointer
  public var value: JSONValue
  public var revision: Revision
}

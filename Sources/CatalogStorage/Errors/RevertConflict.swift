import Components

/// A kind `revert` could not undo because a later revision changed the same place: the
/// kind (as head names it, or as the reverted revision left it when head no longer has it)
/// and the paths inside the entry (the root pointer for the whole entry).
public struct RevertConflict: Sendable, Hashable, CustomStringConvertible {
  public var kind: String
  public var paths: [JSONPointer]

  public init(kind: String, paths: [JSONPointer]) {
    self.kind = kind
    self.paths = paths
  }

  /// `tile-card: /payload/title, /category`, or `badge: the whole entry`.
  public var description: String {
    let places = paths.map { $0.tokens.isEmpty ? "the whole entry" : $0.description }
    return "\(kind): \(places.joined(separator: ", "))"
  }
}

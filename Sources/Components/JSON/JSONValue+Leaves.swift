extension JSONValue {
  /// Every leaf of the value with its pointer, in document order: scalars, and empty
  /// arrays and objects (which have no leaves of their own).
  ///
  /// ```swift
  /// (["a": [1, 2], "b": [:]] as JSONValue).leaves()
  /// // [(/a/0, 1), (/a/1, 2), (/b, {})]
  /// ```
  public func leaves(under prefix: JSONPointer = .root) -> [(
    pointer: JSONPointer, value: JSONValue
  )] {
    var result: [(pointer: JSONPointer, value: JSONValue)] = []
    collectLeaves(prefix.tokens, into: &result)
    return result
  }

  private func collectLeaves(
    _ tokens: [String], into result: inout [(pointer: JSONPointer, value: JSONValue)]
  ) {
    switch self {
    case .array(let elements) where !elements.isEmpty:
      for (index, element) in elements.enumerated() {
        element.collectLeaves(tokens + [String(index)], into: &result)
      }
    case .object(let object) where !object.isEmpty:
      for member in object.members {
        member.value.collectLeaves(tokens + [member.key], into: &result)
      }
    default:
      result.append((JSONPointer(tokens), self))
    }
  }
}

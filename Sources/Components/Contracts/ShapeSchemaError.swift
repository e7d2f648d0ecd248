/// A schema that is not in the subset a shape reads: every problem, each at its JSON Pointer.
public struct ShapeSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One problem: where, and what.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// The place in the schema document.
    public var pointer: JSONPointer
    /// What is wrong, lowercase, no final period.
    public var message: String

    public init(pointer: JSONPointer, message: String) {
      self.pointer = pointer
      self.message = message
    }

    public var description: String {
      "\(pointer.isRoot ? "/" : pointer.description): \(message)"
    }
  }

  /// The problems in document order of discovery.
  public var problems: [Problem]

  public init(problems: [Problem]) {
    self.problems = problems
  }

  public var description: String {
    problems.map(\.description).joined(separator: "\n")
  }
}

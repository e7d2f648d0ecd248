/// A place where a payload is not what a shape decodes.
///
/// ```
/// /count: decodes an integer, found 1.5
/// /title: decodes a string, found no member
/// ```
public struct ShapeViolation: Sendable, Hashable, CustomStringConvertible {
  /// The place in the payload.
  public var pointer: JSONPointer
  /// What the decoder reads there, as a phrase: `an integer`, `one of "a", "b"`.
  public var expected: String
  /// What is there: a short rendering of a scalar (`1.5`, `"#123456"`), the type of a
  /// container (`an object`), or `no member`.
  public var found: String

  public init(pointer: JSONPointer, expected: String, found: String) {
    self.pointer = pointer
    self.expected = expected
    self.found = found
  }

  /// `POINTER: decodes EXPECTED, found FOUND`; the root is written `/`.
  public var message: String {
    "\(pointer.isRoot ? "/" : pointer.description): decodes \(expected), found \(found)"
  }

  public var description: String { message }
}

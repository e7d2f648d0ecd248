/// A place in a source text: 1-based line and column, and the byte offset.
///
/// Columns count Unicode scalars, so a message about a line holding `タイトル` points at the
/// character a reader sees, not at a byte inside it.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  /// The 0-based byte offset from the start of the text.
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    lhs.offset < rhs.offset
  }
}

/// Why text that should be canonical compact JSON (a payload as the store keeps it) is not.
///
/// The store writes only canonical text, but a database file handed over can hold anything:
/// ``JSONWriter/reindent(checking:level:maxDepth:into:)`` (the export's one walk of every
/// payload) and ``JSONWriter/checkCanonical(_:maxDepth:)`` find it as they go, so that text
/// the export would copy into an unparseable document, or nest past what every reader
/// handles, is refused instead. The store turns it into a damaged-catalog problem that names
/// the entry.
public struct CanonicalTextError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong at ``offset``.
  public enum Code: Sendable, Equatable {
    /// The text ends before its value does (or is empty).
    case unexpectedEnd
    /// A byte that cannot stand there in canonical text (whitespace, a stray bracket, a
    /// control character in a string, anything after the value).
    case unexpectedByte(UInt8)
    /// A number that is not JSON's number grammar.
    case invalidNumber
    /// A word other than `true`, `false` and `null`.
    case invalidLiteral
    /// An escape the canonical form never writes: anything but `\"`, `\\`, `\b`, `\f`, `\n`,
    /// `\r`, `\t` and `\u00XX` (lowercase) for the other control characters; a lone
    /// surrogate such as `\ud800` is one.
    case invalidEscape
    /// A string's bytes are not UTF-8.
    case invalidUTF8
    /// Arrays and objects nest deeper than the limit, the reader's own.
    case tooDeep(limit: Int)
  }

  public var code: Code
  /// Where, as a byte offset into the text (0 for its first byte).
  public var offset: Int

  public init(_ code: Code, offset: Int) {
    self.code = code
    self.offset = offset
  }

  /// `byte 6: the text ends inside a value`: the fact, for a problem's detail.
  public var description: String {
    let what =
      switch code {
      case .unexpectedEnd: "the text ends inside a value"
      case .unexpectedByte(let byte):
        "unexpected byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
      case .invalidNumber: "a number that is not valid JSON"
      case .invalidLiteral: "a word other than true, false or null"
      case .invalidEscape: "a string escape that canonical text never holds"
      case .invalidUTF8: "a string that is not valid UTF-8"
      case .tooDeep(let limit): "nesting is deeper than \(limit) levels"
      }
    return "byte \(offset + 1): \(what)"
  }
}

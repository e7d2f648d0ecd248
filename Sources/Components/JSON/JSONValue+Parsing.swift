extension JSONValue {
  /// Parses one complete JSON text.
  ///
  /// - Throws: ``JSONDiagnostic`` with the line and column of the first problem.
  public init(parsing text: String, maxDepth: Int = JSONReader.defaultMaxDepth)
    throws(JSONDiagnostic)
  {
    self = try JSONReader(string: text, maxDepth: maxDepth).readDocument()
  }

  /// Parses one complete JSON text from UTF-8 bytes.
  public init(
    parsing bytes: some Collection<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth
  ) throws(JSONDiagnostic) {
    self = try JSONReader(bytes: bytes, maxDepth: maxDepth).readDocument()
  }

  /// The canonical compact text: no whitespace, members in order, numbers as written.
  public var canonicalText: String {
    String(decoding: JSONWriter.canonicalBytes(self), as: UTF8.self)
  }

  /// The indented text the catalog exports (Python's `indent=2, ensure_ascii=False`).
  public var indentedText: String {
    JSONWriter.indentedString(self)
  }

  /// The value at a JSON Pointer, or `nil` when nothing is there.
  public subscript(pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let elements):
        guard let index = JSONValue.arrayIndex(token), index < elements.count else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// The array index a pointer token denotes: digits without leading zeros.
  public static func arrayIndex(_ token: String) -> Int? {
    guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return nil
    }
    if first == 0x30 && token.utf8.count > 1 { return nil }
    return Int(token)
  }
}

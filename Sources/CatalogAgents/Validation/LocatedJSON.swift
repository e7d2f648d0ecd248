import Components

/// A JSON value with the source position of every value in it: what `validate-ui` reads a
/// document into, so that every problem carries its line and column.
public indirect enum LocatedJSON: Sendable {
  case scalar(JSONValue, SourcePosition)
  case array([LocatedJSON], SourcePosition)
  case object([(key: String, value: LocatedJSON)], SourcePosition)

  /// Where the value begins.
  public var position: SourcePosition {
    switch self {
    case .scalar(_, let position), .array(_, let position), .object(_, let position):
      return position
    }
  }

  /// The plain value.
  public var value: JSONValue {
    switch self {
    case .scalar(let value, _): return value
    case .array(let items, _): return .array(items.map(\.value))
    case .object(let members, _):
      return .object(JSONObject(members.map { .init(key: $0.key, value: $0.value.value) }))
    }
  }

  /// The member `key` of an object (the first of that name).
  public subscript(key: String) -> LocatedJSON? {
    guard case .object(let members, _) = self else { return nil }
    return members.first { $0.key.hasSameBytes(as: key) }?.value
  }

  /// The position of the deepest value on the way to `pointer`.
  public func position(of pointer: JSONPointer) -> SourcePosition {
    var node = self
    for token in pointer.tokens {
      switch node {
      case .object:
        guard let member = node[token] else { return node.position }
        node = member
      case .array(let items, _):
        guard let index = Int(token), items.indices.contains(index) else { return node.position }
        node = items[index]
      case .scalar:
        return node.position
      }
    }
    return node.position
  }

  /// Reads one value, with positions; containers deeper than the reader's `maxDepth` are an
  /// error, so recursion is bounded.
  static func read(_ reader: JSONReader) throws(JSONDiagnostic) -> LocatedJSON {
    let position = reader.positionOfNextToken()
    switch reader.peekAfterWhitespace() {
    case UInt8(ascii: "{"):
      try reader.beginContainer(UInt8(ascii: "{"))
      var members: [(key: String, value: LocatedJSON)] = []
      if reader.isEmptyContainer(close: UInt8(ascii: "}")) { return .object(members, position) }
      repeat {
        let key = try reader.readKey()
        members.append((key, try read(reader)))
      } while !(try reader.endOfContainer(close: UInt8(ascii: "}"), what: "an object member"))
      reader.leaveContainer()
      return .object(members, position)
    case UInt8(ascii: "["):
      try reader.beginContainer(UInt8(ascii: "["))
      var items: [LocatedJSON] = []
      if reader.isEmptyContainer(close: UInt8(ascii: "]")) { return .array(items, position) }
      repeat {
        items.append(try read(reader))
      } while !(try reader.endOfContainer(close: UInt8(ascii: "]"), what: "an array element"))
      reader.leaveContainer()
      return .array(items, position)
    default:
      return .scalar(try reader.readValue(), position)
    }
  }
}

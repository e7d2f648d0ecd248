import Components

/// A tool call's `arguments`, read against the tool's input schema: every argument of the
/// type the schema gives, none the schema does not name, the required ones present. A
/// mismatch is a ``McpToolError`` naming the argument, so the model can correct its call.
struct McpArguments {
  let tool: String
  private let object: JSONObject

  /// Checks `value` (the request's `arguments`; nil when absent) against `properties`.
  init(_ value: JSONValue?, tool: String, properties: [String], required: [String]) throws {
    self.tool = tool
    switch value {
    case nil, .null?: object = JSONObject()
    case .object(let members)?: object = members
    case let other?:
      throw McpToolError("\(tool): arguments must be an object, found \(other.typeName)")
    }
    for key in object.keys where !properties.contains(where: { $0.hasSameBytes(as: key) }) {
      throw McpToolError(
        "\(tool): unknown argument \(JSONWriter.canonicalString(key)) (arguments: "
          + properties.joined(separator: ", ") + ")")
    }
    for key in required where object[key] == nil {
      throw McpToolError("\(tool): missing argument \(key)")
    }
  }

  /// The raw value of an argument.
  subscript(key: String) -> JSONValue? {
    guard let value = object[key], value != .null else { return nil }
    return value
  }

  func string(_ key: String) throws -> String? {
    guard let value = self[key] else { return nil }
    guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
    return text
  }

  func bool(_ key: String) throws -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .bool(let flag) = value else { throw mismatch(key, "a boolean", value) }
    return flag
  }

  /// An integer argument within `range`.
  func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
    guard let value = self[key] else { return nil }
    guard case .number(let number) = value, let integer = number.intValue else {
      throw mismatch(key, "an integer", value)
    }
    guard range.contains(integer) else {
      throw McpToolError(
        "\(tool): \(key) must be between \(range.lowerBound) and \(range.upperBound), found \(integer)"
      )
    }
    return integer
  }

  /// A string argument that must be one of `choices`.
  func choice(_ key: String, of choices: [String]) throws -> String? {
    guard let text = try string(key) else { return nil }
    guard choices.contains(where: { $0.hasSameBytes(as: text) }) else {
      throw McpToolError(
        "\(tool): \(key) must be one of \(choices.joined(separator: ", ")), found "
          + JSONWriter.canonicalString(text))
    }
    return text
  }

  private func mismatch(_ key: String, _ expected: String, _ found: JSONValue) -> McpToolError {
    McpToolError("\(tool): \(key) must be \(expected), found \(found.typeName)")
  }
}

extension JSONWriter {
  /// A string as a JSON literal, to quote a caller's text in a message without letting its
  /// characters act (line breaks and quotes escaped).
  static func canonicalString(_ string: String) -> String {
    var out: [UInt8] = []
    appendString(string, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}

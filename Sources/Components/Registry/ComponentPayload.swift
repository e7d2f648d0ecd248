/// A JSON value captured through `Decodable`: the data of a `GenericComponent`.
///
/// INTEGRATION POINT: this is a stand-in until the catalog's `JSONValue`
/// (`Sources/Components/JSON/`) is available. Going through `Decodable` it cannot keep what
/// `JSONValue` keeps: object members are unordered and numbers are `Double` (no original text,
/// integers above 2^53 lose precision). When `JSONValue` lands, `GenericComponent.Data` should
/// become `JSONValue` (or this type a thin wrapper over it) and the catalog loader should build
/// generic factories from the parsed payload instead of decoding it again.
public indirect enum ComponentPayload: ComponentData, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ComponentPayload])
  case object([String: ComponentPayload])

  /// Decodes any JSON value.
  ///
  /// - Throws: `DecodingError` only when the decoder's value is none of the JSON types.
  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: ComponentPayload] = [:]
      for key in object.allKeys {
        members[key.stringValue] = try object.decode(ComponentPayload.self, forKey: key)
      }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [ComponentPayload] = []
      while !array.isAtEnd {
        elements.append(try array.decode(ComponentPayload.self))
      }
      self = .array(elements)
    } else {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        self = .null
      } else if let bool = try? value.decode(Bool.self) {
        self = .bool(bool)
      } else if let string = try? value.decode(String.self) {
        self = .string(string)
      } else {
        self = .number(try value.decode(Double.self))
      }
    }
  }

  /// The JSON type name: `null`, `boolean`, `number`, `string`, `array` or `object`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Compact JSON text, object members sorted by key; integral numbers print without a fraction.
  public var description: String {
    switch self {
    case .null: return "null"
    case .bool(let bool): return bool ? "true" : "false"
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15 {
        return String(Int64(number))
      }
      return String(number)
    case .string(let string): return Self.quoted(string)
    case .array(let elements):
      return "[" + elements.map(\.description).joined(separator: ",") + "]"
    case .object(let members):
      let pairs = members.keys.sorted().map { key in
        Self.quoted(key) + ":" + (members[key]?.description ?? "null")
      }
      return "{" + pairs.joined(separator: ",") + "}"
    }
  }

  /// The value at a path of object keys and array indexes, or nil when there is none.
  func value(at path: some Collection<RegistryPathStep>) -> ComponentPayload? {
    guard let step = path.first else { return self }
    switch (self, step) {
    case (.object(let members), .key(let key)):
      return members[key]?.value(at: path.dropFirst())
    case (.object(let members), .index(let index)):
      return members[String(index)]?.value(at: path.dropFirst())
    case (.array(let elements), .index(let index)):
      guard elements.indices.contains(index) else { return nil }
      return elements[index].value(at: path.dropFirst())
    default:
      return nil
    }
  }

  /// The paths of every number equal to `number`, in document order for arrays.
  func paths(ofNumber number: Double) -> [[RegistryPathStep]] {
    switch self {
    case .number(let value):
      return value == number ? [[]] : []
    case .array(let elements):
      return elements.enumerated().flatMap { index, element in
        element.paths(ofNumber: number).map { [.index(index)] + $0 }
      }
    case .object(let members):
      return members.keys.sorted().flatMap { key in
        (members[key]?.paths(ofNumber: number) ?? []).map { [.key(key)] + $0 }
      }
    case .null, .bool, .string:
      return []
    }
  }

  private static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// A coding key for any object member.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
  }
}

extension JSONValue: Decodable {
  /// Decodes any JSON value through a `Decoder`, so a component's `Data` can hold free-form
  /// JSON (`var extra: JSONValue`) and a `GenericComponent` can be decoded like any other.
  ///
  /// A `Decoder` exposes less than the text holds, so this keeps what the decoder gives:
  ///
  /// - Object members come in the order of the container's `allKeys`. Foundation's
  ///   `JSONDecoder` keeps its members in a dictionary, so that order is arbitrary; a decoder
  ///   that keeps document order keeps it here too.
  /// - A number is read as an integer when it is one (its text is then the integer's digits,
  ///   so `5.0` through `JSONDecoder` becomes `5`), and as a `Double` otherwise (printed in its
  ///   shortest form: `1e300` becomes `1e+300`).
  ///
  /// To keep member order and number text exactly, parse the text itself:
  /// `JSONValue(parsing:)`, or `JSONText.value()` for a payload read from the catalog.
  ///
  /// - Throws: `DecodingError` only when the decoder's value is none of the JSON types.
  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: JSONValueCodingKey.self) {
      var members: [JSONObject.Member] = []
      members.reserveCapacity(object.allKeys.count)
      for key in object.allKeys {
        members.append(
          JSONObject.Member(
            key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key)))
      }
      self = .object(JSONObject(members))
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      if let count = array.count {
        elements.reserveCapacity(count)
      }
      while !array.isAtEnd {
        elements.append(try array.decode(JSONValue.self))
      }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let string = try? single.decode(String.self) {
        self = .string(string)
      } else {
        self = .number(try Self.decodeNumber(from: single))
      }
    }
  }

  /// A number from a single-value container: exact for integers, the shortest `Double` text
  /// otherwise.
  private static func decodeNumber(
    from container: any SingleValueDecodingContainer
  ) throws -> JSONNumber {
    if let integer = try? container.decode(Int64.self) {
      return JSONNumber(validatedText: String(integer))
    }
    if let integer = try? container.decode(UInt64.self) {
      return JSONNumber(validatedText: String(integer))
    }
    let double = try container.decode(Double.self)
    guard double.isFinite, let number = JSONNumber(text: String(double)) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "number \(double) has no JSON spelling")
    }
    return number
  }
}

/// A coding key for any object member, used to read members whose names are not known in
/// advance.
struct JSONValueCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    return nil
  }
}

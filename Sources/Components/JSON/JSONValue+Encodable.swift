extension JSONValue: Encodable {
  /// Encodes the value through an `Encoder`, members in order.
  ///
  /// An `Encoder` cannot write number text, so a number is encoded as the integer it spells
  /// when it is one (`Int64` or `UInt64`) and as a `Double` otherwise; for exact bytes, write
  /// the value with `JSONWriter`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let number):
      var container = encoder.singleValueContainer()
      if let integer = Int64(number.text) {
        try container.encode(integer)
      } else if let integer = UInt64(number.text) {
        try container.encode(integer)
      } else {
        try container.encode(number.doubleValue)
      }
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: JSONValueCodingKey.self)
      for member in object.members {
        try container.encode(member.value, forKey: JSONValueCodingKey(stringValue: member.key))
      }
    }
  }
}

/// The unkeyed container of `RegistryValueDecoder`: an array's elements, in order.
struct RegistryValueUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: RegistryValueDecoder
  let elements: [JSONValue]
  private(set) var currentIndex = 0

  init(decoder: RegistryValueDecoder, elements: [JSONValue]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The current element, or `valueNotFound` past the end, as `JSONDecoder` throws it.
  private func current(_ type: Any.Type) throws -> (JSONValue, RegistryIndexKey) {
    let key = RegistryIndexKey(currentIndex)
    guard currentIndex < elements.count else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
    }
    return (elements[currentIndex], key)
  }

  mutating func decodeNil() throws -> Bool {
    let (value, _) = try current(Any?.self)
    guard case .null = value else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.bool(from: value, at: key)
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.string(from: value, at: key)
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.floatingPoint(type, from: value, at: key)
  }

  mutating func decode(_ type: Float.Type) throws -> Float {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.floatingPoint(type, from: value, at: key)
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: UInt.Type) throws -> UInt {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.integer(type, from: value, at: key)
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, key) = try current(type)
    defer { currentIndex += 1 }
    return try decoder.decode(type, from: value, at: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let (value, key) = try current(KeyedDecodingContainer<NestedKey>.self)
    let container = try decoder.child(value, at: key).container(keyedBy: type)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, key) = try current((any UnkeyedDecodingContainer).self)
    let container = try decoder.child(value, at: key).unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, key) = try current((any Decoder).self)
    currentIndex += 1
    return decoder.child(value, at: key)
  }
}

/// The keyed container of `RegistryValueDecoder`: an object's members, looked up by key.
///
/// Small objects (the usual payload) are searched in order; objects with many members get an
/// index, so decoding a large `[String: T]` stays linear.
struct RegistryValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: RegistryValueDecoder
  let object: JSONObject
  private let index: [String: Int]?

  init(decoder: RegistryValueDecoder, object: JSONObject) {
    self.decoder = decoder
    self.object = object
    if object.count > 16 {
      var index: [String: Int] = [:]
      index.reserveCapacity(object.count)
      for (position, member) in object.members.enumerated() where index[member.key] == nil {
        index[member.key] = position
      }
      self.index = index
    } else {
      self.index = nil
    }
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  /// The members' keys, in document order.
  var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

  func contains(_ key: Key) -> Bool { lookup(key) != nil }

  private func lookup(_ key: Key) -> JSONValue? {
    let name = key.stringValue
    if let index {
      return index[name].map { object.members[$0].value }
    }
    for member in object.members where member.key == name {
      return member.value
    }
    return nil
  }

  /// The member's value, or `keyNotFound` as `JSONDecoder` throws it.
  private func require(_ key: Key) throws -> JSONValue {
    guard let value = lookup(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key.stringValue)."))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try require(key) { return true }
    return false
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.bool(from: require(key), at: key)
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.string(from: require(key), at: key)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.floatingPoint(type, from: require(key), at: key)
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.floatingPoint(type, from: require(key), at: key)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decoder.integer(type, from: require(key), at: key)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.decode(type, from: require(key), at: key)
  }

  /// One lookup instead of the default's three (`contains`, `decodeNil`, `decode`).
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let value = lookup(key) else { return nil }
    if case .null = value { return nil }
    return try decoder.decode(type, from: value, at: key)
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let value = lookup(key) else { return nil }
    if case .null = value { return nil }
    return try decoder.string(from: value, at: key)
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let value = lookup(key) else { return nil }
    if case .null = value { return nil }
    return try decoder.bool(from: value, at: key)
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let value = lookup(key) else { return nil }
    if case .null = value { return nil }
    return try decoder.floatingPoint(type, from: value, at: key)
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let value = lookup(key) else { return nil }
    if case .null = value { return nil }
    return try decoder.integer(type, from: value, at: key)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder.child(require(key), at: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.child(require(key), at: key).unkeyedContainer()
  }

  /// A decoder for the member `super`, or for null when there is none, as in `JSONDecoder`.
  func superDecoder() throws -> any Decoder {
    let key = RegistrySuperKey()
    return decoder.child(object["super"] ?? .null, at: key)
  }

  /// A decoder for the member, or for null when there is none, as in `JSONDecoder`.
  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.child(lookup(key) ?? .null, at: key)
  }
}

/// The key `superDecoder()` uses.
struct RegistrySuperKey: CodingKey {
  init() {}
  init?(stringValue: String) {
    guard stringValue == "super" else { return nil }
  }
  init?(intValue: Int) {
    return nil
  }
  var stringValue: String { "super" }
  var intValue: Int? { nil }
}

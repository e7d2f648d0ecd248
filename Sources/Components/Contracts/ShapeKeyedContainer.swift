/// The keyed container of the recording decoder: each member asked for is written down.
struct ShapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ShapeRecordingDecoder
  let record: RecordingNode.KeyedRecord

  var codingPath: [any CodingKey] { decoder.codingPath }

  /// A dictionary's keys: one stand-in member, whose reads become the shape of every member.
  /// A closed key type (a `CodingKeys` enum) gets none, and the object is incomplete.
  var allKeys: [Key] {
    if decoder.minimal { return [] }
    guard let key = Key(stringValue: ShapePathKey.anyMember) else {
      if record.incomplete == nil {
        record.incomplete = "init(from:) reads the members present (allKeys)"
      }
      return []
    }
    if record.additional == nil { record.additional = RecordingNode() }
    return [key]
  }

  /// Present: the walk follows the branch that reads the member, which is then optional.
  func contains(_ key: Key) -> Bool {
    if decoder.minimal { return false }
    record.checkedPresence.insert(key.stringValue)
    return true
  }

  private func node(_ key: Key, required: Bool) -> RecordingNode {
    if key.stringValue == ShapePathKey.anyMember, let additional = record.additional {
      return additional
    }
    return record.node(for: key.stringValue, required: required)
  }

  private func read<T: Decodable>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T? {
    let child = node(key, required: !optional)
    if optional { child.nullable = true }
    do {
      return try decoder.decodeChild(type, at: child, token: key.stringValue, optional: optional)
    } catch let abort as RecordingAbort {
      decoder.stopped(at: key.stringValue, in: record)
      throw abort
    }
  }

  private func require<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    guard let value = try read(type, key, optional: false) else {
      // Only an optional read answers nil; unreachable for a required one.
      throw RecordingCut()
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    node(key, required: true).nullable = true
    return decoder.minimal
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try require(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try require(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try require(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try require(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try require(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try require(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try require(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try require(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try require(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try require(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try require(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try require(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try require(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try require(type, key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try require(type, key)
  }

  /// In minimal mode the member is absent.
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try present(type, key)
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try present(type, key)
  }

  private func present<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    if decoder.minimal { return nil }
    return try read(type, key, optional: true)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let child = node(key, required: true)
    let nested = ShapeRecordingDecoder(
      context: decoder.context, node: child, path: decoder.path + [key.stringValue],
      minimal: decoder.minimal)
    return try nested.container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let child = node(key, required: true)
    let nested = ShapeRecordingDecoder(
      context: decoder.context, node: child, path: decoder.path + [key.stringValue],
      minimal: decoder.minimal)
    return try nested.unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    try superDecoder(named: "super")
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try superDecoder(named: key.stringValue)
  }

  /// A member read through `superDecoder`: the decoder hands a missing member over as null,
  /// which the recorder cannot express; the member is unknown and not required.
  private func superDecoder(named name: String) throws -> any Decoder {
    let child = record.node(for: name, required: false)
    if child.unknown == nil {
      child.unknown = "read through superDecoder, which turns a missing member into null"
    }
    return ShapeRecordingDecoder(
      context: decoder.context, node: RecordingNode(), path: decoder.path + [name],
      minimal: decoder.minimal)
  }
}

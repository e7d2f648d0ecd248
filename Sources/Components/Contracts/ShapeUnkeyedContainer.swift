/// The unkeyed container of the recording decoder: one element, whose reads become the shape
/// of every element.
struct ShapeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ShapeRecordingDecoder
  let array: RecordingNode
  let element: RecordingNode
  private(set) var currentIndex = 0

  init(decoder: ShapeRecordingDecoder, array: RecordingNode, element: RecordingNode) {
    self.decoder = decoder
    self.array = array
    self.element = element
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { decoder.minimal ? 0 : 1 }
  var isAtEnd: Bool { decoder.minimal || currentIndex >= 1 }

  /// The node of the element at `currentIndex`: the first element's, or for a read past it a
  /// node nobody keeps (the array is then read by position).
  private func place() -> RecordingNode {
    if currentIndex == 0 { return element }
    array.positional = true
    return RecordingNode()
  }

  mutating func decodeNil() throws -> Bool {
    place().nullable = true
    if decoder.minimal { return true }
    return false
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try read(type)
  }

  private mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
    let node = place()
    defer { currentIndex += 1 }
    guard
      let value = try decoder.decodeChild(
        type, at: node, token: String(currentIndex), optional: false)
    else {
      throw RecordingCut()
    }
    return value
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
  mutating func decode(_ type: String.Type) throws -> String { try read(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let nested = nestedDecoder()
    return try nested.container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let nested = nestedDecoder()
    return try nested.unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    nestedDecoder()
  }

  private mutating func nestedDecoder() -> ShapeRecordingDecoder {
    let node = place()
    defer { currentIndex += 1 }
    return ShapeRecordingDecoder(
      context: decoder.context, node: node, path: decoder.path + [String(currentIndex)],
      minimal: decoder.minimal)
  }
}

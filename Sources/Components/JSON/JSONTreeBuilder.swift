/// Builds a ``JSONValue`` tree from what the reader's container walker reads.
struct JSONTreeBuilder: JSONSink {
  /// The members of the open objects and the elements of the open arrays, innermost last;
  /// `isObject` says which kind each open container is.
  private var objects: [[JSONObject.Member]] = []
  private var arrays: [[JSONValue]] = []
  private var isObject: [Bool] = []
  /// The key of each open object's member being read.
  private var keys: [String] = []
  private var scratch: [UInt8] = []
  /// The value read, once the walk is over.
  private(set) var value: JSONValue = .null

  private mutating func add(_ value: JSONValue) {
    guard let inObject = isObject.last else {
      self.value = value
      return
    }
    if inObject {
      objects[objects.count - 1].append(.init(key: keys.removeLast(), value: value))
    } else {
      arrays[arrays.count - 1].append(value)
    }
  }

  mutating func beginObject() {
    objects.append([])
    isObject.append(true)
  }

  mutating func key(_ key: ArraySlice<UInt8>) {
    keys.append(String(decoding: key, as: UTF8.self))
  }

  mutating func endObject() {
    isObject.removeLast()
    add(.object(JSONObject(objects.removeLast())))
  }

  mutating func beginArray() {
    arrays.append([])
    isObject.append(false)
  }

  mutating func endArray() {
    isObject.removeLast()
    add(.array(arrays.removeLast()))
  }

  mutating func separator() {}

  mutating func string(from input: JSONInput) throws(JSONDiagnostic) {
    scratch.removeAll(keepingCapacity: true)
    try input.scanString(into: &scratch, .decoded)
    add(.string(String(decoding: scratch, as: UTF8.self)))
  }

  mutating func number(from input: JSONInput) throws(JSONDiagnostic) {
    scratch.removeAll(keepingCapacity: true)
    try input.scanNumber(into: &scratch)
    add(.number(JSONNumber(validatedText: String(decoding: scratch, as: UTF8.self))))
  }

  mutating func literal(_ literal: JSONLiteral) {
    switch literal {
    case .true: add(.bool(true))
    case .false: add(.bool(false))
    case .null: add(.null)
    }
  }
}

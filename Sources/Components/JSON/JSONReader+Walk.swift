/// One open container of a walk: whether it is an object, and how many elements or members
/// it has had.
struct WalkFrame {
  var isObject: Bool
  var count: Int
}

extension JSONReader {
  /// Counts one more level of nesting, or throws the depth error for the container that
  /// starts at the next byte.
  ///
  /// Before the depth error, the rest of that container is read (without a depth limit and
  /// without recursion), so that a syntax error in it wins over the limit.
  func enterContainer() throws(JSONDiagnostic) {
    depth += 1
    guard depth <= maxDepth else {
      let limitPosition = input.currentPosition
      var discard = DiscardingSink()
      try walk(into: &discard, limited: false)
      throw JSONDiagnostic(
        .invalidDocument, at: limitPosition,
        "nesting is deeper than \(maxDepth) levels (the --max-depth limit)")
    }
  }

  /// Reads one value, feeding `sink`: the one walk of the JSON grammar's containers.
  ///
  /// Document errors (a duplicate key, a lone surrogate, the depth limit) get the JSON
  /// Pointer of where the walk was: the key or index of each open container whose value was
  /// being read.
  func walkValue<Sink: JSONSink>(into sink: inout Sink) throws(JSONDiagnostic) {
    var frames = self.frames
    var keys = self.keys
    self.frames = []
    self.keys = ObjectKeyStack()
    defer {
      frames.removeAll(keepingCapacity: true)
      keys.removeAll()
      self.frames = frames
      self.keys = keys
    }
    try walk(into: &sink, limited: true, frames: &frames, keys: &keys)
  }

  /// ``walkValue(into:)`` with stacks of its own: for the rest of a value past the depth
  /// limit, where nothing is checked but the grammar and pointers are left to the caller.
  private func walk<Sink: JSONSink>(into sink: inout Sink, limited: Bool) throws(JSONDiagnostic) {
    var frames: [WalkFrame] = []
    var keys = ObjectKeyStack()
    try walk(into: &sink, limited: limited, frames: &frames, keys: &keys)
  }

  /// The walk: `limited` applies the depth limit, checks duplicate keys and points document
  /// errors at their place.
  private func walk<Sink: JSONSink>(
    into sink: inout Sink, limited: Bool, frames: inout [WalkFrame], keys: inout ObjectKeyStack
  ) throws(JSONDiagnostic) {
    let baseDepth = depth
    // Whether the innermost container's value (or the root value) is being read: only then
    // does it add a token to a document error's pointer.
    var readingValue = true
    do throws(JSONDiagnostic) {
      value: while true {
        readingValue = true
        input.skipWhitespace()
        let byte = input.peek()
        switch byte {
        case 0x7B?, 0x5B?:
          let isObject = byte == 0x7B
          if limited {
            try enterContainer()
          } else {
            depth += 1
          }
          input.advance()
          input.skipWhitespace()
          if input.peek() == (isObject ? 0x7D : 0x5D) {
            input.advance()
            depth -= 1
            if isObject {
              sink.beginObject()
              sink.endObject()
            } else {
              sink.beginArray()
              sink.endArray()
            }
          } else {
            frames.append(WalkFrame(isObject: isObject, count: 0))
            if isObject {
              sink.beginObject()
              keys.openObject()
              readingValue = false
              try readKey(into: &sink, keys: &keys, checked: limited)
            } else {
              sink.beginArray()
            }
            continue value
          }
        case 0x22?:
          try sink.string(from: input)
        case 0x74?:
          try input.expectLiteral("true")
          sink.literal(.true)
        case 0x66?:
          try input.expectLiteral("false")
          sink.literal(.false)
        case 0x6E?:
          try input.expectLiteral("null")
          sink.literal(.null)
        case 0x2D?, 0x30?, 0x31?, 0x32?, 0x33?, 0x34?, 0x35?, 0x36?, 0x37?, 0x38?, 0x39?:
          try sink.number(from: input)
        default:
          throw input.unexpected(byte, expecting: "a JSON value")
        }
        // After a value: close containers, or move on to the next member or element.
        readingValue = false
        while let top = frames.last {
          input.skipWhitespace()
          let next = input.peek()
          if next == 0x2C {
            input.advance()
            sink.separator()
            frames[frames.count - 1].count += 1
            if top.isObject { try readKey(into: &sink, keys: &keys, checked: limited) }
            continue value
          }
          guard next == (top.isObject ? 0x7D : 0x5D) else {
            let expected = top.isObject ? "',' or '}'" : "',' or ']'"
            // Past the depth limit only the syntax matters, and the message says less.
            let after =
              !limited ? "" : top.isObject ? " after an object member" : " after an array element"
            throw input.unexpected(next, expecting: expected + after)
          }
          input.advance()
          frames.removeLast()
          depth -= 1
          if top.isObject {
            keys.closeObject()
            sink.endObject()
          } else {
            sink.endArray()
          }
        }
        return
      }
    } catch {
      depth = baseDepth
      guard limited, error.category == .invalidDocument, !frames.isEmpty else { throw error }
      // Every container but the innermost is reading a value; the innermost maybe.
      let open = readingValue ? frames.count : frames.count - 1
      var objectKeys = keys.lastKeys.makeIterator()
      var tokens: [String] = []
      for frame in frames.prefix(open) {
        tokens.append(frame.isObject ? objectKeys.next() ?? "" : String(frame.count))
      }
      throw error.prefixed(by: JSONPointer(tokens))
    }
  }

  /// Reads `"key":` of the innermost object, checking (when `checked`) that the object does
  /// not have it yet.
  private func readKey<Sink: JSONSink>(
    into sink: inout Sink, keys: inout ObjectKeyStack, checked: Bool
  ) throws(JSONDiagnostic) {
    input.skipWhitespace()
    let keyStart = input.bytesConsumed
    guard input.peek() == 0x22 else {
      throw input.unexpected(input.peek(), expecting: "a string key")
    }
    let start = keys.bytes.count
    try input.scanString(into: &keys.bytes, .decoded)
    if checked {
      guard keys.add(from: start) else {
        var quoted: [UInt8] = []
        keys.bytes[start...].withUnsafeBytes { JSONWriter.appendString(utf8: $0, to: &quoted) }
        throw input.documentError(
          at: keyStart, "duplicate key \(String(decoding: quoted, as: UTF8.self))")
      }
    }
    try input.expectColon()
    sink.key(keys.bytes[start...])
    if !checked { keys.bytes.removeSubrange(start...) }
  }
}

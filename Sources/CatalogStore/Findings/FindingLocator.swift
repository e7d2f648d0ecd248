import Components

/// Finds where values are in a submitted document, so that a finding points at the line of
/// the change: the value at the pointer when the file has it, else its nearest enclosing
/// value (the payload for a removed key, the entry for a removed entry's neighbour).
///
/// One pass over the document, descending only into the containers on the way to a wanted
/// pointer; memory is the wanted pointers.
public enum FindingLocator {
  /// The positions of `wanted` pointers (absolute, from the document's root) and of every
  /// ancestor of them that the document has.
  public static func positions(
    of wanted: [JSONPointer], in bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth
  ) throws -> [JSONPointer: SourcePosition] {
    var prefixes = Set<JSONPointer>()
    for pointer in wanted {
      for length in 0...pointer.tokens.count {
        prefixes.insert(JSONPointer(Array(pointer.tokens.prefix(length))))
      }
    }
    var positions: [JSONPointer: SourcePosition] = [:]
    guard !prefixes.isEmpty else { return positions }
    let reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
    func walk(_ pointer: JSONPointer) throws(JSONDiagnostic) {
      positions[pointer] = reader.positionOfNextToken()
      guard let byte = reader.peekAfterWhitespace(), byte == 0x7B || byte == 0x5B else {
        _ = try reader.readValue()
        return
      }
      let close: UInt8 = byte == 0x7B ? 0x7D : 0x5D
      try reader.beginContainer(byte)
      guard !reader.isEmptyContainer(close: close) else { return }
      var index = 0
      repeat {
        let child =
          byte == 0x7B ? pointer.appending(try reader.readKey()) : pointer.appending(index)
        index += 1
        if prefixes.contains(child) {
          try walk(child)
        } else {
          _ = try reader.readValue()
        }
      } while try !reader.endOfContainer(
        close: close, what: byte == 0x7B ? "an object member" : "an array element")
      reader.leaveContainer()
    }
    do {
      try walk(.root)
    } catch {
      // The document was read before; a failure here leaves the positions found so far.
    }
    return positions
  }

  /// The position of `pointer`, or of its nearest ancestor that `positions` has.
  public static func nearest(_ pointer: JSONPointer, in positions: [JSONPointer: SourcePosition])
    -> SourcePosition?
  {
    var tokens = pointer.tokens
    while true {
      if let position = positions[JSONPointer(tokens)] { return position }
      guard !tokens.isEmpty else { return nil }
      tokens.removeLast()
    }
  }
}

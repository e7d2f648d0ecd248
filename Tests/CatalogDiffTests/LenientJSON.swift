import Components

/// Reads JSON that may repeat a key inside an object, keeping every member in order.
///
/// Two json-patch-tests records repeat `"op"` on purpose (to check that a patch tool rejects
/// them), and the catalog's own reader rejects duplicate keys as a document error, so the
/// suite's files are read with this walker over ``JSONReader``'s structure helpers.
enum LenientJSON {
  static func parse(_ bytes: [UInt8]) throws(JSONDiagnostic) -> JSONValue {
    let reader = JSONReader(bytes: bytes)
    let value = try read(reader)
    try reader.expectEndOfInput()
    return value
  }

  private static func read(_ reader: JSONReader) throws(JSONDiagnostic) -> JSONValue {
    switch reader.peekAfterWhitespace() {
    case 0x7B:
      try reader.beginContainer(0x7B)
      var members: [JSONObject.Member] = []
      if !reader.isEmptyContainer(close: 0x7D) {
        repeat {
          let key = try reader.readKey()
          members.append(JSONObject.Member(key: key, value: try read(reader)))
        } while !(try reader.endOfContainer(close: 0x7D, what: "an object member"))
        reader.leaveContainer()
      }
      return .object(JSONObject(members))
    case 0x5B:
      try reader.beginContainer(0x5B)
      var elements: [JSONValue] = []
      if !reader.isEmptyContainer(close: 0x5D) {
        repeat {
          elements.append(try read(reader))
        } while !(try reader.endOfContainer(close: 0x5D, what: "an array element"))
        reader.leaveContainer()
      }
      return .array(elements)
    default:
      return try reader.readValue()
    }
  }
}

import Components

/// One JSON-RPC 2.0 message received by the server, as far as the server needs to tell
/// messages apart: a request (it has an id and expects an answer), a notification (no id, no
/// answer), or a response to a request the server never sent (ignored).
///
/// MCP's stdio transport carries one message per line (no batches since protocol
/// 2025-06-18); ``parse(_:maxDepth:)`` reads one line's bytes.
public enum JSONRPCMessage: Sendable, Hashable {
  case request(id: JSONValue, method: String, params: JSONObject?)
  case notification(method: String, params: JSONObject?)
  case response

  /// The deepest JSON nesting read in a message.
  public static let maxDepth = 128

  /// Reads one message.
  ///
  /// - Throws: ``JSONRPCFailure``: the error to answer, with the request's id when it could
  ///   be read (`null` otherwise, as JSON-RPC says).
  public static func parse(_ bytes: [UInt8], maxDepth: Int = maxDepth) throws(JSONRPCFailure)
    -> JSONRPCMessage
  {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: bytes, maxDepth: maxDepth)
    } catch {
      throw JSONRPCFailure(
        id: .null,
        JSONRPCError(
          .parseError,
          "parse error at \(error.position.line):\(error.position.column): \(error.message)"))
    }
    guard case .object(let object) = value else {
      let what =
        value.arrayValue != nil
        ? "a batch (an array); send one message per line"
        : "\(value.typeName)"
      throw JSONRPCFailure(
        id: .null,
        JSONRPCError(.invalidRequest, "invalid request: expected an object, found \(what)"))
    }
    let id = object["id"]
    if let id, !isValidID(id) {
      throw JSONRPCFailure(
        id: .null,
        JSONRPCError(
          .invalidRequest,
          "invalid request: id must be a string or an integer, found \(id.typeName)"))
    }
    guard object["jsonrpc"] == .string("2.0") else {
      throw JSONRPCFailure(
        id: id ?? .null,
        JSONRPCError(.invalidRequest, "invalid request: \"jsonrpc\" must be \"2.0\""))
    }
    guard let methodValue = object["method"] else {
      if object["result"] != nil || object["error"] != nil { return .response }
      throw JSONRPCFailure(
        id: id ?? .null, JSONRPCError(.invalidRequest, "invalid request: no \"method\""))
    }
    guard case .string(let method) = methodValue else {
      throw JSONRPCFailure(
        id: id ?? .null,
        JSONRPCError(
          .invalidRequest,
          "invalid request: \"method\" must be a string, found \(methodValue.typeName)"))
    }
    var params: JSONObject?
    switch object["params"] {
    case nil: params = nil
    case .object(let members)?: params = members
    case let other?:
      throw JSONRPCFailure(
        id: id ?? .null,
        JSONRPCError(.invalidParams, "\"params\" must be an object, found \(other.typeName)"))
    }
    guard let id else { return .notification(method: method, params: params) }
    return .request(id: id, method: method, params: params)
  }

  /// A request id is a string or an integer (MCP forbids `null`).
  static func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .string: return true
    case .number(let number): return number.intValue != nil
    case .null, .bool, .array, .object: return false
    }
  }

  /// A success response line: `{"jsonrpc":"2.0","id":…,"result":…}` and a newline.
  public static func responseLine(id: JSONValue, result: JSONValue) -> [UInt8] {
    line(
      JSONObject([
        .init(key: "jsonrpc", value: "2.0"), .init(key: "id", value: id),
        .init(key: "result", value: result),
      ]))
  }

  /// An error response line: `{"jsonrpc":"2.0","id":…,"error":{…}}` and a newline.
  public static func errorLine(id: JSONValue, error: JSONRPCError) -> [UInt8] {
    line(
      JSONObject([
        .init(key: "jsonrpc", value: "2.0"), .init(key: "id", value: id),
        .init(key: "error", value: error.json),
      ]))
  }

  /// Canonical compact JSON never holds a raw line break (one in a string is written
  /// `\n`), so one message is one line, as the stdio transport requires.
  private static func line(_ object: JSONObject) -> [UInt8] {
    var out = JSONWriter.canonicalBytes(.object(object))
    out.append(0x0A)
    return out
  }
}

/// A message the server answers with an error: the id to answer (`null` when it could not be
/// read) and the error.
public struct JSONRPCFailure: Error, Sendable, Hashable {
  public var id: JSONValue
  public var error: JSONRPCError

  public init(id: JSONValue, _ error: JSONRPCError) {
    self.id = id
    self.error = error
  }
}

import Components

/// A JSON-RPC 2.0 error object: what the server answers a request it cannot serve with.
///
/// The codes are JSON-RPC's own and the ones MCP allocates (`-32022`, an unsupported
/// protocol version); the message is one sentence, and `data` carries the facts a client can
/// act on (the supported versions, the limit that was exceeded).
public struct JSONRPCError: Error, Sendable, Hashable {
  /// The error codes the server sends.
  public enum Code: Int, Sendable, Hashable {
    /// The message is not JSON.
    case parseError = -32700
    /// The message is JSON but not a request: not an object, no `"jsonrpc": "2.0"`, a
    /// method that is not a string, an id that is neither a string nor an integer, a batch,
    /// or a message larger than the server reads.
    case invalidRequest = -32600
    /// No such method.
    case methodNotFound = -32601
    /// The method exists but its parameters do not fit (an unknown tool or resource, a
    /// missing `_meta` envelope).
    case invalidParams = -32602
    /// The catalog could not be read.
    case internalError = -32603
    /// MCP: the request's protocol version is not one the server speaks.
    case unsupportedProtocolVersion = -32022
  }

  public var code: Code
  public var message: String
  public var data: JSONValue?

  public init(_ code: Code, _ message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// The error object: `{"code": …, "message": …, "data": …}`.
  public var json: JSONValue {
    var members: [JSONObject.Member] = [
      .init(key: "code", value: .number(JSONNumber(code.rawValue))),
      .init(key: "message", value: .string(message)),
    ]
    if let data { members.append(.init(key: "data", value: data)) }
    return .object(JSONObject(members))
  }
}

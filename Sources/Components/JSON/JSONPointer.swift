/// An RFC 6901 JSON Pointer: `/components/3/payload/title`.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
  /// The reference tokens, unescaped: `["components", "3", "payload", "title"]`.
  public var tokens: [String]

  public init(_ tokens: [String] = []) {
    self.tokens = tokens
  }

  /// The root pointer (`""`), which names the whole document.
  public static let root = JSONPointer()

  /// Parses pointer text such as `/a/b~1c`.
  ///
  /// - Throws: ``JSONPointerError`` when the text is neither empty nor starts with `/`, or holds
  ///   a `~` not followed by `0` or `1`.
  public init(parsing text: String) throws(JSONPointerError) {
    if text.isEmpty {
      self.tokens = []
      return
    }
    guard text.utf8.first == UInt8(ascii: "/") else {
      throw JSONPointerError(pointer: text, reason: "must start with '/'")
    }
    // Work on Unicode scalars, not Characters: a combining mark after '/' or '~' must not
    // merge with it.
    var tokens: [String] = []
    var token = String.UnicodeScalarView()
    var iterator = text.unicodeScalars.dropFirst().makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case "/":
        tokens.append(String(token))
        token = String.UnicodeScalarView()
      case "~":
        switch iterator.next() {
        case "0": token.append("~")
        case "1": token.append("/")
        default: throw JSONPointerError(pointer: text, reason: "'~' must be followed by '0' or '1'")
        }
      default:
        token.append(scalar)
      }
    }
    tokens.append(String(token))
    self.tokens = tokens
  }

  public var isRoot: Bool { tokens.isEmpty }

  /// The pointer one level down.
  public func appending(_ token: String) -> JSONPointer {
    JSONPointer(tokens + [token])
  }

  /// The pointer one level down, at an array index.
  public func appending(_ index: Int) -> JSONPointer {
    JSONPointer(tokens + [String(index)])
  }

  /// The pointer one level up; the root's parent is the root.
  public var parent: JSONPointer { JSONPointer(Array(tokens.dropLast())) }

  public var description: String {
    tokens.map { "/" + $0.replacingTildeAndSlash() }.joined()
  }

  /// Tokens compare by bytes: two pointers that differ only in Unicode normalization name
  /// different members.
  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.tokens.haveSameBytes(as: rhs.tokens)
  }

  /// Token by token, in byte order.
  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.tokens.lexicographicallyPrecedes(rhs.tokens) {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
  }
}

/// A JSON Pointer whose text is not RFC 6901 syntax.
public struct JSONPointerError: Error, Sendable, Hashable, CustomStringConvertible {
  public var pointer: String
  public var reason: String

  public var description: String { "invalid JSON Pointer '\(pointer)': \(reason)" }
}

extension String {
  fileprivate func replacingTildeAndSlash() -> String {
    guard unicodeScalars.contains(where: { $0 == "~" || $0 == "/" }) else { return self }
    var out = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar {
      case "~": out.append(contentsOf: "~0".unicodeScalars)
      case "/": out.append(contentsOf: "~1".unicodeScalars)
      default: out.append(scalar)
      }
    }
    return String(out)
  }
}

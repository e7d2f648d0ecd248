import Components

/// An RFC 6902 JSON Patch: a list of operations applied in order, all or nothing.
///
/// ```swift
/// let patch = try JSONPatch(decoding: JSONValue(parsing: #"[{"op": "remove", "path": "/a"}]"#))
/// let result = try patch.apply(to: ["a": 1, "b": 2])  // {"b": 2}
/// ```
public struct JSONPatch: Sendable, Hashable {
  public var operations: [JSONPatchOperation]

  public init(_ operations: [JSONPatchOperation] = []) {
    self.operations = operations
  }

  public var isEmpty: Bool { operations.isEmpty }

  /// Decodes a patch document: an array of operation objects.
  ///
  /// Members RFC 6902 does not define are ignored, as the RFC requires. A member the operation
  /// needs that is missing, duplicated or of the wrong type, and an unknown `op`, are errors.
  ///
  /// - Throws: ``JSONPatchError`` for the first malformed operation, with its index.
  public init(decoding document: JSONValue) throws(JSONPatchError) {
    guard case .array(let elements) = document else {
      throw JSONPatchError(
        index: nil, op: nil, path: nil, code: .notAnArray,
        message: "expected an array of operations, found \(withArticle(document.typeName))")
    }
    var operations: [JSONPatchOperation] = []
    operations.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      operations.append(try Self.decodeOperation(element, index: index))
    }
    self.operations = operations
  }

  /// The patch as a JSON array of operation objects.
  public var jsonValue: JSONValue {
    .array(operations.map(\.jsonValue))
  }

  /// The patch as JSON text with one compact operation per line, and a final newline: easy to
  /// read, to grep and to review as a line diff.
  ///
  /// ```text
  /// [
  ///   {"op":"replace","path":"/components/7/payload/title","value":"Hero v2"},
  ///   {"op":"remove","path":"/components/9"}
  /// ]
  /// ```
  public var text: String {
    guard !operations.isEmpty else { return "[]\n" }
    var out: [UInt8] = Array("[\n".utf8)
    for (i, operation) in operations.enumerated() {
      out.append(contentsOf: "  ".utf8)
      JSONWriter.appendCanonical(operation.jsonValue, to: &out)
      out.append(contentsOf: i + 1 < operations.count ? ",\n".utf8 : "\n".utf8)
    }
    out.append(contentsOf: "]\n".utf8)
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: - Decoding

  /// The members an operation may use; any other member is ignored.
  private static let knownMembers: Set<String> = ["op", "path", "from", "value"]

  private static func decodeOperation(
    _ element: JSONValue, index: Int
  ) throws(JSONPatchError) -> JSONPatchOperation {
    guard case .object(let object) = element else {
      throw JSONPatchError(
        index: index, op: nil, path: nil, code: .malformedOperation,
        message: "expected an operation object, found \(withArticle(element.typeName))")
    }
    let op = object["op"]?.stringValue
    let pathText = object["path"]?.stringValue
    func failure(
      _ code: JSONPatchError.Code, _ message: String, member: String? = nil
    ) -> JSONPatchError {
      JSONPatchError(
        index: index, op: op, path: pathText, code: code, message: message, member: member)
    }
    var seen: Set<String> = []
    for member in object.members where knownMembers.contains(member.key) {
      guard seen.insert(member.key).inserted else {
        throw failure(
          .malformedOperation, "duplicate member \"\(member.key)\"", member: member.key)
      }
    }
    guard let opValue = object["op"] else { throw failure(.malformedOperation, "missing \"op\"") }
    guard let name = opValue.stringValue else {
      throw failure(
        .malformedOperation, "\"op\" must be a string, found \(withArticle(opValue.typeName))",
        member: "op")
    }
    func pointer(_ member: String) throws(JSONPatchError) -> JSONPointer {
      guard let value = object[member] else {
        throw failure(.malformedOperation, "missing \"\(member)\"")
      }
      guard let text = value.stringValue else {
        throw failure(
          .malformedOperation,
          "\"\(member)\" must be a string, found \(withArticle(value.typeName))", member: member)
      }
      do {
        return try JSONPointer(parsing: text)
      } catch {
        throw failure(
          .invalidPointer, "\"\(member)\" is not a JSON Pointer: \(error.reason)", member: member)
      }
    }
    func value() throws(JSONPatchError) -> JSONValue {
      guard let value = object["value"] else {
        throw failure(.malformedOperation, "missing \"value\"")
      }
      return value
    }
    switch name {
    case "add": return .add(path: try pointer("path"), value: try value())
    case "remove": return .remove(path: try pointer("path"))
    case "replace": return .replace(path: try pointer("path"), value: try value())
    case "move": return .move(from: try pointer("from"), path: try pointer("path"))
    case "copy": return .copy(from: try pointer("from"), path: try pointer("path"))
    case "test": return .test(path: try pointer("path"), value: try value())
    default:
      throw failure(
        .unknownOperation,
        "unknown operation \"\(name)\"; expected add, remove, replace, move, copy or test",
        member: "op")
    }
  }
}

/// "an object", "a string", "null".
func withArticle(_ typeName: String) -> String {
  guard typeName != "null" else { return typeName }
  let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
  return typeName.first.map { vowels.contains($0) } == true ? "an \(typeName)" : "a \(typeName)"
}

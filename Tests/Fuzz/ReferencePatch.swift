// A reference implementation of RFC 6902 for the patch oracle (FuzzPatch.swift): written
// for obviousness, not speed. Every operation rebuilds the containers on its path from
// plain arrays of members (never the index or the removal slots `JSONObject` keeps for large
// objects), keys compare by bytes, array indices are RFC 6901's digits, and `test` is the
// product's documented JSON equality (`isEquivalent(to:)`). It decides only success and the
// result; messages are the product's business.

@testable import CatalogDiff
@testable import Components

enum ReferencePatch {
  /// Why the reference refused: the index of the failing operation.
  struct Failure: Error {
    var index: Int
  }

  private struct Refused: Error {}

  static func apply(_ patch: JSONPatch, to document: JSONValue) -> Result<JSONValue, Failure> {
    var current = document
    for (index, operation) in patch.operations.enumerated() {
      guard let next = try? step(operation, current) else { return .failure(Failure(index: index)) }
      current = next
    }
    return .success(current)
  }

  private static func step(_ operation: JSONPatchOperation, _ document: JSONValue) throws
    -> JSONValue
  {
    switch operation {
    case .add(let path, let value):
      return try add(value, path.tokens[...], document)
    case .remove(let path):
      guard !path.tokens.isEmpty else { throw Refused() }
      return try remove(path.tokens[...], document)
    case .replace(let path, let value):
      _ = try get(path.tokens[...], document)
      guard !path.tokens.isEmpty else { return value }
      // In place: an object member keeps its position, as the product documents.
      return try change(path.tokens[...], document) { token, parent in
        switch parent {
        case .object(let object):
          var list = members(object)
          guard let at = slot(token, in: list) else { throw Refused() }
          list[at].value = value
          return .object(JSONObject(list))
        case .array(var elements):
          elements[try index(token, count: elements.count, appending: false)] = value
          return .array(elements)
        default:
          throw Refused()
        }
      }
    case .move(let from, let path):
      let value = try get(from.tokens[...], document)
      if from == path { return document }
      if path.tokens.count > from.tokens.count && path.tokens.starts(with: from.tokens) {
        throw Refused()
      }
      guard !from.tokens.isEmpty else { throw Refused() }
      return try add(value, path.tokens[...], try remove(from.tokens[...], document))
    case .copy(let from, let path):
      return try add(try get(from.tokens[...], document), path.tokens[...], document)
    case .test(let path, let expected):
      guard try get(path.tokens[...], document).isEquivalent(to: expected) else { throw Refused() }
      return document
    }
  }

  /// The members of an object as a plain array.
  private static func members(_ object: JSONObject) -> [JSONObject.Member] {
    Array(object.members)
  }

  private static func slot(_ key: String, in members: [JSONObject.Member]) -> Int? {
    members.indices.first { members[$0].key.hasSameBytes(as: key) }
  }

  private static func index(_ token: String, count: Int, appending: Bool) throws -> Int {
    if appending && token == "-" { return count }
    guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      first != 0x30 || token.utf8.count == 1, token.utf8.count <= 18, let index = Int(token)
    else { throw Refused() }
    guard index < count || (appending && index == count) else { throw Refused() }
    return index
  }

  private static func get(_ tokens: ArraySlice<String>, _ value: JSONValue) throws -> JSONValue {
    guard let token = tokens.first else { return value }
    switch value {
    case .object(let object):
      let list = members(object)
      guard let at = slot(token, in: list) else { throw Refused() }
      return try get(tokens.dropFirst(), list[at].value)
    case .array(let elements):
      return try get(
        tokens.dropFirst(), elements[try index(token, count: elements.count, appending: false)])
    default:
      throw Refused()
    }
  }

  /// `value` with its child at `tokens` changed by `body` (applied to the parent of the last
  /// token, with that token).
  private static func change(
    _ tokens: ArraySlice<String>, _ value: JSONValue,
    _ body: (String, JSONValue) throws -> JSONValue
  ) throws -> JSONValue {
    if tokens.count == 1 { return try body(tokens[tokens.startIndex], value) }
    guard let token = tokens.first else { throw Refused() }
    switch value {
    case .object(let object):
      var list = members(object)
      guard let at = slot(token, in: list) else { throw Refused() }
      list[at].value = try change(tokens.dropFirst(), list[at].value, body)
      return .object(JSONObject(list))
    case .array(var elements):
      let at = try index(token, count: elements.count, appending: false)
      elements[at] = try change(tokens.dropFirst(), elements[at], body)
      return .array(elements)
    default:
      throw Refused()
    }
  }

  private static func add(
    _ new: JSONValue, _ tokens: ArraySlice<String>, _ document: JSONValue
  ) throws -> JSONValue {
    guard !tokens.isEmpty else { return new }
    return try change(tokens, document) { token, parent in
      switch parent {
      case .object(let object):
        var list = members(object)
        if let at = slot(token, in: list) {
          list[at].value = new
        } else {
          list.append(JSONObject.Member(key: token, value: new))
        }
        return .object(JSONObject(list))
      case .array(var elements):
        elements.insert(new, at: try index(token, count: elements.count, appending: true))
        return .array(elements)
      default:
        throw Refused()
      }
    }
  }

  private static func remove(_ tokens: ArraySlice<String>, _ document: JSONValue) throws
    -> JSONValue
  {
    try change(tokens, document) { token, parent in
      switch parent {
      case .object(let object):
        var list = members(object)
        guard let at = slot(token, in: list) else { throw Refused() }
        list.remove(at: at)
        return .object(JSONObject(list))
      case .array(var elements):
        elements.remove(at: try index(token, count: elements.count, appending: false))
        return .array(elements)
      default:
        throw Refused()
      }
    }
  }
}

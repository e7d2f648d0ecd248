/// A JSON value that keeps what Foundation's object graph loses: the order of object
/// members and the exact text of every number.
///
/// The enum is closed on purpose: equality is written out case by case, so a new case
/// breaks the build instead of silently comparing unequal.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"b": 1.0, "a": [true, null]}"#)
/// value.canonicalText  // {"b":1.0,"a":[true,null]}
/// ```
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

extension JSONValue: Hashable {
  /// Exact equality: same members in the same order, numbers spelled the same, strings and
  /// keys with the same bytes (``Swift/String/hasSameBytes(as:)``).
  ///
  /// For equality as JSON (member order ignored, `1.0 == 1`), use ``isEquivalent(to:)``.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a.hasSameBytes(as: b)
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _):
      return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .number(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .string(let value):
      hasher.combine(3)
      hasher.combine(value)
    case .array(let value):
      hasher.combine(4)
      hasher.combine(value)
    case .object(let value):
      hasher.combine(5)
      hasher.combine(value)
    }
  }
}

extension JSONValue {
  /// The JSON type of the value, as users name it in messages: `"string"`, `"object"`, ….
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// Equality as JSON: object members compared by key regardless of order, numbers by their
  /// exact decimal value (``JSONNumber/isNumericallyEqual(to:)``), strings and keys by bytes.
  ///
  /// This is the equality RFC 6902's `test` operation uses.
  public func isEquivalent(to other: JSONValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a.isNumericallyEqual(to: b)
    case (.string(let a), .string(let b)): return a.hasSameBytes(as: b)
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      for member in a.members {
        guard let match = b[member.key], match.isEquivalent(to: member.value) else { return false }
      }
      return true
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _):
      return false
    }
  }

  /// The string, if the value is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The members, if the value is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The elements, if the value is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }
}

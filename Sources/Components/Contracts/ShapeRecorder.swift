import Foundation

/// Records the shape of a `Decodable` type by running its `init(from:)` against a decoder that
/// answers every question with a placeholder and writes the question down.
///
/// What it records: each key and whether it is required (`decode`) or optional
/// (`decodeIfPresent`, `Optional` members, a `contains` check before the read); null allowed
/// (`decodeNil`, `Optional`); the JSON type asked for (string; boolean; integer, with the
/// range of the `Int` family; number for `Double`, `Float`, `Decimal` and `Date`; `URL` and
/// `Data` as strings the decoder checks); nested objects; arrays and their element; dictionaries
/// (`[String: T]`, through `allKeys`); nested components (`NestedComponent`); the raw values of
/// `RawRepresentable & CaseIterable` enums; and recursion (a type re-entered inside itself,
/// found by its metatype's `ObjectIdentifier`, becomes a `$ref`).
///
/// What it cannot know it says, with ``ShapeNode/unknown(_:)``: a type that throws on the
/// placeholders, a value read as two JSON types, elements read by position, `superDecoder`.
/// It runs the type twice, with two sets of placeholders (`""`, `0`, `false` and each enum's
/// first case; then `"a"`, `1`, `true` and the last case), and when the two walks ask for
/// different things the shape depends on values and the root is unknown.
///
/// ```swift
/// let shape = ShapeRecorder.shape(of: CardComponent.Data.self)
/// ```
public enum ShapeRecorder {
  /// The shape of `type`.
  ///
  /// - Parameters:
  ///   - type: The type, usually a component's `Data`.
  ///   - userInfo: Handed to `init(from:)` as the decoder's user info.
  /// - Returns: The shape; never throws, since what it cannot know is part of the shape.
  public static func shape<T: Decodable>(
    of type: T.Type, userInfo: [CodingUserInfoKey: Any] = [:]
  ) -> Shape {
    let first = record(type, placeholders: .first, userInfo: userInfo)
    let second = record(type, placeholders: .second, userInfo: userInfo)
    // Reasons quote the placeholders (an error's message), so they are not compared.
    guard first.withoutReasons == second.withoutReasons else {
      return Shape(
        root: .unknown(
          "init(from:) of \(String(reflecting: type)) reads different members for different values"
        ))
    }
    return first
  }

  private static func record<T: Decodable>(
    _ type: T.Type, placeholders: Placeholders, userInfo: [CodingUserInfoKey: Any]
  ) -> Shape {
    let context = RecordingContext(placeholders: placeholders, userInfo: userInfo)
    let root = RecordingNode()
    do {
      _ = try context.value(type, at: root, path: [], minimal: false)
    } catch is RecordingAbort {
      // Already written into the nodes.
    } catch is RecordingCut {
      if root.unknown == nil {
        root.unknown = "\(type) contains itself without an Optional or a collection"
      }
    } catch {
      root.unknown = RecordingContext.threw(type, error)
    }
    return ShapeConversion(recursive: context.recursive).shape(root)
  }
}

/// Which placeholder values a walk answers with.
enum Placeholders {
  case first, second
}

/// Thrown up to the nearest container when a recursive type is re-entered where it must be
/// decoded (not `decodeIfPresent`): that container decodes its value again with empty
/// collections and nulls.
struct RecordingCut: Error {}

/// Thrown up to the root when a type's `init(from:)` threw on placeholder input; the place
/// is already marked unknown, and each enclosing object incomplete.
struct RecordingAbort: Error {}

/// The state of one walk.
final class RecordingContext {
  let placeholders: Placeholders
  let userInfo: [CodingUserInfoKey: Any]
  /// The types being decoded, innermost last.
  var stack: [ObjectIdentifier] = []
  /// The types re-entered inside themselves.
  var recursive: Set<ObjectIdentifier> = []

  init(placeholders: Placeholders, userInfo: [CodingUserInfoKey: Any]) {
    self.placeholders = placeholders
    self.userInfo = userInfo
  }

  /// Records a `T` at `node` and returns a placeholder `T`.
  ///
  /// - Throws: `RecordingCut` when `T` is being decoded already (recursion);
  ///   `RecordingAbort` when an `init(from:)` inside threw; any error `T.init(from:)` throws.
  func value<T: Decodable>(
    _ type: T.Type, at node: RecordingNode, path: [String], minimal: Bool
  ) throws -> T {
    if let leaf = leafValue(type, at: node) {
      return leaf
    }
    let id = ObjectIdentifier(type)
    if stack.contains(id) {
      node.reference = id
      recursive.insert(id)
      throw RecordingCut()
    }
    stack.append(id)
    defer { stack.removeLast() }
    node.types.append((id, String(reflecting: type)))
    let decoder = ShapeRecordingDecoder(context: self, node: node, path: path, minimal: minimal)
    return try T(from: decoder)
  }

  /// The reason for a place whose type threw on the placeholders.
  static func threw<T>(_ type: T.Type, _ error: any Error) -> String {
    var reason = "init(from:) of \(String(reflecting: type)) threw on placeholder input: \(error)"
    if type is any RawRepresentable.Type {
      reason += " (an enum conforming to CaseIterable has its raw values recorded)"
    }
    return reason
  }

  /// Whether `T` would re-enter a type being decoded.
  func isRecursive<T>(_ type: T.Type) -> Bool {
    stack.contains(ObjectIdentifier(type))
  }

  /// The leaves: recorded in place, answered with a placeholder, no `init(from:)` run.
  private func leafValue<T: Decodable>(_ type: T.Type, at node: RecordingNode) -> T? {
    let first = placeholders == .first
    if T.self == String.self {
      node.setLeaf(.string(.plain))
      return (first ? "" : "a") as? T
    }
    if T.self == Bool.self {
      node.setLeaf(.boolean)
      return (!first) as? T
    }
    if let integer = IntegerType.of(T.self), let placeholder = integerPlaceholder(T.self) {
      node.setLeaf(.integer(integer))
      return placeholder
    }
    if T.self == Double.self {
      node.setLeaf(.number(.double))
      return (first ? 0.0 : 1.0) as? T
    }
    if T.self == Float.self {
      node.setLeaf(.number(.float))
      return (first ? Float(0) : Float(1)) as? T
    }
    if T.self == Decimal.self {
      node.setLeaf(.number(.decimal))
      return (first ? Decimal(0) : Decimal(1)) as? T
    }
    if T.self == URL.self {
      node.setLeaf(.string(.url))
      return URL(string: "https://example.com/") as? T
    }
    if T.self == Foundation.Data.self {
      node.setLeaf(.string(.base64))
      return Foundation.Data() as? T
    }
    if T.self == JSONValue.self {
      node.setLeaf(.any)
      return JSONValue.null as? T
    }
    if T.self == NestedComponent.self {
      node.setLeaf(.component)
      return NestedComponent(ComponentFactory.generic(kind: "", value: .null)) as? T
    }
    if let enumType = T.self as? any (RawRepresentable & CaseIterable & Decodable).Type,
      let (values, placeholder) = EnumProbe.probe(enumType, first: first),
      let value = placeholder as? T
    {
      node.setLeaf(values)
      return value
    }
    return nil
  }

  private func integerPlaceholder<T>(_ type: T.Type) -> T? {
    let value = placeholders == .first ? 0 : 1
    switch type {
    case is Int.Type: return Int(value) as? T
    case is Int8.Type: return Int8(value) as? T
    case is Int16.Type: return Int16(value) as? T
    case is Int32.Type: return Int32(value) as? T
    case is Int64.Type: return Int64(value) as? T
    case is UInt.Type: return UInt(value) as? T
    case is UInt8.Type: return UInt8(value) as? T
    case is UInt16.Type: return UInt16(value) as? T
    case is UInt32.Type: return UInt32(value) as? T
    case is UInt64.Type: return UInt64(value) as? T
    default: return nil
    }
  }
}

/// Reads an enum's raw values and checks that its `init(from:)` is the raw-value one: every
/// case's raw value decodes to that case, and a value that is none of them fails.
enum EnumProbe {
  /// The enum's shape and a placeholder case, or nil when the enum is not a plain raw-value
  /// enum of strings or integers (then its `init(from:)` is walked like any other).
  static func probe<E: RawRepresentable & CaseIterable & Decodable>(
    _ enumType: E.Type, first: Bool
  ) -> (ShapeNode, E)? {
    let cases = Array(E.allCases)
    guard let placeholder = first ? cases.first : cases.last else { return nil }
    var values: [JSONValue] = []
    for item in cases {
      guard let raw = json(item.rawValue) else { return nil }
      guard let decoded = decode(E.self, raw), json(decoded.rawValue) == raw else { return nil }
      values.append(raw)
    }
    guard let outsider = outsider(of: values) else { return nil }
    if let decoded = decode(E.self, outsider) {
      // The enum accepts values that are not its raw values (a fallback case): what it
      // reads is the raw type.
      guard case .number = outsider else { return (.string(.plain), placeholder) }
      return IntegerType.of(type(of: decoded.rawValue)).map { (.integer($0), placeholder) }
    }
    return (.enumeration(values), placeholder)
  }

  private static func decode<E: Decodable>(_ type: E.Type, _ value: JSONValue) -> E? {
    try? RegistryValueDecoder(value: value, userInfo: [:]).decode(E.self, from: value, at: nil)
  }

  /// A raw value as JSON: strings and the integer types.
  private static func json(_ raw: Any) -> JSONValue? {
    if let string = raw as? String { return .string(string) }
    if IntegerType.of(type(of: raw)) != nil, let integer = raw as? any BinaryInteger,
      let number = JSONNumber(text: String(describing: integer))
    {
      return .number(number)
    }
    return nil
  }

  /// A value of the same JSON type as `values` that is none of them.
  private static func outsider(of values: [JSONValue]) -> JSONValue? {
    guard let first = values.first else { return nil }
    if case .string = first {
      var candidate = "\u{1}not-a-case"
      while values.contains(.string(candidate)) { candidate += "_" }
      return .string(candidate)
    }
    var candidate = 1
    while values.contains(where: { $0 == .number(JSONNumber(candidate)) }) { candidate += 1 }
    return .number(JSONNumber(candidate))
  }
}

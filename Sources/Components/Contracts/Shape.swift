/// The recorded shape of a component's `Data` type: what its `init(from:)` asks a decoder for.
///
/// A shape is a tree of ``ShapeNode``s rooted at ``root``, with the shapes of recursive types
/// in ``definitions`` (a node refers to one with ``ShapeNode/reference(_:)``). It is made from
/// a type by ``ShapeRecorder``, written as JSON Schema 2020-12 by ``schema`` and read back by
/// ``init(schema:)``; ``validate(_:components:)`` checks a payload against it.
///
/// ```swift
/// let shape = ShapeRecorder.shape(of: TilePreviewComponent.Data.self)
/// shape.validate(["title": "A", "subtitle": "B", "isActive": 1])
/// // [/isActive: decodes a boolean, found 1]
/// ```
public struct Shape: Sendable, Hashable {
  /// The shape of the whole payload.
  public var root: ShapeNode

  /// The shapes of the recursive types, by name (`$defs`).
  public var definitions: [String: ShapeNode]

  public init(root: ShapeNode, definitions: [String: ShapeNode] = [:]) {
    self.root = root
    self.definitions = definitions
  }

  /// The places the recorder could not know, with its reasons, in pointer order: parts of a
  /// payload the validator does not check.
  public var unknowns: [(pointer: JSONPointer, reason: String)] {
    var found: [(pointer: JSONPointer, reason: String)] = []
    var visited: Set<String> = []
    func walk(_ node: ShapeNode, at pointer: JSONPointer) {
      switch node {
      case .unknown(let reason): found.append((pointer, reason))
      case .nullable(let inner): walk(inner, at: pointer)
      case .array(let element): walk(element, at: pointer.appending("-"))
      case .object(let object):
        if let reason = object.incomplete { found.append((pointer, reason)) }
        for key in object.properties.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        {
          if let property = object.properties[key] {
            walk(property.node, at: pointer.appending(key))
          }
        }
        if let additional = object.additional { walk(additional, at: pointer.appending("*")) }
      case .reference(let name):
        guard visited.insert(name).inserted, let definition = definitions[name] else { return }
        walk(definition, at: pointer)
      case .any, .string, .boolean, .integer, .number, .enumeration, .component: break
      }
    }
    walk(root, at: .root)
    return found
  }
}

/// One place of a ``Shape``: the JSON a decoder accepts there.
public indirect enum ShapeNode: Sendable, Hashable {
  /// Any JSON value (a `JSONValue` member, or an `init(from:)` that reads nothing).
  case any
  /// A string; a ``StringFormat`` other than `.plain` is checked the way the decoder does.
  case string(StringFormat)
  /// `true` or `false`.
  case boolean
  /// A number with an integral value (`5`, `5.0`, `1e2`), within the integer type's range;
  /// nil when the range is not known (a schema that states none).
  case integer(IntegerType?)
  /// A number the floating-point or decimal type can hold.
  case number(NumberType)
  /// One of the raw values of a `RawRepresentable & CaseIterable` enum, in declaration order.
  case enumeration([JSONValue])
  /// An array whose elements all have the element shape.
  case array(ShapeNode)
  /// An object: its named members and, for dictionaries, the shape of every member.
  case object(ShapeObject)
  /// A nested component, `{"kind": …, "payload": …}`, decoded through the registry.
  case component
  /// `null` or the inner shape.
  case nullable(ShapeNode)
  /// The shape of a recursive type, by its name in ``Shape/definitions``.
  case reference(String)
  /// A place the recorder cannot know, with the reason; the validator accepts anything here.
  case unknown(String)

  /// `null` allowed: the node itself when it already allows null.
  public var allowingNull: ShapeNode {
    switch self {
    case .any, .nullable, .unknown: return self
    default: return .nullable(self)
    }
  }
}

/// The members of an object shape.
public struct ShapeObject: Sendable, Hashable {
  /// The named members the type reads.
  public var properties: [String: ShapeProperty]
  /// The shape of every member, when the type reads all of them (a `[String: T]`).
  public var additional: ShapeNode?
  /// Why the recorder does not know every member the type reads, when it does not (an
  /// `init(from:)` that stopped on placeholder input, or that lists the members present).
  public var incomplete: String?

  public init(
    properties: [String: ShapeProperty] = [:], additional: ShapeNode? = nil,
    incomplete: String? = nil
  ) {
    self.properties = properties
    self.additional = additional
    self.incomplete = incomplete
  }
}

/// A named member of an object shape.
public struct ShapeProperty: Sendable, Hashable {
  /// The member's shape.
  public var node: ShapeNode
  /// Whether the decoder fails without the member (`decode`), rather than treating a missing
  /// member as absent (`decodeIfPresent`, an `Optional` property).
  public var required: Bool

  public init(_ node: ShapeNode, required: Bool) {
    self.node = node
    self.required = required
  }
}

/// What a string must also be, beyond a string.
public enum StringFormat: String, Sendable, Hashable, CaseIterable {
  /// Any string.
  case plain
  /// A string `URL(string:)` accepts (a `URL` member).
  case url
  /// Base64 text (a `Data` member).
  case base64
}

/// The floating-point or decimal type a number decodes into.
public enum NumberType: String, Sendable, Hashable, CaseIterable {
  /// `Double` (and `Date`, whose `Decodable` reads a `Double`).
  case double
  /// `Float`.
  case float
  /// `Decimal`.
  case decimal
}

/// A fixed-width integer type: its range is what the decoder accepts.
public enum IntegerType: String, Sendable, Hashable, CaseIterable {
  case int8, int16, int32, int64, uint8, uint16, uint32, uint64

  /// The type's smallest value, as decimal text.
  public var minimum: String {
    switch self {
    case .int8: return String(Int8.min)
    case .int16: return String(Int16.min)
    case .int32: return String(Int32.min)
    case .int64: return String(Int64.min)
    case .uint8, .uint16, .uint32, .uint64: return "0"
    }
  }

  /// The type's largest value, as decimal text.
  public var maximum: String {
    switch self {
    case .int8: return String(Int8.max)
    case .int16: return String(Int16.max)
    case .int32: return String(Int32.max)
    case .int64: return String(Int64.max)
    case .uint8: return String(UInt8.max)
    case .uint16: return String(UInt16.max)
    case .uint32: return String(UInt32.max)
    case .uint64: return String(UInt64.max)
    }
  }

  /// Whether the decoder accepts the number for this type: the exact digits in range, or a
  /// number whose `Double` value is integral and in range, as `RegistryValueDecoder.integer`
  /// reads it.
  func accepts(_ number: JSONNumber) -> Bool {
    switch self {
    case .int8: return Self.fits(Int8.self, number)
    case .int16: return Self.fits(Int16.self, number)
    case .int32: return Self.fits(Int32.self, number)
    case .int64: return Self.fits(Int64.self, number)
    case .uint8: return Self.fits(UInt8.self, number)
    case .uint16: return Self.fits(UInt16.self, number)
    case .uint32: return Self.fits(UInt32.self, number)
    case .uint64: return Self.fits(UInt64.self, number)
    }
  }

  private static func fits<I: FixedWidthInteger>(_ type: I.Type, _ number: JSONNumber) -> Bool {
    if I(number.text, radix: 10) != nil { return true }
    guard let double = Double(number.text), double.isFinite else { return false }
    return I(exactly: double) != nil
  }

  /// The type of a Swift integer type, nil for one that is not a standard fixed-width type.
  ///
  /// `Int` and `UInt` are 64 bits on every platform the package supports (macOS, iOS, 64-bit
  /// Linux).
  static func of(_ type: Any.Type) -> IntegerType? {
    switch type {
    case is Int.Type: return .int64
    case is Int8.Type: return .int8
    case is Int16.Type: return .int16
    case is Int32.Type: return .int32
    case is Int64.Type: return .int64
    case is UInt.Type: return .uint64
    case is UInt8.Type: return .uint8
    case is UInt16.Type: return .uint16
    case is UInt32.Type: return .uint32
    case is UInt64.Type: return .uint64
    default: return nil
    }
  }
}

extension Shape {
  /// The shape with every reason emptied, to compare what two walks asked for.
  var withoutReasons: Shape {
    Shape(
      root: root.withoutReasons,
      definitions: definitions.mapValues(\.withoutReasons))
  }
}

extension ShapeNode {
  fileprivate var withoutReasons: ShapeNode {
    switch self {
    case .unknown: return .unknown("")
    case .nullable(let inner): return .nullable(inner.withoutReasons)
    case .array(let element): return .array(element.withoutReasons)
    case .object(let object):
      return .object(
        ShapeObject(
          properties: object.properties.mapValues {
            ShapeProperty($0.node.withoutReasons, required: $0.required)
          },
          additional: object.additional?.withoutReasons,
          incomplete: object.incomplete.map { _ in "" }))
    case .any, .string, .boolean, .integer, .number, .enumeration, .component, .reference:
      return self
    }
  }
}

/// A kind's shape inferred from its sample payloads, for a kind no app contract describes.
///
/// Every sample is added (``add(_:)``); the shape is the union of what was observed at each
/// place: the JSON types seen there, the members of objects (a member is required when every
/// object seen at that place has it), the elements of arrays, nested components
/// (`{"kind": …, "payload": …}` objects). Numbers that were always integral are integers,
/// otherwise numbers. A place seen with `null` and one other type is nullable; a place seen
/// with several other types is ``ShapeNode/unknown(_:)`` with the types as the reason (the
/// subset has no unions), so the validator accepts anything there, and a place seen only as
/// `null` is unknown too. Nothing is guessed beyond the samples: no enums, no formats, no
/// ranges.
///
/// The result depends only on the set of samples, not on their order, and the schema it
/// writes is byte-identical for the same samples.
///
/// ```swift
/// var inference = ShapeInference()
/// inference.add(["title": "A", "count": 1])
/// inference.add(["title": "B", "count": 1.5, "icon": nil])
/// inference.shape  // title: string (required), count: number (required), icon: unknown
/// ```
public struct ShapeInference: Sendable {
  /// The number of samples added.
  public private(set) var samples = 0
  private var root = InferredPlace()

  public init() {}

  /// Adds one sample payload.
  public mutating func add(_ payload: JSONValue) {
    samples += 1
    root.add(payload)
  }

  /// The inferred shape (an empty object shape's `.any` before any sample).
  public var shape: Shape {
    Shape(root: samples == 0 ? .any : root.node)
  }

  /// The annotation that marks a schema as inferred, `x-inferred`: the number of samples.
  public static let annotation = "x-inferred"
}

/// What was observed at one place of the samples.
private struct InferredPlace: Sendable {
  var nulls = 0
  var booleans = 0
  var integers = 0
  var fractions = 0
  var strings = 0
  var components = 0
  var arrays = 0
  /// The elements of every array seen here (zero or one place).
  var elements: [InferredPlace] = []
  var objects = 0
  /// The members of every object seen here, each counting the objects that had it.
  var members: [String: InferredPlace] = [:]
  /// How many of the objects seen here had each member.
  var presence: [String: Int] = [:]

  mutating func add(_ value: JSONValue) {
    switch value {
    case .null: nulls += 1
    case .bool: booleans += 1
    case .number(let number):
      if ShapeValidator.isIntegral(number) { integers += 1 } else { fractions += 1 }
    case .string: strings += 1
    case .array(let items):
      arrays += 1
      for item in items {
        if elements.isEmpty { elements.append(InferredPlace()) }
        elements[0].add(item)
      }
    case .object(let object):
      if Self.isComponent(object) {
        components += 1
        return
      }
      objects += 1
      for member in object.members {
        presence[member.key, default: 0] += 1
        members[member.key, default: InferredPlace()].add(member.value)
      }
    }
  }

  /// A nested component as the catalog writes one: exactly `kind` (a string) and `payload`.
  static func isComponent(_ object: JSONObject) -> Bool {
    guard object.count == 2, case .string? = object["kind"], object["payload"] != nil else {
      return false
    }
    return true
  }

  var node: ShapeNode {
    var types: [(String, ShapeNode)] = []
    if booleans > 0 { types.append(("a boolean", .boolean)) }
    if fractions > 0 {
      types.append(("a number", .number(.double)))
    } else if integers > 0 {
      types.append(("an integer", .integer(nil)))
    }
    if strings > 0 { types.append(("a string", .string(.plain))) }
    if arrays > 0 {
      types.append(("an array", .array(elements.first?.node ?? .any)))
    }
    if objects > 0 { types.append(("an object", objectNode)) }
    if components > 0 { types.append(("a component", .component)) }
    switch types.count {
    case 0:
      return .unknown("only null in the samples")
    case 1:
      return nulls > 0 ? types[0].1.allowingNull : types[0].1
    default:
      let names = types.map(\.0) + (nulls > 0 ? ["null"] : [])
      return .unknown(
        "the samples hold " + names.dropLast().joined(separator: ", ") + " and "
          + (names.last ?? ""))
    }
  }

  private var objectNode: ShapeNode {
    var properties: [String: ShapeProperty] = [:]
    for (key, place) in members {
      properties[key] = ShapeProperty(place.node, required: presence[key] == objects)
    }
    return .object(ShapeObject(properties: properties))
  }
}

/// What a shape reads at one place of a payload: the question the compatibility policies ask
/// of a contract (docs/policies.md, "Policies that know what apps read").
public enum ShapeReading: Sendable, Hashable {
  /// The decoder never asks for the place: it ignores whatever is there.
  case notRead
  /// The decoder reads the place with this shape; `required` when it fails without it
  /// (`decode` of a key; an array element is never required, an array decodes any length).
  case read(ShapeNode, required: Bool)
  /// The shape cannot say: an `unknown` node or an incomplete object on the way, a nested
  /// component (whose kind is the payload's), or a place inside a scalar.
  case unknown
}

extension Shape {
  /// What the decoder reads at `pointer`, relative to the payload.
  ///
  /// The walk follows `properties` (then `additionalProperties`) of objects, the element
  /// shape of arrays for any index, `null`-allowing wrappers and references; the root is
  /// read and required.
  public func reading(at pointer: JSONPointer) -> ShapeReading {
    var node = root
    var required = true
    for token in pointer.tokens {
      node = resolved(node)
      switch node {
      case .object(let object):
        if let property = object.properties[token] {
          node = property.node
          required = property.required
        } else if let additional = object.additional {
          node = additional
          required = false
        } else if object.incomplete != nil {
          return .unknown
        } else {
          return .notRead
        }
      case .array(let element):
        guard token == "-" || Int(token).map({ $0 >= 0 }) == true else { return .notRead }
        node = element
        required = false
      case .any:
        // A `JSONValue` member: every value under it decodes.
        return .read(.any, required: false)
      case .unknown, .component, .string, .boolean, .integer, .number, .enumeration,
        .nullable, .reference:
        return .unknown
      }
    }
    return .read(node, required: required)
  }

  /// Whether the decoder is known to accept `value` at `pointer` (nil: the place is absent):
  /// true where it does not read the place, or reads it and accepts the value there; false
  /// where it rejects the value or the shape cannot say (``ShapeReading/unknown``).
  ///
  /// - Parameters:
  ///   - value: The value at the place, nil when there is none.
  ///   - pointer: The place, relative to the payload.
  ///   - components: The shape of each kind a nested component may have, as for
  ///     ``validate(_:components:)``.
  public func tolerates(
    _ value: JSONValue?, at pointer: JSONPointer,
    components: ((ComponentKind) -> Shape?)? = nil
  ) -> Bool {
    switch reading(at: pointer) {
    case .notRead: return true
    case .unknown: return false
    case .read(let node, let required):
      guard let value else { return !required }
      var validator = ShapeValidator(shape: self, components: components)
      validator.check(value, against: node, at: pointer)
      return validator.violations.isEmpty
    }
  }

  /// The node with its `null`-allowing wrapper and references taken off: what a member
  /// inside it is read by.
  private func resolved(_ node: ShapeNode) -> ShapeNode {
    var node = node
    var seen: Set<String> = []
    while true {
      switch node {
      case .nullable(let inner): node = inner
      case .reference(let name):
        guard seen.insert(name).inserted, let definition = definitions[name] else {
          return .unknown("no definition \(name)")
        }
        node = definition
      default: return node
      }
    }
  }
}

import Foundation

extension Shape {
  /// The places where `payload` is not what this shape decodes; empty when the decoder the
  /// shape was recorded from accepts it (up to the limits in docs/registry.md).
  ///
  /// One pass over the payload: each value is checked once against its place's shape, so the
  /// time is linear in the payload's size.
  ///
  /// - Parameters:
  ///   - payload: The payload.
  ///   - components: The shape of each kind a nested component may have, nil for an unknown
  ///     kind (which the registry refuses); without it nested payloads are not checked.
  /// - Returns: The violations in document order.
  public func validate(
    _ payload: JSONValue, components: ((ComponentKind) -> Shape?)? = nil
  ) -> [ShapeViolation] {
    // Most payloads decode: a pass that only answers yes or no (no pointers, no messages,
    // members in any order) says so; the ordered pass below, which words every violation,
    // runs only for a payload it refuses. The two make the same decisions
    // (`ShapeValidationFastPathTests`).
    if ShapeValidator.accepts(payload, against: root, in: self, components: components) {
      return []
    }
    var validator = ShapeValidator(shape: self, components: components)
    validator.check(payload, against: root, at: .root)
    return validator.violations
  }
}

/// One validation: the shape, the kinds' shapes and the violations found so far.
struct ShapeValidator {
  let shape: Shape
  let components: ((ComponentKind) -> Shape?)?
  var violations: [ShapeViolation] = []

  init(shape: Shape, components: ((ComponentKind) -> Shape?)?) {
    self.shape = shape
    self.components = components
  }

  private mutating func fail(_ pointer: JSONPointer, _ expected: String, _ value: JSONValue?) {
    violations.append(
      ShapeViolation(pointer: pointer, expected: expected, found: Self.render(value)))
  }

  mutating func check(_ value: JSONValue, against node: ShapeNode, at pointer: JSONPointer) {
    switch node {
    case .any, .unknown:
      return
    case .nullable(let inner):
      if case .null = value { return }
      check(value, against: inner, at: pointer)
    case .reference(let name):
      guard let definition = shape.definitions[name] else { return }
      check(value, against: definition, at: pointer)
    case .string(let format):
      guard case .string(let text) = value else { return fail(pointer, "a string", value) }
      switch format {
      case .plain: return
      case .url:
        if URL(string: text) == nil { fail(pointer, "a URL", value) }
      case .base64:
        if Foundation.Data(base64Encoded: text) == nil { fail(pointer, "Base64 text", value) }
      }
    case .boolean:
      guard case .bool = value else { return fail(pointer, "a boolean", value) }
    case .integer(let type):
      guard case .number(let number) = value else { return fail(pointer, "an integer", value) }
      if let type {
        if !type.accepts(number) {
          let integral = Self.isIntegral(number)
          fail(
            pointer, integral ? "an integer from \(type.minimum) to \(type.maximum)" : "an integer",
            value)
        }
      } else if !Self.isIntegral(number) {
        fail(pointer, "an integer", value)
      }
    case .number(let type):
      guard case .number(let number) = value else { return fail(pointer, "a number", value) }
      if !Self.fits(number, type) { fail(pointer, "a number that fits a \(type.rawValue)", value) }
    case .enumeration(let values):
      if !values.contains(where: { $0.isEquivalent(to: value) }) {
        fail(pointer, Self.describe(values), value)
      }
    case .array(let element):
      guard case .array(let elements) = value else { return fail(pointer, "an array", value) }
      for (index, item) in elements.enumerated() {
        check(item, against: element, at: pointer.appending(index))
      }
    case .object(let object):
      guard case .object(let members) = value else { return fail(pointer, "an object", value) }
      checkObject(members, against: object, at: pointer)
    case .component:
      checkComponent(value, at: pointer)
    }
  }

  private mutating func checkObject(
    _ members: JSONObject, against object: ShapeObject, at pointer: JSONPointer
  ) {
    for key in Shape.sortedKeys(Array(object.properties.keys)) {
      guard let property = object.properties[key] else { continue }
      if let member = members[key] {
        check(member, against: property.node, at: pointer.appending(key))
      } else if property.required {
        violations.append(
          ShapeViolation(
            pointer: pointer.appending(key), expected: Self.phrase(property.node),
            found: "no member"))
      }
    }
    if let additional = object.additional {
      for member in members where object.properties[member.key] == nil {
        check(member.value, against: additional, at: pointer.appending(member.key))
      }
    }
  }

  private mutating func checkComponent(_ value: JSONValue, at pointer: JSONPointer) {
    guard case .object(let entry) = value else {
      return fail(pointer, "a component (an object with kind and payload)", value)
    }
    guard let kindValue = entry["kind"] else {
      return violations.append(
        ShapeViolation(pointer: pointer.appending("kind"), expected: "a string", found: "no member")
      )
    }
    guard case .string(let kind) = kindValue else {
      return fail(pointer.appending("kind"), "a string", kindValue)
    }
    guard let payload = entry["payload"] else {
      return violations.append(
        ShapeViolation(
          pointer: pointer.appending("payload"), expected: "a payload", found: "no member"))
    }
    guard let components else { return }
    guard let nested = components(kind) else {
      return fail(pointer.appending("kind"), "a registered kind", kindValue)
    }
    var inner = ShapeValidator(shape: nested, components: components)
    inner.check(payload, against: nested.root, at: pointer.appending("payload"))
    violations += inner.violations
  }

  /// Whether `value` is what `node` decodes, with every rule of ``check(_:against:at:)``
  /// and nothing recorded: the fast path of ``Shape/validate(_:components:)``.
  static func accepts(
    _ value: JSONValue, against node: ShapeNode, in shape: Shape,
    components: ((ComponentKind) -> Shape?)?
  ) -> Bool {
    switch node {
    case .any, .unknown:
      return true
    case .nullable(let inner):
      if case .null = value { return true }
      return accepts(value, against: inner, in: shape, components: components)
    case .reference(let name):
      guard let definition = shape.definitions[name] else { return true }
      return accepts(value, against: definition, in: shape, components: components)
    case .string(let format):
      guard case .string(let text) = value else { return false }
      switch format {
      case .plain: return true
      case .url: return URL(string: text) != nil
      case .base64: return Foundation.Data(base64Encoded: text) != nil
      }
    case .boolean:
      guard case .bool = value else { return false }
      return true
    case .integer(let type):
      guard case .number(let number) = value else { return false }
      if let type { return type.accepts(number) }
      return isIntegral(number)
    case .number(let type):
      guard case .number(let number) = value else { return false }
      return fits(number, type)
    case .enumeration(let values):
      return values.contains(where: { $0.isEquivalent(to: value) })
    case .array(let element):
      guard case .array(let elements) = value else { return false }
      return elements.allSatisfy {
        accepts($0, against: element, in: shape, components: components)
      }
    case .object(let object):
      guard case .object(let members) = value else { return false }
      for (key, property) in object.properties {
        if let member = members[key] {
          guard accepts(member, against: property.node, in: shape, components: components)
          else { return false }
        } else if property.required {
          return false
        }
      }
      if let additional = object.additional {
        for member in members where object.properties[member.key] == nil {
          guard accepts(member.value, against: additional, in: shape, components: components)
          else { return false }
        }
      }
      return true
    case .component:
      guard case .object(let entry) = value, case .string(let kind)? = entry["kind"],
        let payload = entry["payload"]
      else { return false }
      guard let components else { return true }
      guard let nested = components(kind) else { return false }
      return accepts(payload, against: nested.root, in: nested, components: components)
    }
  }

  /// Whether the number's value is integral: the test JSON Schema's `integer` makes.
  static func isIntegral(_ number: JSONNumber) -> Bool { number.isIntegral }

  /// Whether the floating-point or decimal type holds the number, as the decoder reads it.
  static func fits(_ number: JSONNumber, _ type: NumberType) -> Bool {
    switch type {
    case .double: return Double(number.text).map(\.isFinite) ?? false
    case .float: return Float(number.text).map(\.isFinite) ?? false
    case .decimal:
      return Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX")) != nil
    }
  }

  /// What a node decodes, as a phrase.
  static func phrase(_ node: ShapeNode) -> String {
    switch node {
    case .any, .unknown: return "a value"
    case .string(.plain): return "a string"
    case .string(.url): return "a URL"
    case .string(.base64): return "Base64 text"
    case .boolean: return "a boolean"
    case .integer: return "an integer"
    case .number: return "a number"
    case .enumeration(let values): return describe(values)
    case .array: return "an array"
    case .object: return "an object"
    case .component: return "a component"
    case .nullable(let inner): return phrase(inner)
    case .reference: return "an object"
    }
  }

  static func describe(_ values: [JSONValue]) -> String {
    let shown = values.prefix(8).map(\.canonicalText).joined(separator: ", ")
    return values.count > 8 ? "one of \(shown), … (\(values.count) values)" : "one of \(shown)"
  }

  /// A short rendering of what was found.
  static func render(_ value: JSONValue?) -> String {
    switch value {
    case nil: return "no member"
    case .object?: return "an object"
    case .array?: return "an array"
    case let scalar?:
      let text = scalar.canonicalText
      let scalars = Array(text.unicodeScalars)
      guard scalars.count > 40 else { return text }
      return String(String.UnicodeScalarView(scalars.prefix(37))) + "…"
    }
  }
}

extension Shape {
  /// Reads a shape from a JSON Schema in the subset ``schema`` writes.
  ///
  /// Reading what ``schema`` wrote gives the same shape back. A schema may also say what the
  /// subset can say in other words: `true` or `{}` for any value, `type` without `null`
  /// members order, `["null", "string"]`, an `integer` without a range.
  ///
  /// - Parameters:
  ///   - schema: The schema document.
  ///   - base: The pointer of the schema inside a larger document (a contract), for messages.
  /// - Throws: ``ShapeSchemaError`` with every keyword or value outside the subset, each at its
  ///   JSON Pointer.
  public init(schema: JSONValue, at base: JSONPointer = .root) throws(ShapeSchemaError) {
    var reader = ShapeSchemaReader()
    var definitions: [String: ShapeNode] = [:]
    var rootSchema = schema
    if case .object(var object) = schema {
      if let dialect = object["$schema"] {
        if dialect != .string(Self.dialect) {
          reader.problem(
            base.appending("$schema"), "the dialect must be \"\(Self.dialect)\"")
        }
        object["$schema"] = nil
      }
      if let defs = object["$defs"] {
        object["$defs"] = nil
        if case .object(let members) = defs {
          reader.definitionNames = Set(members.keys)
          for member in members {
            definitions[member.key] = reader.node(
              member.value, at: base.appending("$defs").appending(member.key))
          }
        } else {
          reader.problem(base.appending("$defs"), "$defs must be an object")
        }
      }
      rootSchema = .object(object)
    }
    let root = reader.node(rootSchema, at: base)
    guard reader.problems.isEmpty else {
      throw ShapeSchemaError(problems: reader.problems)
    }
    self.init(root: root, definitions: definitions)
  }
}

/// The reader of one schema document.
struct ShapeSchemaReader {
  var problems: [ShapeSchemaError.Problem] = []
  var definitionNames: Set<String> = []

  mutating func problem(_ pointer: JSONPointer, _ message: String) {
    problems.append(ShapeSchemaError.Problem(pointer: pointer, message: message))
  }

  private static let typeNames = ["string", "boolean", "integer", "number", "array", "object"]

  mutating func node(_ schema: JSONValue, at pointer: JSONPointer) -> ShapeNode {
    switch schema {
    case .bool(true): return .any
    case .object(let object): return node(object, at: pointer)
    default:
      problem(pointer, "a schema must be an object or true, found \(schema.typeName)")
      return .any
    }
  }

  private mutating func node(_ object: JSONObject, at pointer: JSONPointer) -> ShapeNode {
    var rest = object
    func take(_ key: String) -> JSONValue? {
      defer { rest[key] = nil }
      return rest[key]
    }
    defer {
      for member in rest.members {
        problem(pointer.appending(member.key), "keyword \"\(member.key)\" is outside the subset")
      }
    }
    if object.isEmpty { return .any }
    if let reason = take("x-unknown") {
      guard case .string(let text) = reason else {
        problem(pointer.appending("x-unknown"), "x-unknown must be a string")
        return .any
      }
      return .unknown(text)
    }
    if let reference = take("$ref") {
      return self.reference(reference, at: pointer.appending("$ref"))
    }
    if let alternatives = take("anyOf") {
      return nullableReference(alternatives, at: pointer.appending("anyOf"))
    }
    if let values = take("enum") {
      guard case .array(var elements) = values, !elements.isEmpty else {
        problem(pointer.appending("enum"), "enum must be a non-empty array")
        return .any
      }
      var nullable = false
      if elements.last == .null {
        nullable = true
        elements.removeLast()
      }
      for (index, element) in elements.enumerated() {
        switch element {
        case .string, .number: continue
        default:
          problem(
            pointer.appending("enum").appending(index),
            "enum values must be strings or integers, found \(element.typeName)")
        }
      }
      let node = ShapeNode.enumeration(elements)
      return nullable ? .nullable(node) : node
    }
    guard let typeValue = take("type") else {
      problem(pointer, "a schema must have \"type\", \"enum\", \"$ref\" or \"x-unknown\"")
      return .any
    }
    let (name, nullable) = typeName(typeValue, at: pointer.appending("type"))
    let format = take("x-format")
    let node: ShapeNode
    switch name {
    case "string":
      node = .string(formatValue(format, StringFormat.self, default: .plain, at: pointer))
    case "boolean":
      node = .boolean
    case "number":
      node = .number(formatValue(format, NumberType.self, default: .double, at: pointer))
    case "integer":
      node = .integer(integerRange(take("minimum"), take("maximum"), at: pointer))
    case "array":
      guard let items = take("items") else {
        problem(pointer, "an array schema must have \"items\"")
        return .any
      }
      node = .array(self.node(items, at: pointer.appending("items")))
    case "object":
      if let marker = take("x-component") {
        node = component(marker, object, at: pointer)
        rest = JSONObject()
      } else {
        node = objectNode(
          properties: take("properties"), required: take("required"),
          additional: take("additionalProperties"), incomplete: take("x-incomplete"),
          at: pointer)
      }
    default:
      return .any
    }
    if let format, !["string", "number"].contains(name) {
      rest["x-format"] = format
    }
    return nullable ? .nullable(node) : node
  }

  private mutating func typeName(
    _ value: JSONValue, at pointer: JSONPointer
  ) -> (String, Bool) {
    switch value {
    case .string(let name) where Self.typeNames.contains(name):
      return (name, false)
    case .array(let names) where names.count == 2:
      let strings = names.compactMap(\.stringValue)
      if strings.count == 2, strings.contains("null"),
        let name = strings.first(where: { $0 != "null" }), Self.typeNames.contains(name)
      {
        return (name, true)
      }
    default:
      break
    }
    problem(
      pointer,
      "type must be one of \(Self.typeNames.joined(separator: ", ")), alone or with \"null\"")
    return ("", false)
  }

  private mutating func formatValue<F: RawRepresentable<String> & CaseIterable>(
    _ value: JSONValue?, _ type: F.Type, default fallback: F, at pointer: JSONPointer
  ) -> F {
    guard let value else { return fallback }
    if case .string(let text) = value, let format = F(rawValue: text), format != fallback {
      return format
    }
    let names = F.allCases.map(\.rawValue).filter { $0 != fallback.rawValue }
    problem(
      pointer.appending("x-format"), "x-format must be one of \(names.joined(separator: ", "))")
    return fallback
  }

  private mutating func integerRange(
    _ minimum: JSONValue?, _ maximum: JSONValue?, at pointer: JSONPointer
  ) -> IntegerType? {
    if minimum == nil && maximum == nil { return nil }
    if case .number(let low)? = minimum, case .number(let high)? = maximum,
      let type = IntegerType.allCases.first(where: {
        $0.minimum == low.text && $0.maximum == high.text
      })
    {
      return type
    }
    problem(
      pointer,
      "minimum and maximum must be the range of a fixed-width integer type (Int8 … UInt64)")
    return nil
  }

  private mutating func reference(_ value: JSONValue, at pointer: JSONPointer) -> ShapeNode {
    let prefix = "#/$defs/"
    guard case .string(let text) = value, text.hasPrefix(prefix),
      let parsed = try? JSONPointer(parsing: String(text.dropFirst(prefix.count - 1))),
      parsed.tokens.count == 1, let name = parsed.tokens.first
    else {
      problem(pointer, "$ref must be \"#/$defs/NAME\"")
      return .any
    }
    guard definitionNames.contains(name) else {
      problem(pointer, "$ref names \"\(name)\", which $defs does not define")
      return .any
    }
    return .reference(name)
  }

  private mutating func nullableReference(
    _ value: JSONValue, at pointer: JSONPointer
  ) -> ShapeNode {
    if case .array(let alternatives) = value, alternatives.count == 2,
      case .object(let first) = alternatives[0], first.count == 1, let ref = first["$ref"],
      alternatives[1] == .object(JSONObject([JSONObject.Member(key: "type", value: "null")]))
    {
      return .nullable(reference(ref, at: pointer.appending(0).appending("$ref")))
    }
    problem(pointer, "anyOf must be [{\"$ref\": …}, {\"type\": \"null\"}]")
    return .any
  }

  private mutating func component(
    _ marker: JSONValue, _ object: JSONObject, at pointer: JSONPointer
  ) -> ShapeNode {
    let written = Shape.schema(of: .component)
    var compared = object
    compared["type"] = nil
    var expected = written.objectValue ?? JSONObject()
    expected["type"] = nil
    if marker != .bool(true) || !JSONValue.object(compared).isEquivalent(to: .object(expected)) {
      problem(pointer, "a component schema must be the one contracts write")
    }
    return .component
  }

  private mutating func objectNode(
    properties: JSONValue?, required: JSONValue?, additional: JSONValue?,
    incomplete: JSONValue?, at pointer: JSONPointer
  ) -> ShapeNode {
    var names: Set<String> = []
    if let required {
      if case .array(let elements) = required {
        for (index, element) in elements.enumerated() {
          guard case .string(let name) = element else {
            problem(
              pointer.appending("required").appending(index), "required names must be strings")
            continue
          }
          names.insert(name)
        }
      } else {
        problem(pointer.appending("required"), "required must be an array of strings")
      }
    }
    var shapes: [String: ShapeProperty] = [:]
    if let properties {
      if case .object(let members) = properties {
        for member in members {
          shapes[member.key] = ShapeProperty(
            node(member.value, at: pointer.appending("properties").appending(member.key)),
            required: names.contains(member.key))
        }
      } else {
        problem(pointer.appending("properties"), "properties must be an object")
      }
    }
    for name in Shape.sortedKeys(Array(names)) where shapes[name] == nil {
      // Required without a schema: any value, but present.
      shapes[name] = ShapeProperty(.any, required: true)
    }
    var reason: String?
    if let incomplete {
      if case .string(let text) = incomplete {
        reason = text
      } else {
        problem(pointer.appending("x-incomplete"), "x-incomplete must be a string")
      }
    }
    return .object(
      ShapeObject(
        properties: shapes,
        additional: additional.map { node($0, at: pointer.appending("additionalProperties")) },
        incomplete: reason))
  }
}

/// The wire form of a shape: a JSON Schema 2020-12 document in a documented subset.
///
/// Keywords: `type` (a name, or a name and `"null"`), `properties`, `required`, `items`,
/// `additionalProperties`, `enum`, `minimum`/`maximum` (an integer type's range), `$defs` and
/// `$ref` (recursion), `anyOf` only as `[{"$ref": …}, {"type": "null"}]`, and the annotations
/// `x-format` (`url`, `base64`, `float`, `decimal`), `x-component` (a nested component),
/// `x-unknown` (what the recorder cannot know, with the reason) and `x-incomplete` (an object
/// whose members are not all known). Members are written in byte order of their keys, so the
/// same shape always gives the same bytes.
extension Shape {
  /// The `$schema` of every schema a shape writes.
  public static let dialect = "https://json-schema.org/draft/2020-12/schema"

  /// The shape as a JSON Schema document, members in byte order.
  public var schema: JSONValue {
    var members: [(String, JSONValue)] = [("$schema", .string(Self.dialect))]
    if case .object(let root) = Self.schema(of: root) {
      members += root.members.map { ($0.key, $0.value) }
    }
    if !definitions.isEmpty {
      members.append(
        ("$defs", Self.object(definitions.map { ($0.key, Self.schema(of: $0.value)) })))
    }
    return Self.object(members)
  }

  /// The canonical compact bytes of ``schema``.
  public var schemaBytes: [UInt8] {
    JSONWriter.canonicalBytes(schema)
  }

  /// The schema of one node.
  static func schema(of node: ShapeNode) -> JSONValue {
    switch node {
    case .any:
      return object([])
    case .unknown(let reason):
      return object([("x-unknown", .string(reason))])
    case .nullable(let inner):
      return nullableSchema(of: inner)
    default:
      return object(members(of: node, nullable: false))
    }
  }

  private static func nullableSchema(of inner: ShapeNode) -> JSONValue {
    switch inner {
    case .reference:
      return object([("anyOf", .array([schema(of: inner), object([("type", "null")])]))])
    case .enumeration(let values):
      return object([("enum", .array(values + [.null]))])
    case .any, .unknown, .nullable:
      return schema(of: inner)
    default:
      return object(members(of: inner, nullable: true))
    }
  }

  /// The members of a node's schema; `nullable` adds `"null"` to its `type`.
  private static func members(of node: ShapeNode, nullable: Bool) -> [(String, JSONValue)] {
    func type(_ name: String) -> (String, JSONValue) {
      ("type", nullable ? .array([.string(name), "null"]) : .string(name))
    }
    switch node {
    case .string(let format):
      return [type("string")] + (format == .plain ? [] : [("x-format", .string(format.rawValue))])
    case .boolean:
      return [type("boolean")]
    case .integer(let integer):
      guard let integer else { return [type("integer")] }
      return [
        type("integer"),
        ("minimum", number(integer.minimum)),
        ("maximum", number(integer.maximum)),
      ]
    case .number(let kind):
      return [type("number")] + (kind == .double ? [] : [("x-format", .string(kind.rawValue))])
    case .enumeration(let values):
      return [("enum", .array(values))]
    case .array(let element):
      return [type("array"), ("items", schema(of: element))]
    case .component:
      return [
        type("object"),
        ("required", .array(["kind", "payload"])),
        ("properties", object([("kind", object([("type", "string")])), ("payload", object([]))])),
        ("x-component", true),
      ]
    case .object(let shape):
      var members: [(String, JSONValue)] = [type("object")]
      if !shape.properties.isEmpty {
        members.append(
          ("properties", object(shape.properties.map { ($0.key, schema(of: $0.value.node)) })))
      }
      let required = shape.properties.filter(\.value.required).map(\.key)
      if !required.isEmpty {
        members.append(("required", .array(sortedKeys(required).map { .string($0) })))
      }
      if let additional = shape.additional {
        members.append(("additionalProperties", schema(of: additional)))
      }
      if let reason = shape.incomplete {
        members.append(("x-incomplete", .string(reason)))
      }
      return members
    case .reference(let name):
      return [("$ref", .string("#/$defs/" + JSONPointer([name]).description.dropFirst()))]
    case .any, .unknown, .nullable:
      return []
    }
  }

  private static func number(_ text: String) -> JSONValue {
    JSONNumber(text: text).map(JSONValue.number) ?? .string(text)
  }

  /// An object with its members in byte order of their keys.
  static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    let sorted = members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    return .object(JSONObject(sorted.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }

  static func sortedKeys(_ keys: [String]) -> [String] {
    keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}

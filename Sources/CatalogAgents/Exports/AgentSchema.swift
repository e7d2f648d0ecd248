import Components

/// JSON Schema 2020-12 for a kind's shape, as the agent exports write it: the subset of
/// docs/registry.md, with nested components written the way each export refers to them.
enum AgentSchema {
  /// How a nested component (`{"kind": …, "payload": …}`) is written.
  enum Children {
    /// A2UI: a component id (`ComponentId`), an array of them a `ChildList`.
    case a2ui
    /// The standalone schema: a reference to the document's root, any kind of the catalog.
    case catalogEntry
  }

  static let commonTypes = "https://a2ui.org/specification/v0_9/common_types.json"

  static func schema(of node: ShapeNode, children: Children) -> JSONValue {
    switch node {
    case .any: return object([])
    case .unknown(let reason): return object([("x-unknown", .string(reason))])
    case .nullable(let inner):
      switch inner {
      case .any, .unknown, .nullable: return schema(of: inner, children: children)
      case .enumeration(let values): return object([("enum", .array(values + [.null]))])
      case .component, .reference, .array(.component):
        return object([
          ("anyOf", .array([schema(of: inner, children: children), object([("type", "null")])]))
        ])
      default:
        return object(members(of: inner, nullable: true, children: children))
      }
    default:
      return object(members(of: node, nullable: false, children: children))
    }
  }

  private static func members(of node: ShapeNode, nullable: Bool, children: Children)
    -> [(String, JSONValue)]
  {
    func type(_ name: String) -> (String, JSONValue) {
      ("type", nullable ? .array([.string(name), "null"]) : .string(name))
    }
    switch node {
    case .string(let format):
      return [type("string")] + (format == .plain ? [] : [("x-format", .string(format.rawValue))])
    case .boolean: return [type("boolean")]
    case .integer(let integer):
      guard let integer else { return [type("integer")] }
      return [
        type("integer"), ("minimum", number(integer.minimum)), ("maximum", number(integer.maximum)),
      ]
    case .number(let kind):
      return [type("number")] + (kind == .double ? [] : [("x-format", .string(kind.rawValue))])
    case .enumeration(let values): return [("enum", .array(values))]
    case .array(.component) where children == .a2ui:
      return [("$ref", .string(commonTypes + "#/$defs/ChildList"))]
    case .array(let element):
      return [type("array"), ("items", schema(of: element, children: children))]
    case .component:
      switch children {
      case .a2ui: return [("$ref", .string(commonTypes + "#/$defs/ComponentId"))]
      case .catalogEntry: return [("$ref", "#")]
      }
    case .object(let shape):
      var members: [(String, JSONValue)] = [type("object")]
      if !shape.properties.isEmpty {
        members.append(
          (
            "properties",
            object(shape.properties.map { ($0.key, schema(of: $0.value.node, children: children)) })
          ))
      }
      let required = sorted(shape.properties.filter(\.value.required).map(\.key))
      if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
      if let additional = shape.additional {
        members.append(("additionalProperties", schema(of: additional, children: children)))
      }
      return members
    case .reference(let name):
      return [("$ref", .string("#/$defs/" + fragment(name)))]
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

  static func sorted(_ keys: [String]) -> [String] {
    keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// A name as one JSON Pointer token inside a URI fragment: `~0`/`~1` escaped, then every
  /// byte outside RFC 3986's unreserved characters percent-encoded.
  static func fragment(_ name: String) -> String {
    PercentEncoding.encode(String(JSONPointer([name]).description.dropFirst()))
  }
}

import Components

/// The strict form of a schema that structured-output APIs require: every object schema
/// (one with `properties`) closed with `additionalProperties: false`, every property listed
/// in `required`, and each property that was optional made nullable (`"null"` added to its
/// `type` or `enum`, or `anyOf` with `{"type": "null"}`), so that "absent" is written `null`.
enum StrictSchema {
  static func strict(_ value: JSONValue) -> JSONValue {
    guard case .object(let object) = value else {
      if case .array(let items) = value { return .array(items.map(strict)) }
      return value
    }
    var members = object.members.map { JSONObject.Member(key: $0.key, value: strict($0.value)) }
    guard let index = members.firstIndex(where: { $0.key == "properties" }),
      case .object(let properties) = members[index].value
    else { return .object(JSONObject(members)) }
    var required: Set<String> = []
    if case .array(let names)? = object["required"] {
      required = Set(names.compactMap(\.stringValue))
    }
    members[index].value = .object(
      JSONObject(
        properties.members.map {
          .init(key: $0.key, value: required.contains($0.key) ? $0.value : nullable($0.value))
        }))
    let all = JSONValue.array(properties.members.map { .string($0.key) })
    var result = members.filter { $0.key != "required" && $0.key != "additionalProperties" }
    result.append(.init(key: "required", value: all))
    result.append(.init(key: "additionalProperties", value: false))
    return AgentSchema.object(result.map { ($0.key, $0.value) })
  }

  /// A schema that also accepts `null`.
  static func nullable(_ schema: JSONValue) -> JSONValue {
    guard case .object(let object) = schema, !object.members.isEmpty else { return schema }
    if object["x-unknown"] != nil, object.count == 1 { return schema }
    if case .string(let type)? = object["type"] {
      return replacing("type", in: object, with: .array([.string(type), "null"]))
    }
    if case .array(let types)? = object["type"] {
      return types.contains(.string("null"))
        ? schema : replacing("type", in: object, with: .array(types + ["null"]))
    }
    if object["type"] == nil, case .array(let values)? = object["enum"] {
      return values.contains(.null)
        ? schema : replacing("enum", in: object, with: .array(values + [.null]))
    }
    return AgentSchema.object([("anyOf", .array([schema, AgentSchema.object([("type", "null")])]))])
  }

  private static func replacing(_ key: String, in object: JSONObject, with value: JSONValue)
    -> JSONValue
  {
    .object(
      JSONObject(object.members.map { .init(key: $0.key, value: $0.key == key ? value : $0.value) })
    )
  }
}

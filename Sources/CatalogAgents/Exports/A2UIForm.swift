import Components

/// How a kind appears in A2UI: a component `{"id": …, "component": KIND, …properties}`.
///
/// A kind whose payload is an object that never has A2UI's own members (`id`, `component`,
/// `accessibility`) has the payload's members as its properties (flattened); any other kind
/// (a payload that is not an object, or that uses one of those names) has one property,
/// `payload`, holding the payload. Nested components become child references: a component
/// id (`ComponentId`) where the payload holds one child, a `ChildList` where it holds an
/// array of children.
public enum A2UIForm {
  /// The members of every A2UI component that are not the kind's properties.
  public static let reservedMembers = ["id", "component", "accessibility"]

  /// Whether the kind's payload members are the component's properties.
  public static func flattens(_ shape: Shape) -> Bool {
    guard case .object(let object) = shape.root else { return false }
    return !reservedMembers.contains { object.properties[$0] != nil }
  }

  /// The properties and required properties of the kind's A2UI component, without the
  /// envelope's `id` and `component`.
  static func properties(of shape: Shape) -> (properties: [(String, JSONValue)], required: [String])
  {
    if flattens(shape), case .object(let object) = shape.root {
      return (
        object.properties.map { ($0.key, AgentSchema.schema(of: $0.value.node, children: .a2ui)) },
        AgentSchema.sorted(object.properties.filter(\.value.required).map(\.key))
      )
    }
    return ([("payload", AgentSchema.schema(of: shape.root, children: .a2ui))], ["payload"])
  }

  /// A nested component as the catalog writes one: exactly `kind` (a string) and `payload`.
  static func isComponent(_ value: JSONValue) -> Bool {
    guard case .object(let object) = value, object.count == 2, case .string? = object["kind"],
      object["payload"] != nil
    else { return false }
    return true
  }

  /// A payload as the A2UI components it makes: the component itself (id `id`) first, then
  /// each nested component in document order, with ids `id-1`, `id-2`, …
  static func components(
    id: String, kind: String, payload: JSONValue, flattens: (String) -> Bool
  ) -> [JSONValue] {
    var made: [JSONValue] = []
    var counter = 0
    func convert(_ value: JSONValue) -> JSONValue {
      if isComponent(value), case .object(let entry) = value,
        case .string(let childKind)? = entry["kind"], let childPayload = entry["payload"]
      {
        counter += 1
        let childID = "\(id)-\(counter)"
        made.append(JSONValue.null)
        let slot = made.count - 1
        made[slot] = component(childID, childKind, childPayload)
        return .string(childID)
      }
      switch value {
      case .array(let items): return .array(items.map(convert))
      case .object(let object):
        return .object(
          JSONObject(object.members.map { .init(key: $0.key, value: convert($0.value)) }))
      default: return value
      }
    }
    func component(_ id: String, _ kind: String, _ payload: JSONValue) -> JSONValue {
      var members: [JSONObject.Member] = [
        .init(key: "id", value: .string(id)), .init(key: "component", value: .string(kind)),
      ]
      let converted = convert(payload)
      if flattens(kind), case .object(let object) = converted {
        members += object.members
      } else {
        members.append(.init(key: "payload", value: converted))
      }
      return .object(JSONObject(members))
    }
    let root = component(id, kind, payload)
    return [root] + made
  }
}

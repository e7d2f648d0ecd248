/// One component of a components.json file: a kind (its identity), a category, a
/// description and a sample payload, plus whatever other members the author wrote, which
/// are kept in place.
///
/// ```json
/// { "kind": "tile-preview", "category": "Display",
///   "description": "Displays a tile preview with status",
///   "payload": { "title": "Hero Tile", "isActive": true } }
/// ```
public struct CatalogEntry: Sendable, Hashable {
  /// Any member besides the four standard ones, as canonical JSON text.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONText

    public init(key: String, value: JSONText) {
      self.key = key
      self.value = value
    }

    public static func == (lhs: Member, rhs: Member) -> Bool {
      lhs.key.hasSameBytes(as: rhs.key) && lhs.value == rhs.value
    }
  }

  /// Every text compared by bytes (``Swift/String/hasSameBytes(as:)``), as the catalog stores it.
  public static func == (lhs: CatalogEntry, rhs: CatalogEntry) -> Bool {
    lhs.kind.hasSameBytes(as: rhs.kind) && lhs.category.hasSameBytes(as: rhs.category)
      && lhs.description.hasSameBytes(as: rhs.description) && lhs.payload == rhs.payload
      && lhs.extraMembers == rhs.extraMembers
      && lhs.memberOrder.haveSameBytes(as: rhs.memberOrder)
  }

  /// The standard member names, in the order the export writes them by default.
  public static let standardKeys = ["kind", "category", "description", "payload"]

  /// The component's identity: a non-empty string, unique in a catalog.
  public var kind: String
  public var category: String
  public var description: String
  /// The sample payload, any JSON value (usually an object), as canonical text.
  public var payload: JSONText
  /// Other members, in the order written.
  public var extraMembers: [Member]
  /// Every member name in written order, when that order is not the standard one
  /// (`kind`, `category`, `description`, `payload`, then the extra members); `nil` otherwise.
  public var memberOrder: [String]?

  public init(
    kind: String, category: String, description: String, payload: JSONText,
    extraMembers: [Member] = [], memberOrder: [String]? = nil
  ) {
    self.kind = kind
    self.category = category
    self.description = description
    self.payload = payload
    self.extraMembers = extraMembers
    self.memberOrder = memberOrder
  }

  /// An entry with a payload given as a value.
  public init(kind: String, category: String, description: String, payload: JSONValue) {
    self.init(kind: kind, category: category, description: description, payload: JSONText(payload))
  }

  /// The member names in the order the entry is written.
  public var orderedKeys: [String] {
    memberOrder ?? (Self.standardKeys + extraMembers.map(\.key))
  }

  /// The extra member named `key`.
  public subscript(extra key: String) -> JSONText? {
    extraMembers.first { $0.key.hasSameBytes(as: key) }?.value
  }

  /// Whether the entry carries `"deprecated": true`.
  public var isDeprecated: Bool {
    self[extra: "deprecated"]?.bytes == Array("true".utf8)
  }

  /// A copy with `"deprecated": true` set (appended after the other members) or removed.
  ///
  /// A `"deprecated"` member the entry has keeps its place and gets the new value; without
  /// one, `true` is appended after the other members. Setting `false` removes the member,
  /// unless `writtenFalse` (the user wrote `"deprecated": false`), which keeps it as `false`.
  public func settingDeprecated(_ deprecated: Bool, writtenFalse: Bool = false) -> CatalogEntry {
    var copy = self
    let keeps = deprecated || writtenFalse
    if let index = copy.extraMembers.firstIndex(where: { $0.key.hasSameBytes(as: "deprecated") }) {
      if keeps {
        copy.extraMembers[index].value = JSONText(.bool(deprecated))
        return copy
      }
      copy.extraMembers.remove(at: index)
      copy.memberOrder?.removeAll { $0.hasSameBytes(as: "deprecated") }
    } else if keeps {
      copy.extraMembers.append(Member(key: "deprecated", value: JSONText(.bool(deprecated))))
      copy.memberOrder?.append("deprecated")
    }
    copy.normalizeMemberOrder()
    return copy
  }

  /// Drops an explicit member order that equals the standard one.
  mutating func normalizeMemberOrder() {
    if let order = memberOrder, order == Self.standardKeys + extraMembers.map(\.key) {
      memberOrder = nil
    }
  }

  /// The whole entry as a JSON object value, members in written order.
  public var jsonValue: JSONValue {
    get throws(JSONDiagnostic) {
      var object = JSONObject()
      let extras = memberLookup
      for key in orderedKeys {
        switch key {
        case "kind": object["kind"] = .string(kind)
        case "category": object["category"] = .string(category)
        case "description": object["description"] = .string(description)
        case "payload": object["payload"] = try payload.value()
        default:
          if let text = extras[key] { object[key] = try text.value() }
        }
      }
      return .object(object)
    }
  }
}

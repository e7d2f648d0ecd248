import CatalogStore
import Components

/// What `get_component` (and the `catalog://kinds/KIND` resource) tells an agent about one
/// kind at one revision: its description, category, sample, shape, the app builds that
/// decode it, and its last changes.
enum McpComponentView {
  /// The most history items shown, newest first.
  static let historyLimit = 10

  /// The kind `name` at revision `number`, as JSON.
  ///
  /// - Throws: ``McpToolError`` naming a removed or unknown kind (with the closest name).
  static func component(_ name: String, at number: Int64, state: McpCatalogState) throws
    -> JSONValue
  {
    let agents = try state.agents(at: number)
    guard let kind = agents.kind(name) else { throw unknownKind(name, in: agents) }
    let catalog = state.catalog
    var builds: [JSONValue] = []
    for build in try catalog.contracts(at: .number(number)) {
      let decodes = build.contract.kinds[kind.kind] != nil
      let violations = decodes ? build.contract.validate(kind: kind.kind, payload: kind.sample) : []
      builds.append(
        AgentSchema.object([
          ("build", .string(build.build)),
          ("retained", .bool(build.isRetained)),
          ("decodes", .bool(decodes)),
          ("acceptsSample", .bool(decodes && violations.isEmpty)),
          (
            "violations",
            .array(
              violations.map {
                AgentSchema.object([
                  ("pointer", .string($0.pointer.description)), ("expected", .string($0.expected)),
                  ("found", .string($0.found)),
                ])
              })
          ),
        ]))
    }
    var history: [JSONValue] = []
    var total = 0
    // The history follows the component through renames; items after the revision asked
    // about are not part of its past.
    let items: [KindHistoryItem]
    do {
      items = try catalog.history(of: kind.kind)
    } catch CatalogError.unknownKind {
      items = []
    }
    for item in items where item.revision.id <= number {
      total += 1
      guard history.count < historyLimit else { continue }
      var members: [(String, JSONValue)] = [
        ("revision", .number(JSONNumber(Int(item.revision.id)))),
        ("time", .string(Timestamp.string(item.revision.time))),
        ("author", .string(item.revision.author)),
        ("message", .string(item.revision.message)),
        ("change", .string(item.change.rawValue)),
        ("paths", .array(item.changedPaths.map { .string($0.description) })),
      ]
      if let previous = item.previousKind { members.append(("previousKind", .string(previous))) }
      if let deprecation = item.deprecation { members.append(("deprecated", .bool(deprecation))) }
      history.append(AgentSchema.object(members))
    }
    return AgentSchema.object([
      ("kind", .string(kind.kind)),
      ("revision", .number(JSONNumber(Int(number)))),
      ("category", .string(kind.category)),
      ("description", .string(kind.description)),
      ("deprecated", .bool(kind.deprecated)),
      ("container", .bool(kind.isContainer)),
      ("sample", kind.sample),
      ("shape", AgentSchema.schema(of: kind.shape.root, children: .catalogEntry)),
      ("shapeSource", "inferred"),
      ("inferredFrom", .number(JSONNumber(kind.inferredFrom))),
      ("builds", .array(builds)),
      ("history", .array(history)),
      ("changes", .number(JSONNumber(total))),
    ])
  }

  /// The summary `list_components` gives of a kind.
  static func summary(_ kind: AgentKind) -> JSONValue {
    AgentSchema.object([
      ("kind", .string(kind.kind)),
      ("category", .string(kind.category)),
      ("description", .string(kind.description)),
      ("deprecated", .bool(kind.deprecated)),
      ("container", .bool(kind.isContainer)),
    ])
  }

  static func unknownKind(_ name: String, in agents: AgentCatalog) -> McpToolError {
    let quoted = JSONWriter.canonicalString(name)
    if agents.removedKinds.contains(where: { $0.hasSameBytes(as: name) }) {
      return McpToolError(
        "kind \(quoted) was removed from the catalog before revision \(agents.revision)")
    }
    let suggestion = Suggestion.closest(to: name, among: agents.kinds.map(\.kind)).map {
      "; did you mean \(JSONWriter.canonicalString($0))?"
    }
    return McpToolError(
      "no kind \(quoted) at revision \(agents.revision)\(suggestion ?? "") "
        + "(list_components lists the kinds)")
  }
}

import CatalogStore
import Components

/// The MCP server's tools, one explicit table: `list_components`, `get_component`,
/// `validate_ui`, `get_catalog`. All of them read; none writes.
enum McpTools {
  static let all: [McpTool] = [listComponents, getComponent, validateUI, getCatalog]

  /// The tool named `name` (by bytes).
  static func tool(named name: String) -> McpTool? {
    all.first { $0.name.hasSameBytes(as: name) }
  }

  static let at = McpTool.Property(
    name: "at",
    schema: AgentSchema.object([
      ("type", "string"),
      (
        "description",
        "The revision to read: a number, head, head~N, a tag or an ISO-8601 time (default head)."
      ),
    ]))

  static let app = McpTool.Property(
    name: "app",
    schema: AgentSchema.object([
      ("type", "string"),
      (
        "description",
        "An app build, APP@VERSION: use the shapes its recorded contract decodes (kinds it does not decode are left out) instead of the inferred ones."
      ),
    ]))

  static func string(_ description: String) -> JSONValue {
    AgentSchema.object([("type", "string"), ("description", .string(description))])
  }

  // MARK: - list_components

  static let listComponents = McpTool(
    name: "list_components", title: "List components",
    description:
      "The kinds of the component catalog at a revision, in catalog order: kind, category, "
      + "description, whether deprecated and whether it holds child components. Filter by "
      + "category (exact) and by text (case-insensitive, in kind, category and description).",
    properties: [
      .init(name: "category", schema: string("Only the kinds of this category (exact).")),
      .init(
        name: "text",
        schema: string("Only kinds whose name, category or description contain this text.")),
      at,
      .init(
        name: "limit",
        schema: AgentSchema.object([
          ("type", "integer"), ("minimum", 1), ("maximum", 1000),
          ("description", "The most kinds returned (default 100)."),
        ])),
      .init(
        name: "offset",
        schema: AgentSchema.object([
          ("type", "integer"), ("minimum", 0),
          ("description", "How many matching kinds to skip (default 0)."),
        ])),
    ],
    call: { arguments, state in
      let category = try arguments.string("category")
      let text = try arguments.string("text").map { $0.lowercased() }
      let limit = try arguments.integer("limit", in: 1...1000) ?? 100
      let offset = try arguments.integer("offset", in: 0...Int(Int32.max)) ?? 0
      let agents = try state.agents(try arguments.string("at"))
      let matching = agents.kinds.filter { kind in
        if let category, !kind.category.hasSameBytes(as: category) { return false }
        if let text, !text.isEmpty {
          return kind.kind.lowercased().contains(text) || kind.category.lowercased().contains(text)
            || kind.description.lowercased().contains(text)
        }
        return true
      }
      let page = matching.dropFirst(offset).prefix(limit)
      var members: [(String, JSONValue)] = [
        ("revision", .number(JSONNumber(Int(agents.revision)))),
        ("total", .number(JSONNumber(matching.count))),
        ("offset", .number(JSONNumber(offset))),
        ("components", .array(page.map(McpComponentView.summary))),
      ]
      if offset + page.count < matching.count {
        members.append(("nextOffset", .number(JSONNumber(offset + page.count))))
      }
      return .json(AgentSchema.object(members))
    })

  // MARK: - get_component

  static let getComponent = McpTool(
    name: "get_component", title: "Get a component",
    description:
      "One kind of the catalog at a revision: its description, category, sample payload, the "
      + "shape of its payload (JSON Schema, inferred from every sample it ever had), the app "
      + "builds whose recorded contracts decode it, and its last changes (newest first).",
    properties: [
      .init(name: "kind", schema: string("The kind's name."), required: true), at,
    ],
    call: { arguments, state in
      let kind = try arguments.string("kind") ?? ""
      let number = try state.resolve(try arguments.string("at"))
      return .json(try McpComponentView.component(kind, at: number, state: state))
    })

  // MARK: - validate_ui

  static let validateUI = McpTool(
    name: "validate_ui", title: "Validate a UI document",
    description:
      "Checks a UI document against the catalog at a revision, as `catalog validate-ui` does: "
      + "JSON syntax, the envelope (A2UI v0.9 messages, or {kind, payload} entries with nested "
      + "children), the vocabulary, the graph and each component's data. Returns whether it is "
      + "valid and every problem with its line, column and JSON Pointer, to repair and retry.",
    properties: [
      .init(
        name: "document",
        schema: AgentSchema.object([
          (
            "description",
            "The document: its text (JSON, or A2UI messages as JSON Lines), or the JSON value itself."
          )
        ]), required: true),
      at, app,
    ],
    call: { arguments, state in
      let bytes: [UInt8]
      switch arguments["document"] {
      case .string(let text)?: bytes = Array(text.utf8)
      case let value?: bytes = JSONWriter.indentedBytes(value)
      case nil: throw McpToolError("validate_ui: missing argument document")
      }
      let agents = try state.agents(
        at: try state.resolve(try arguments.string("at")), app: try arguments.string("app"))
      let result = UIDocumentValidator(catalog: agents).validate(bytes)
      return .json(
        AgentSchema.object([
          ("valid", .bool(result.isValid)),
          ("revision", .number(JSONNumber(Int(agents.revision)))),
          ("components", .number(JSONNumber(result.components))),
          ("problems", .array(result.problems.map(\.json))),
        ]))
    })

  // MARK: - get_catalog

  static let formats = ["a2ui", "json-schema", "prompt", "components"]

  static let getCatalog = McpTool(
    name: "get_catalog", title: "Get the catalog",
    description:
      "The whole catalog at a revision, as `catalog export --format` writes it: a2ui (an A2UI "
      + "v0.9 catalog), json-schema (one JSON Schema 2020-12 document; strict: the form "
      + "structured-output APIs require), prompt (Markdown for a system prompt) or components "
      + "(components.json).",
    properties: [
      .init(
        name: "format",
        schema: AgentSchema.object([
          ("type", "string"), ("enum", .array(formats.map { .string($0) })),
          ("description", "The export (default a2ui)."),
        ])),
      at, app,
      .init(
        name: "strict",
        schema: AgentSchema.object([
          ("type", "boolean"),
          ("description", "With json-schema: closed objects, every property required."),
        ])),
      .init(
        name: "idBase",
        schema: string(
          "With a2ui: the catalogId is <idBase>/v<major>/catalog.json (default https://catalog.invalid/components)."
        )),
    ],
    call: { arguments, state in
      let format = try arguments.choice("format", of: formats) ?? "a2ui"
      let strict = try arguments.bool("strict")
      let idBase = try arguments.string("idBase")
      if strict != nil, format != "json-schema" {
        throw McpToolError("get_catalog: strict needs format json-schema")
      }
      if idBase != nil, format != "a2ui" {
        throw McpToolError("get_catalog: idBase needs format a2ui")
      }
      let number = try state.resolve(try arguments.string("at"))
      let app = try arguments.string("app")
      if app != nil, format == "components" {
        throw McpToolError("get_catalog: app needs format a2ui, json-schema or prompt")
      }
      switch format {
      case "components":
        return .text(
          String(decoding: try state.catalog.exportBytes(at: .number(number)), as: UTF8.self))
      case "json-schema":
        return .text(
          String(
            decoding: AgentExport.bytes(
              AgentExport.jsonSchema(
                try state.agents(at: number, app: app), strict: strict ?? false)),
            as: UTF8.self))
      case "prompt":
        return .text(AgentExport.prompt(try state.agents(at: number, app: app)))
      default:
        return .text(
          String(
            decoding: AgentExport.bytes(
              AgentExport.a2ui(
                try state.agents(at: number, app: app), idBase: idBase ?? AgentExport.defaultIDBase)
            ),
            as: UTF8.self))
      }
    })
}

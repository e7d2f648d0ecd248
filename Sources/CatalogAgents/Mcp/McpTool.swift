import CatalogStore
import Components

/// One tool of the MCP server: its name, description and input schema (what `tools/list`
/// answers) and what a call does.
struct McpTool: Sendable {
  /// A property of the input schema.
  struct Property: Sendable {
    var name: String
    var schema: JSONValue
    var required = false
  }

  var name: String
  var title: String
  var description: String
  var properties: [Property]
  /// Runs a call with its checked arguments.
  var call: @Sendable (McpArguments, McpCatalogState) throws -> McpToolOutput

  /// The input schema: an object of the properties, closed.
  var inputSchema: JSONValue {
    AgentSchema.object([
      ("type", "object"),
      ("properties", AgentSchema.object(properties.map { ($0.name, $0.schema) })),
      ("required", .array(properties.filter(\.required).map { .string($0.name) })),
      ("additionalProperties", false),
    ])
  }

  /// The tool as `tools/list` lists it.
  var json: JSONValue {
    AgentSchema.object([
      ("name", .string(name)),
      ("title", .string(title)),
      ("description", .string(description)),
      ("inputSchema", inputSchema),
      ("annotations", AgentSchema.object([("readOnlyHint", true), ("openWorldHint", false)])),
    ])
  }

  /// Checks `arguments` and runs the call.
  func run(_ arguments: JSONValue?, state: McpCatalogState) throws -> McpToolOutput {
    let checked = try McpArguments(
      arguments, tool: name, properties: properties.map(\.name),
      required: properties.filter(\.required).map(\.name))
    return try call(checked, state)
  }
}

/// What a tool call answers: JSON (given as text and as `structuredContent`) or text.
enum McpToolOutput {
  case json(JSONValue)
  case text(String)
}

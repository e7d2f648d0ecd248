import CatalogStore
import Components

/// The MCP server's resources: `catalog://kinds/KIND` (a kind at head, as `get_component`
/// describes it) and `catalog://releases/TAG` (the components.json of a tagged revision).
///
/// A name in a URI is percent-encoded byte by byte outside RFC 3986's unreserved
/// characters, so any kind or tag name (spaces, slashes, any Unicode) has exactly one URI.
enum McpResources {
  static let kindPrefix = "catalog://kinds/"
  static let releasePrefix = "catalog://releases/"
  /// How many resources one `resources/list` page holds.
  static let pageSize = 1000

  static let templates: JSONValue = .array([
    AgentSchema.object([
      ("uriTemplate", .string(kindPrefix + "{kind}")),
      ("name", "kind"),
      ("title", "A kind of the catalog at head"),
      (
        "description",
        "Description, category, sample, shape, the app builds that decode it and its last changes."
      ),
      ("mimeType", "application/json"),
    ]),
    AgentSchema.object([
      ("uriTemplate", .string(releasePrefix + "{tag}")),
      ("name", "release"),
      ("title", "A release (a tagged revision)"),
      ("description", "The components.json of the revision the tag names."),
      ("mimeType", "application/json"),
    ]),
  ])

  /// One page of the resources: every release (tag), then every kind at head.
  static func list(cursor: String?, state: McpCatalogState) throws -> JSONValue {
    var offset = 0
    if let cursor {
      guard let number = Int(cursor), number >= 0 else {
        throw JSONRPCError(.invalidParams, "invalid cursor \(JSONWriter.canonicalString(cursor))")
      }
      offset = number
    }
    let tags = try state.catalog.tags()
    var kinds: [AgentKind] = []
    if let head = try state.catalog.head() {
      kinds = try state.agents(at: head.id).kinds
    }
    var resources: [JSONValue] = []
    let total = tags.count + kinds.count
    var index = offset
    while index < total, resources.count < pageSize {
      if index < tags.count {
        let tag = tags[index]
        resources.append(
          AgentSchema.object([
            ("uri", .string(releasePrefix + encode(tag.name))),
            ("name", .string(tag.name)),
            ("title", .string("Release \(tag.name) (revision \(tag.revision))")),
            ("description", .string(tag.message)),
            ("mimeType", "application/json"),
          ]))
      } else {
        let kind = kinds[index - tags.count]
        resources.append(
          AgentSchema.object([
            ("uri", .string(kindPrefix + encode(kind.kind))),
            ("name", .string(kind.kind)),
            ("title", .string("\(kind.kind) (\(kind.category))")),
            ("description", .string(kind.description)),
            ("mimeType", "application/json"),
          ]))
      }
      index += 1
    }
    var members: [(String, JSONValue)] = [("resources", .array(resources))]
    if index < total { members.append(("nextCursor", .string(String(index)))) }
    return AgentSchema.object(members)
  }

  /// The contents of the resource at `uri`.
  ///
  /// - Throws: ``JSONRPCError`` (invalid params) for a URI that names no resource.
  static func read(_ uri: String, state: McpCatalogState) throws -> JSONValue {
    let quoted = JSONWriter.canonicalString(uri)
    let text: String
    if let name = name(in: uri, after: kindPrefix) {
      do {
        let head = try state.resolve(nil)
        text = String(
          decoding: JSONWriter.indentedBytes(
            try McpComponentView.component(name, at: head, state: state)), as: UTF8.self)
      } catch let error as McpToolError {
        throw JSONRPCError(.invalidParams, "no resource \(quoted): \(error.message)")
      }
    } else if let name = name(in: uri, after: releasePrefix) {
      guard let tag = try state.catalog.tags().first(where: { $0.name.hasSameBytes(as: name) })
      else {
        throw JSONRPCError(
          .invalidParams, "no resource \(quoted): no tag \(JSONWriter.canonicalString(name))")
      }
      text = String(
        decoding: try state.catalog.exportBytes(at: .number(tag.revision)), as: UTF8.self)
    } else {
      throw JSONRPCError(
        .invalidParams,
        "no resource \(quoted) (resources are \(kindPrefix){kind} and \(releasePrefix){tag})")
    }
    return AgentSchema.object([
      (
        "contents",
        .array([
          AgentSchema.object([
            ("uri", .string(uri)), ("mimeType", "application/json"), ("text", .string(text)),
          ])
        ])
      )
    ])
  }

  // MARK: - Names in URIs

  static func encode(_ name: String) -> String { PercentEncoding.encode(name) }

  /// The decoded name after `prefix` in `uri`; nil when `uri` does not start with it or the
  /// rest is not a percent-encoded UTF-8 name.
  static func name(in uri: String, after prefix: String) -> String? {
    guard uri.utf8.starts(with: prefix.utf8) else { return nil }
    let rest = String(decoding: uri.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    guard !rest.isEmpty else { return nil }
    return PercentEncoding.decode(rest)
  }
}

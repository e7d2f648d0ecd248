import CatalogStore
import Components

/// What the MCP server knows of the catalog between requests: the catalog's connection and
/// the ``AgentCatalog`` of the few revisions asked about last.
///
/// Every request resolves its revision again (head is re-read: one query), so a revision
/// imported while the server runs is seen by the next request without a restart. A revision
/// never changes once written, so its ``AgentCatalog`` is kept by number; only a new head
/// costs a new load (one read of the history).
final class McpCatalogState {
  let catalog: Catalog
  /// The loaded revisions, most recently used last.
  private var loaded: [AgentCatalog] = []
  /// How many revisions are kept loaded.
  static let kept = 4

  init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// The revision `at` names now (head when nil).
  ///
  /// - Throws: ``McpToolError`` for an unknown revision or a catalog without revisions;
  ///   ``CatalogError`` when the catalog cannot be read.
  func resolve(_ at: String?) throws -> Int64 {
    let reference = RevisionReference(parsing: at ?? "head")
    do {
      if case .head = reference {
        guard let head = try catalog.head() else {
          throw McpToolError("the catalog has no revision yet")
        }
        return head.id
      }
      return try catalog.revision(reference).id
    } catch CatalogError.unknownRevision(let reference, let reason) {
      throw McpToolError(CatalogError.unknownRevision(reference: reference, reason: reason))
    }
  }

  /// The catalog for agents at revision `number`.
  func agents(at number: Int64) throws -> AgentCatalog {
    if let index = loaded.firstIndex(where: { $0.revision == number }) {
      let found = loaded.remove(at: index)
      loaded.append(found)
      return found
    }
    let agents = try AgentCatalog.load(from: catalog, at: .number(number))
    loaded.append(agents)
    if loaded.count > Self.kept { loaded.removeFirst() }
    return agents
  }

  /// The catalog for agents at revision `number` as the build `app` (`APP@VERSION`)
  /// decodes it, or with inferred shapes when `app` is nil.
  func agents(at number: Int64, app: String?) throws -> AgentCatalog {
    guard let app else { return try agents(at: number) }
    guard let named = AppBuild(parsing: app) else {
      throw McpToolError("app must be APP@VERSION, found \(JSONWriter.canonicalString(app))")
    }
    let builds = try catalog.contracts(at: .number(number))
    guard let build = builds.first(where: { $0.app == named.app && $0.version == named.version })
    else {
      throw McpToolError(
        "no contract of \(JSONWriter.canonicalString(app)) is recorded by revision \(number) "
          + "(recorded builds: \(builds.isEmpty ? "none" : builds.map(\.build).joined(separator: ", ")))"
      )
    }
    return try agents(at: number).decoded(by: build)
  }

  /// The catalog for agents at the revision `at` names (head when nil).
  func agents(_ at: String?) throws -> AgentCatalog {
    try agents(at: resolve(at))
  }
}

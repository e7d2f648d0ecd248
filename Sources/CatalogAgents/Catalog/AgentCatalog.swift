import CatalogStore
import Components

/// The catalog at one revision as agents are told about it: every kind with its description,
/// category, sample, shape and whether it holds child components, and the catalog's A2UI
/// major version.
///
/// Loaded from one read of the history up to the revision (``load(from:at:)``); the exports
/// (``AgentExport``), `validate-ui` (``UIDocumentValidator``) and the MCP server read it, so
/// all three tell an agent the same thing.
public struct AgentCatalog: Sendable {
  /// The revision the catalog was read at.
  public var revision: Int64
  /// The kinds present at the revision, in catalog (export) order.
  public let kinds: [AgentKind]
  /// The kinds removed before the revision (present in the history, absent at it), sorted
  /// by their bytes: `validate-ui` names them.
  public var removedKinds: [String]
  /// Each major version of the catalog: the first at the first revision, then one for each
  /// revision whose change since the previous major breaks an A2UI client.
  public var majors: [CatalogMajor]

  public init(
    revision: Int64, kinds: [AgentKind], removedKinds: [String] = [],
    majors: [CatalogMajor] = []
  ) {
    self.revision = revision
    self.kinds = kinds
    self.removedKinds = removedKinds
    self.majors = majors
    var positions: [BytewiseString: Int] = [:]
    for (position, kind) in kinds.enumerated() { positions[BytewiseString(kind.kind)] = position }
    self.positions = positions
  }

  private let positions: [BytewiseString: Int]

  /// The current major version (1 for a catalog with one revision).
  public var major: Int { majors.last?.major ?? 1 }

  /// The kind named `name`, compared by bytes.
  public func kind(_ name: String) -> AgentKind? {
    positions[BytewiseString(name)].map { kinds[$0] }
  }

  /// The categories in catalog order: the order in which each first appears.
  public var categories: [String] {
    var seen: Set<BytewiseString> = []
    return kinds.map(\.category).filter { seen.insert(BytewiseString($0)).inserted }
  }
}

/// One kind of an ``AgentCatalog``.
public struct AgentKind: Sendable {
  public var kind: String
  public var category: String
  public var description: String
  public var deprecated: Bool
  /// The kind's payload at the revision: its sample.
  public var sample: JSONValue
  /// The shape: inferred from every sample the kind's component ever had up to the revision
  /// (``ShapeInference``), as no app contract is recorded.
  public var shape: Shape
  /// The number of samples the shape was inferred from (`x-inferred`).
  public var inferredFrom: Int

  public init(
    kind: String, category: String, description: String, deprecated: Bool, sample: JSONValue,
    shape: Shape, inferredFrom: Int
  ) {
    self.kind = kind
    self.category = category
    self.description = description
    self.deprecated = deprecated
    self.sample = sample
    self.shape = shape
    self.inferredFrom = inferredFrom
  }

  /// Whether the kind's payloads hold child components: an A2UI container.
  public var isContainer: Bool { shape.root.holdsComponents }
}

extension ShapeNode {
  /// Whether a nested component can appear at or below this place.
  var holdsComponents: Bool {
    switch self {
    case .component: return true
    case .nullable(let inner), .array(let inner): return inner.holdsComponents
    case .object(let object):
      return object.properties.values.contains { $0.node.holdsComponents }
        || (object.additional?.holdsComponents ?? false)
    case .any, .string, .boolean, .integer, .number, .enumeration, .reference, .unknown:
      return false
    }
  }
}

extension AgentCatalog {
  /// Reads the catalog at `reference`: the kinds present there, each kind's shape inferred
  /// from every state its component had up to the revision, and the majors.
  ///
  /// - Throws: ``CatalogError`` for an unknown revision or a storage failure.
  public static func load(from catalog: Catalog, at reference: RevisionReference = .head)
    throws -> AgentCatalog
  {
    var histories: [[EntryVersion]] = []
    let revision = try catalog.forEachComponentHistory(upTo: reference) { history in
      histories.append(history.versions)
    }
    var present: [(orderKey: String, kind: AgentKind)] = []
    var removed: Set<BytewiseString> = []
    var events: [(revision: Int64, component: Int, version: EntryVersion)] = []
    for (component, versions) in histories.enumerated() {
      var inference = ShapeInference()
      for version in versions {
        events.append((version.revision, component, version))
        if version.change != .removed { inference.add(try version.entry.payload.value()) }
      }
      guard let last = versions.last else { continue }
      if last.change == .removed {
        removed.insert(BytewiseString(last.entry.kind))
        continue
      }
      let entry = last.entry
      present.append(
        (
          last.orderKey,
          AgentKind(
            kind: entry.kind, category: entry.category, description: entry.description,
            deprecated: entry.isDeprecated, sample: try entry.payload.value(),
            shape: inference.shape, inferredFrom: inference.samples)
        ))
    }
    present.sort { $0.orderKey.utf8.lexicographicallyPrecedes($1.orderKey.utf8) }
    for item in present { removed.remove(BytewiseString(item.kind.kind)) }
    events.sort { ($0.revision, $0.component) < ($1.revision, $1.component) }
    return AgentCatalog(
      revision: revision, kinds: present.map(\.kind),
      removedKinds: removed.map(\.string).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
      majors: try CatalogMajor.majors(of: events.map { ($0.revision, $0.component, $0.version) }))
  }
}

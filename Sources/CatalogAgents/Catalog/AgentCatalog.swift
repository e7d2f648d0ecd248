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
  /// The app build (`APP@VERSION`) whose recorded contract gave the shapes
  /// (``decoded(by:)``); nil when every shape is inferred.
  public var build: String?

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
  /// (``ShapeInference``), or the one an app build's contract records (``contract``).
  public var shape: Shape
  /// The number of samples the shape was inferred from (`x-inferred`), even when the shape
  /// is a contract's.
  public var inferredFrom: Int
  /// The build (`APP@VERSION`) whose contract gave ``shape``; nil for an inferred shape.
  public var contract: String?

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
    self.contract = nil
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

extension AgentCatalog {
  /// The catalog as one app build decodes it (`--app APP@VERSION`): only the kinds its
  /// contract has a shape for, each with that shape instead of the inferred one. A kind the
  /// build does not decode is left out, as the build's registry fails such an entry
  /// (`unknownKinds: fail-entry`); `validate-ui` then names it as not in the catalog. The
  /// majors stay the catalog's: they follow its history, not one build.
  public func decoded(by build: RecordedContract) -> AgentCatalog {
    var kinds: [AgentKind] = []
    for var kind in self.kinds {
      guard let shape = build.contract.kinds[kind.kind] else { continue }
      kind.shape = shape
      kind.contract = build.build
      kinds.append(kind)
    }
    var decoded = AgentCatalog(
      revision: revision, kinds: kinds, removedKinds: removedKinds, majors: majors)
    decoded.build = build.build
    return decoded
  }

  /// ``load(from:at:)``, then ``decoded(by:)`` the contract of `app`@`version` recorded by
  /// that revision (retained or retired).
  ///
  /// - Throws: ``RequestProblem/noSuchContract(build:revision:recorded:)`` when no contract of
  ///   that build was recorded by then, naming the builds that were.
  public static func load(
    from catalog: Catalog, at reference: RevisionReference = .head, app: String, version: String
  ) throws -> AgentCatalog {
    let number = try catalog.revision(reference).id
    let build = try catalog.recordedContract(app: app, version: version, at: .number(number))
    return try load(from: catalog, at: .number(number)).decoded(by: build)
  }
}

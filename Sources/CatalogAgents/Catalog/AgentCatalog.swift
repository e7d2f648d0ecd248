import CatalogStore
import Components

/// The catalog at one revision as agents are told about it: every kind with its description,
/// category, sample, shape and whether it holds child components, and the catalog's A2UI
/// major version.
///
/// Loaded from one read of the history up to the revision (``load(from:at:kinds:majors:)``),
/// whole or for the kinds a caller names; the exports (``AgentExport``), `validate-ui`
/// (``UIDocumentValidator``) and the MCP server read it, so all three tell an agent the same
/// thing.
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
  /// One streamed read of the history, each stored payload parsed at most once. The cost is
  /// in the payloads parsed, and both parameters bound it: a payload is parsed only for a
  /// kind in `kinds` or when the majors are wanted.
  ///
  /// - Parameters:
  ///   - kinds: the kinds (compared by bytes) to give ``kinds``; nil for every kind. The
  ///     others are left out of ``kinds`` (``removedKinds`` stays the whole catalog's), so a
  ///     caller that knows which kinds it will look up (`validate-ui` knows the kinds its
  ///     document names) reads the history of those only.
  ///   - majors: whether to compute ``majors``, which needs every kind's shape at every
  ///     revision; without them ``majors`` is empty and ``major`` is 1.
  /// - Throws: ``CatalogError`` for an unknown revision or a storage failure.
  public static func load(
    from catalog: Catalog, at reference: RevisionReference = .head,
    kinds selection: Set<BytewiseString>? = nil, majors wantsMajors: Bool = true
  ) throws -> AgentCatalog {
    let revision = try catalog.revision(reference).id
    return try load(from: catalog, atEach: [revision], kinds: selection, majors: wantsMajors)[0]
  }

  /// ``load(from:at:kinds:majors:)`` at each of `revisions` (numbers of the catalog's
  /// revisions, in any order), from one read of the history up to the last of them: what
  /// the site reads for the agents' files of every release. The catalog at each revision is
  /// the one ``load(from:at:kinds:majors:)`` reads there.
  ///
  /// - Returns: one catalog per revision, in the order of `revisions`.
  /// - Throws: ``CatalogError`` for an unknown revision or a storage failure.
  public static func load(
    from catalog: Catalog, atEach revisions: [Int64],
    kinds selection: Set<BytewiseString>? = nil, majors wantsMajors: Bool = true
  ) throws -> [AgentCatalog] {
    guard let last = revisions.max() else { return [] }
    // The distinct revisions in ascending order: the cuts.
    let cuts = Array(Set(revisions)).sorted()
    var cutIndex: [Int64: Int] = [:]
    for (index, cut) in cuts.enumerated() { cutIndex[cut] = index }
    var present = [[(orderKey: String, kind: AgentKind)]](repeating: [], count: cuts.count)
    var presentNames = [Set<BytewiseString>](repeating: [], count: cuts.count)
    var removed = [Set<BytewiseString>](repeating: [], count: cuts.count)
    var events: [(event: CatalogMajor.Event, order: Int)] = []
    var component = 0
    try catalog.forEachComponentHistory(upTo: .number(last)) { history in
      defer { component += 1 }
      let versions = history.versions
      // The state at each cut: the index of the last version at or before it, if any.
      var states = [Int?](repeating: nil, count: cuts.count)
      var next = 0
      for (cut, revision) in cuts.enumerated() {
        while next < versions.count, versions[next].revision <= revision { next += 1 }
        states[cut] = next > 0 ? next - 1 : nil
      }
      func isSelected(_ version: EntryVersion) -> Bool {
        version.change != .removed
          && selection?.contains(BytewiseString(version.entry.kind)) != false
      }
      for case (let cut, let state?) in states.enumerated() {
        let version = versions[state]
        if version.change == .removed {
          removed[cut].insert(BytewiseString(version.entry.kind))
        } else {
          presentNames[cut].insert(BytewiseString(version.entry.kind))
        }
      }
      let anySelected = states.contains { $0.map { isSelected(versions[$0]) } ?? false }
      guard anySelected || wantsMajors else { return }
      var cutsAt = [[Int]](repeating: [], count: versions.count)
      for case (let cut, let state?) in states.enumerated() { cutsAt[state].append(cut) }
      var inference = ShapeInference()
      var sample: JSONValue = .null
      for (index, version) in versions.enumerated() where version.revision <= last {
        var shape: Shape?
        if version.change != .removed {
          sample = try version.entry.payload.value()
          inference.add(sample)
          if wantsMajors { shape = inference.shape }
        }
        if wantsMajors {
          events.append(
            (
              CatalogMajor.Event(
                revision: version.revision, component: component, kind: version.entry.kind,
                shape: shape), events.count
            ))
        }
        for cut in cutsAt[index] where isSelected(version) {
          let entry = version.entry
          present[cut].append(
            (
              version.orderKey,
              AgentKind(
                kind: entry.kind, category: entry.category, description: entry.description,
                deprecated: entry.isDeprecated, sample: sample, shape: inference.shape,
                inferredFrom: inference.samples)
            ))
        }
      }
    }
    // By revision, then component; a component's states are already in revision order.
    events.sort {
      ($0.event.revision, $0.event.component, $0.order)
        < ($1.event.revision, $1.event.component, $1.order)
    }
    let majors = CatalogMajor.majors(of: events.map(\.event))
    let catalogs = cuts.indices.map { cut -> AgentCatalog in
      let kinds = present[cut].sorted {
        $0.orderKey.utf8.lexicographicallyPrecedes($1.orderKey.utf8)
      }
      return AgentCatalog(
        revision: cuts[cut], kinds: kinds.map(\.kind),
        removedKinds: removed[cut].subtracting(presentNames[cut]).map(\.string).sorted {
          $0.utf8.lexicographicallyPrecedes($1.utf8)
        },
        majors: majors.filter { $0.revision <= cuts[cut] })
    }
    return revisions.map { catalogs[cutIndex[$0] ?? 0] }
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

  /// ``load(from:at:kinds:majors:)``, then ``decoded(by:)`` the contract of `app`@`version`
  /// recorded by that revision (retained or retired).
  ///
  /// - Throws: ``RequestProblem/noSuchContract(build:revision:recorded:)`` when no contract of
  ///   that build was recorded by then, naming the builds that were.
  public static func load(
    from catalog: Catalog, at reference: RevisionReference = .head, app: String, version: String,
    kinds selection: Set<BytewiseString>? = nil, majors wantsMajors: Bool = true
  ) throws -> AgentCatalog {
    let number = try catalog.revision(reference).id
    let build = try catalog.recordedContract(app: app, version: version, at: .number(number))
    return try load(from: catalog, at: .number(number), kinds: selection, majors: wantsMajors)
      .decoded(by: build)
  }
}

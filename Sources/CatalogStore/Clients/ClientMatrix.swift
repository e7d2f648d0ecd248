import Components

/// For every retained app build, what it makes of a catalog's entries: the kinds it
/// decodes, the kinds it does not know, and every entry whose payload its contract rejects
/// (`catalog clients`, `check --clients`).
///
/// Each payload is read once and checked against each build in one pass
/// (``AppContract/validate(kind:payload:)``), so the time is linear in the entries' size
/// times the number of builds.
public struct ClientMatrix: Sendable {
  /// One build's column.
  public struct Build: Sendable {
    public var build: String
    public var app: String
    public var version: String
    /// The kinds of the entries it decodes (its contract has a shape for them), in entry
    /// order.
    public var decodes: [String] = []
    /// The kinds of the entries it does not know; the registry fails such an entry alone
    /// (`unknownKinds: fail-entry`), so they are reported, not refused.
    public var unknown: [String] = []
    /// The entries of known kinds whose payloads it rejects, in entry order.
    public var rejections: [ClientRejection] = []
  }

  /// The builds, sorted by app, then version.
  public var builds: [Build]
  /// How many entries were checked.
  public var entries = 0

  /// A matrix of `contracts` with no entry checked yet.
  public init(contracts: [RecordedContract]) {
    self.contracts = contracts.map(\.contract)
    self.builds = contracts.map { Build(build: $0.build, app: $0.app, version: $0.version) }
  }

  private let contracts: [AppContract]

  /// Every rejection of every build, entry by entry.
  public var rejections: [ClientRejection] { builds.flatMap(\.rejections) }

  /// Checks one entry against every build.
  public mutating func add(kind: String, payload: JSONValue, position: SourcePosition?) {
    entries += 1
    for (i, contract) in contracts.enumerated() {
      guard contract.kinds[kind] != nil else {
        builds[i].unknown.append(kind)
        continue
      }
      builds[i].decodes.append(kind)
      for violation in contract.validate(kind: kind, payload: payload) {
        builds[i].rejections.append(
          ClientRejection(
            build: contract.build, kind: kind, violation: violation, position: position))
      }
    }
  }

  /// Checks one entry, reading its payload's canonical text.
  public mutating func add(_ entry: CatalogEntry, position: SourcePosition?) throws {
    add(kind: entry.kind, payload: try entry.payload.value(), position: position)
  }
}

import Components

/// For every retained app build, what it makes of a catalog's entries: the kinds it
/// decodes, the kinds it does not know, and every entry whose payload its contract rejects
/// (`catalog clients`, `check --clients`).
///
/// Each payload is read once and validated once per distinct shape among the builds that
/// decode its kind (``BuildShapes``: builds that share a kind's shape share its check), so the
/// time is linear in the entries' size times the number of distinct shapes.
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
  ///
  /// - Throws: ``SHA256Error`` when the system's SHA-256 fails while indexing them.
  public init(contracts: [RecordedContract]) throws {
    self.init(shapes: try BuildShapes(contracts: contracts))
  }

  /// A matrix of the builds of `shapes` with no entry checked yet.
  init(shapes: BuildShapes) {
    self.shapes = shapes
    self.builds = shapes.builds.map { Build(build: $0.build, app: $0.app, version: $0.version) }
  }

  private let shapes: BuildShapes

  /// Every rejection of every build, entry by entry.
  public var rejections: [ClientRejection] { builds.flatMap(\.rejections) }

  /// Checks one entry against every build: the payload is validated once per distinct shape
  /// and kind table among the builds, and each build that reads it so gets the violations.
  public mutating func add(kind: String, payload: JSONValue, position: SourcePosition?) {
    let shapes = shapes
    add(kind: kind, position: position) { shapes.validate(shape: $0, table: $1, payload: payload) }
  }

  /// Checks one entry, reading its payload's canonical text: as bytes, and as a tree only
  /// for a shape that refuses it (``BuildShapes/validate(shape:table:text:)``).
  ///
  /// - Throws: ``JSONDiagnostic`` when a payload that a shape refuses cannot be read.
  public mutating func add(_ entry: CatalogEntry, position: SourcePosition?) throws {
    let shapes = shapes
    try add(kind: entry.kind, position: position) { (shape, table) throws(JSONDiagnostic) in
      try shapes.validate(shape: shape, table: table, text: entry.payload)
    }
  }

  /// ``add(kind:payload:position:)`` with the violations of a shape and kind table given by
  /// `violations`, called once for each distinct pair.
  private mutating func add<Failure: Error>(
    kind: String, position: SourcePosition?,
    violations validate: (_ shape: Int, _ table: Int) throws(Failure) -> [ShapeViolation]
  ) throws(Failure) {
    entries += 1
    // What this entry gave, by kind table: the shape (nil: unknown kind), then, by shape and
    // table, the violations. A handful of builds: linear searches.
    var shapeOfTable: [(table: Int, shape: Int?)] = []
    var checked: [(table: Int, shape: Int, violations: [ShapeViolation])] = []
    for (i, build) in shapes.builds.enumerated() {
      let number: Int?
      if let known = shapeOfTable.first(where: { $0.table == build.table }) {
        number = known.shape
      } else {
        number = shapes.shapeNumber(build: i, kind: kind)
        shapeOfTable.append((build.table, number))
      }
      guard let number else {
        builds[i].unknown.append(kind)
        continue
      }
      builds[i].decodes.append(kind)
      let violations: [ShapeViolation]
      if let known = checked.first(where: { $0.table == build.table && $0.shape == number }) {
        violations = known.violations
      } else {
        violations = try validate(number, build.table)
        checked.append((build.table, number, violations))
      }
      for violation in violations {
        builds[i].rejections.append(
          ClientRejection(
            build: build.build, kind: kind, violation: violation, position: position))
      }
    }
  }
}

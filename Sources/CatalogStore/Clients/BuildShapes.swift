import Components

/// The shapes a set of app builds decode, kind by kind, each distinct shape read once: what
/// the gate (``ClientMatrix``, the write gate) and the policies (``ContractReaders``) consult.
///
/// Made from the builds' stored ``ContractShapeIndex``es (schema 0011), so a check reads one
/// index text per distinct index and parses one schema per distinct shape, not every
/// build's whole `contract.json`. Builds with equal indexes (equal SHA-256 of the text) share
/// one kind table; shapes with equal schema digests are one ``Shape``, so a payload is
/// validated once per distinct shape and kind table, whatever the number of builds.
struct BuildShapes: Sendable {
  /// One build: its name and the number of its kind table in ``tables``.
  struct Build: Sendable {
    var build: String
    var app: String
    var version: String
    var table: Int
  }

  /// The builds, sorted by app, then version.
  var builds: [Build]
  /// Each distinct kind table: a kind → the number of its shape in ``shapes``.
  var tables: [[ComponentKind: Int]]
  /// Each distinct shape.
  var shapes: [Shape]
  /// Each shape laid out for checking canonical text, ``shapes``' numbers.
  var compiled: [CompiledShape]

  /// No build.
  static let none = BuildShapes(builds: [], tables: [], shapes: [])

  private init(builds: [Build], tables: [[ComponentKind: Int]], shapes: [Shape]) {
    self.builds = builds
    self.tables = tables
    self.shapes = shapes
    self.compiled = shapes.map(CompiledShape.init)
  }

  /// The shapes of `contracts`, indexed here (a build being recorded, or a test's).
  init(contracts: [RecordedContract]) throws {
    var indexes: [(app: String, version: String, index: ContractShapeIndex)] = []
    for contract in contracts {
      indexes.append(
        (contract.app, contract.version, try ContractShapeIndex(contract: contract.contract)))
    }
    try self.init(indexes: indexes.map { ($0.app, $0.version, .built($0.index)) })
  }

  /// Where a build's index comes from.
  enum Source {
    /// Stored, by its digest: read once per digest.
    case stored(SHA256Digest)
    /// Made from the contract.
    case built(ContractShapeIndex)
  }

  /// The shapes of builds whose indexes are given or stored in `context`.
  init(
    indexes: [(app: String, version: String, source: Source)],
    in context: (any CatalogReadContext)? = nil
  ) throws {
    var builds: [Build] = []
    var tables: [[ComponentKind: Int]] = []
    var shapes: [Shape] = []
    var tableOfDigest: [SHA256Digest: Int] = [:]
    var shapeOfDigest: [SHA256Digest: Int] = [:]
    func addTable(_ index: ContractShapeIndex) throws -> Int {
      var numbers: [Int] = []
      numbers.reserveCapacity(index.shapes.count)
      for stored in index.shapes {
        if let number = shapeOfDigest[stored.digest] {
          numbers.append(number)
          continue
        }
        let shape: Shape
        do {
          shape = try Shape(schema: try JSONValue(parsing: stored.schema))
        } catch {
          throw CatalogError.database(
            .inconsistent("a stored contract index holds an unreadable shape: \(error)"))
        }
        shapeOfDigest[stored.digest] = shapes.count
        numbers.append(shapes.count)
        shapes.append(shape)
      }
      var table: [ComponentKind: Int] = [:]
      table.reserveCapacity(index.kinds.count)
      for (kind, shape) in index.kinds { table[kind] = numbers[shape] }
      tables.append(table)
      return tables.count - 1
    }
    for (app, version, source) in indexes {
      let table: Int
      switch source {
      case .stored(let digest):
        if let known = tableOfDigest[digest] {
          table = known
        } else {
          guard let body = try context?.contractIndexBody(digest) else {
            throw CatalogError.database(
              .inconsistent("the contract index \(digest.hex) of \(app)@\(version) is missing"))
          }
          table = try addTable(try ContractShapeIndex(body: body))
          tableOfDigest[digest] = table
        }
      case .built(let index):
        let digest = try index.digest
        if let known = tableOfDigest[digest] {
          table = known
        } else {
          table = try addTable(index)
          tableOfDigest[digest] = table
        }
      }
      builds.append(Build(build: "\(app)@\(version)", app: app, version: version, table: table))
    }
    self.init(builds: builds, tables: tables, shapes: shapes)
  }

  /// The builds retained at `revision` (recorded and not retired then), each from its stored
  /// index; a build recorded before schema 0011 has none and is indexed from its contract.
  static func retained(in context: any CatalogReadContext, upTo revision: Int64) throws
    -> BuildShapes
  {
    let events = try context.contractEventSummaries()
    guard !events.isEmpty else { return .none }
    let retained = Catalog.retainedRecordEvents(in: events, upTo: revision)
    guard !retained.isEmpty else { return .none }
    let digests = try context.contractIndexDigests()
    var unindexed: [Int64: ContractEvent] = [:]
    if retained.contains(where: { digests[$0.id] == nil }) {
      for event in try context.contractEvents() { unindexed[event.id] = event }
    }
    var indexes: [(app: String, version: String, source: Source)] = []
    for event in retained {
      if let digest = digests[event.id] {
        indexes.append((event.app, event.version, .stored(digest)))
        continue
      }
      guard let bytes = unindexed[event.id]?.contract else {
        throw CatalogError.database(.inconsistent("contract event \(event.id) has no contract"))
      }
      let contract = try AppContract(stored: bytes, event: event.id)
      indexes.append((event.app, event.version, .built(try ContractShapeIndex(contract: contract))))
    }
    return try BuildShapes(indexes: indexes, in: context)
  }

  var isEmpty: Bool { builds.isEmpty }

  /// The number of the shape `build` decodes `kind` with; nil when it does not know the kind.
  func shapeNumber(build: Int, kind: ComponentKind) -> Int? {
    tables[builds[build].table][kind]
  }

  /// The shape kind table `table` decodes `kind` with, for nested components.
  func shape(table: Int, kind: ComponentKind) -> Shape? {
    tables[table][kind].map { shapes[$0] }
  }

  /// The places where build `build` cannot decode an entry of `kind` with `payload`, given
  /// that it knows the kind (``AppContract/validate(kind:payload:)``).
  func validate(shape number: Int, table: Int, payload: JSONValue) -> [ShapeViolation] {
    shapes[number].validate(payload) { shape(table: table, kind: $0) }
  }

  /// ``validate(shape:table:payload:)`` of a payload's canonical text: the text is checked
  /// as bytes (``CompiledShape``), and only a payload that does not decode is made a tree,
  /// for the violations' pointers and words.
  ///
  /// - Throws: ``JSONDiagnostic`` when the text, refused as bytes, cannot be read as a value.
  func validate(shape number: Int, table: Int, text: JSONText) throws(JSONDiagnostic)
    -> [ShapeViolation]
  {
    let tables = tables
    let compiled = compiled
    let accepted = compiled[number].accepts(text) { kind in
      tables[table][kind].map { compiled[$0] }
    }
    if accepted { return [] }
    return validate(shape: number, table: table, payload: try text.value())
  }
}

import Components

extension Catalog {
  /// The client matrix of the catalog at `reference`: every build retained then, against
  /// the entries present then (`catalog clients --at REF`).
  ///
  /// - Parameter builds: The builds to check instead (a build being recorded).
  public func clientMatrix(
    at reference: RevisionReference = .head, builds: [RecordedContract]? = nil
  ) throws -> ClientMatrix {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      var matrix = ClientMatrix(
        shapes: try builds.map(BuildShapes.init(contracts:))
          ?? BuildShapes.retained(in: context, upTo: revision))
      try context.forEachEntry(at: revision) { version in
        try matrix.add(version.entry, position: nil)
      }
      return matrix
    }
  }

  /// The client matrix of a file's entries against the builds retained at head (`catalog
  /// clients FILE`, `check FILE --clients`).
  ///
  /// - Parameter positions: Where each entry starts in its file, for the findings.
  public func clientMatrix(of entries: [CatalogEntry], positions: [SourcePosition]? = nil)
    throws -> ClientMatrix
  {
    let shapes = try storage.read { context in
      try BuildShapes.retained(in: context, upTo: try context.headRevision())
    }
    var matrix = ClientMatrix(shapes: shapes)
    for (i, entry) in entries.enumerated() {
      try matrix.add(entry, position: positions.flatMap { i < $0.count ? $0[i] : nil })
    }
    return matrix
  }
}

extension Catalog {
  /// Every stored state of every component, at every revision, that `build` rejects, with
  /// the revision that wrote it (`contract record --history`).
  public func historyRejections(of build: RecordedContract) throws -> (
    rejections: [(revision: Int64, rejection: ClientRejection)], revisions: Int64
  ) {
    try storage.read { context in
      var found: [(revision: Int64, rejection: ClientRejection)] = []
      let shapes = try BuildShapes(contracts: [build])
      try context.forEachVersion { version in
        guard version.change != .removed else { return }
        var matrix = ClientMatrix(shapes: shapes)
        try matrix.add(version.entry, position: nil)
        found += matrix.rejections.map { (version.revision, $0) }
      }
      return (found, try context.headRevision())
    }
  }
}

extension PlannedWrite {
  /// The write gate of the app contracts (mode `CLIENTS`, docs/policies.md): every entry the
  /// write adds or changes, checked against every build retained at head, inside the write;
  /// throws the refusal unless the write allows breaking changes.
  func clientRejections(
    source: String, options: WriteOptions, in context: any CatalogReadContext
  ) throws -> [ClientRejection] {
    let retained = try BuildShapes.retained(in: context, upTo: try context.headRevision())
    guard !retained.isEmpty else { return [] }
    var matrix = ClientMatrix(shapes: retained)
    for subject in try policySubjects(context: context) {
      guard let new = subject.new else { continue }
      try matrix.add(new, position: subject.position)
    }
    let rejections = matrix.rejections
    if !rejections.isEmpty, options.allowBreaking == nil {
      throw ClientRefusal(source: source, rejections: rejections)
    }
    return rejections
  }
}

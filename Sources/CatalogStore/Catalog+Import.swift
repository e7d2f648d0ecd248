import Components
import Foundation

extension Catalog {
  /// Imports a components.json document as one new revision.
  ///
  /// The document is streamed: each entry is validated, compared with head and its payload
  /// stored as it is read; its frame (its form and its top-level members other than
  /// `components`) is compared with head's and recorded with the revision when it differs, inside one transaction that holds the writer lock. Any problem in
  /// the document rolls the whole transaction back, so the catalog is untouched, and every
  /// problem found is reported together. When nothing differs from head, nothing is written.
  ///
  /// - Parameters:
  ///   - source: the document.
  ///   - options: author, message, `expectHead`, `dryRun`.
  ///   - prune: remove kinds that the document lacks (otherwise they are kept and listed).
  ///   - limits: nesting depth and size limits for the document.
  ///   - progress: called every few thousand entries.
  ///   - formerNames: what to do with an entry that uses a name the catalog renamed
  ///     (``FormerName``): refused by default, with the names, as located diagnostics.
  /// - Throws: ``CatalogError``.
  @discardableResult
  public func importDocument(
    from source: DocumentSource, options: WriteOptions, prune: Bool = false,
    limits: DocumentLimits = DocumentLimits(), formerNames: FormerNames = .refuse,
    progress: ((ImportProgress) -> Void)? = nil
  ) throws -> WriteResult {
    try options.validate()
    // A stream is read and validated before the writer's lock is taken (docs/reliability.md).
    let source = try source.readingAhead(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
    return try sealedWrite { context in
      let head = try context.headRevision()
      try Self.check(options.expectHead, head: head)
      // A catalog with no revisions has nothing to compare with: the planner's first-import
      // mode (a dry run plans against the empty head instead, writing nothing).
      let planned: PlannedWrite
      if head == 0 && !options.dryRun {
        planned = try Self.planFirstImport(
          from: source, limits: limits, progress: progress, in: context)
      } else {
        // Head's rows and payloads are read once each, in order: a page cache of a megabyte
        // serves that as well as the engine's usual one, whose fresh pages the kernel would
        // fault in one by one. The write after the plan has the usual cache again.
        planned = try withPageCacheLimit(kibibytes: Self.planningPageCacheKiB) {
          try Self.planAgainstHead(
            head, from: source, options: options, prune: prune, limits: limits,
            formerNames: formerNames, progress: progress, in: context)
        }
        if formerNames == .refuse, !planned.result.formerNames.isEmpty {
          throw CatalogError.invalidDocument(
            source: source.name,
            JSONDiagnostics(
              planned.result.formerNames.map {
                Self.diagnostic(for: $0, bareArray: planned.recordsBareArray)
              }))
        }
      }
      return try RevisionWriter(context: context).write(
        planned, options: options, source: source.name, operation: "import")
    }
  }

  /// The plan of a first import: every entry added, handed to the engine's stream as it is
  /// read.
  private static func planFirstImport(
    from source: DocumentSource, limits: DocumentLimits,
    progress: ((ImportProgress) -> Void)?, in context: any CatalogWriteContext
  ) throws -> PlannedWrite {
    var planned: PlannedWrite?
    try source.withReader(maxDepth: limits.maxDepth, maxSize: limits.maxSize) { reader, total in
      // Order keys are spaced for as many entries as the document could hold.
      let revision: Int64 = 1
      var planner = ChangePlanner(
        firstImportInto: try context.streamAddedEntries(
          revision: revision,
          capacity: DocumentLimits.maximumEntries(
            inDocumentOf: min(total ?? limits.maxSize, limits.maxSize))),
        revision: revision)
      defer { planner.cancel() }
      let document = CatalogDocumentReader(reader)
      // Entries stay bytes from the file to the database (see RawCatalogEntry), each taken
      // from the reader, not copied (see exchangeCurrentRaw).
      var entry = RawCatalogEntry()
      do {
        while try document.nextRaw() {
          document.exchangeCurrentRaw(with: &entry)
          try planner.add(entry, context: context)
          if let progress, planner.entryCount % 4096 == 0 {
            progress(
              ImportProgress(
                entries: planner.entryCount, bytesRead: document.bytesConsumed,
                totalBytes: total))
          }
        }
      } catch let diagnostics as JSONDiagnostics {
        throw CatalogError.invalidDocument(source: source.name, diagnostics)
      }
      // Every kind, from the reader's duplicate check (kind `i` is entry `i`'s); the reader
      // forgets them, and its table's hash slots go before the import's last work.
      planner.firstImportKinds = document.takeKinds().map {
        var kinds = $0.strings
        kinds.trimCapacity()
        return kinds
      }
      planned = try planner.plan(prune: false, head: 0)
      // The frame is complete once the document is: it is kept when it differs from
      // head's (by bytes), as an entry is.
      let frame = document.frame
      if try frame != context.documentFrame(at: 0) {
        planned?.changeFrame(to: frame)
      }
    }
    guard let planned else {
      throw CatalogError.internalError("the document was not read")
    }
    return planned
  }

  /// The plan of an import into a catalog with a head (or of a dry run): each entry compared
  /// with head's.
  ///
  /// The document is read on a thread of its own (``DocumentReadAhead``) while this one
  /// reads head's rows and then compares the entries as they come; only this thread uses
  /// `context`. The reading thread starts before head is read and looks kinds up in its
  /// own table until head's kinds are handed to it, then in head's.
  private static func planAgainstHead(
    _ head: Int64, from source: DocumentSource, options: WriteOptions, prune: Bool,
    limits: DocumentLimits, formerNames: FormerNames, progress: ((ImportProgress) -> Void)?,
    in context: any CatalogWriteContext
  ) throws -> PlannedWrite {
    let document = DocumentReadAhead(source: source, limits: limits)
    document.start()
    defer { document.cancel() }
    var index = try context.revisionIndex(at: head)
    // The reader's duplicate check looks kinds up in head's, which the planner then uses.
    document.useKnownKinds(index.knownKinds())
    var planner = ChangePlanner(index: index, storesPayloads: !options.dryRun)
    planner.keepsDeprecations = true
    planner.formerNames = formerNames
    planner.formerNamesHead = head
    defer { planner.cancel() }
    while let batch = try document.next() {
      for entry in 0..<batch.count {
        try batch.withEntry(entry) { try planner.add($0, context: context) }
        if let progress, planner.entryCount % 4096 == 0 {
          progress(
            ImportProgress(
              entries: planner.entryCount, bytesRead: batch.bytesConsumed,
              totalBytes: document.totalBytes))
        }
      }
      document.recycle(batch)
    }
    var planned = try planner.plan(prune: prune, head: head)
    // The frame is complete once the document is: it is kept when it differs from head's
    // (by bytes), as an entry is.
    guard let frame = document.frame else {
      throw CatalogError.internalError("the document was not read")
    }
    if try frame != context.documentFrame(at: head) {
      planned.changeFrame(to: frame)
    }
    planned.recordsBareArray = frame.form == .array
    return planned
  }

  /// The located refusal of an entry that uses a former name: where its `kind` is, what the
  /// catalog renamed it to and when, and the ways on.
  static func diagnostic(for use: FormerName, bareArray: Bool) -> JSONDiagnostic {
    let entry = bareArray ? JSONPointer([]) : JSONPointer(["components"])
    return JSONDiagnostic(
      .invalidDocument, at: use.position ?? SourcePosition(line: 1, column: 1, offset: 0),
      pointer: entry.appending(use.entryIndex).appending("kind"),
      "\(use.description); the file still uses the old name (--follow-renames applies the "
        + "entry to \(JSONValue.string(use.currentKind).canonicalText), --allow-former-names "
        + "adds it as a new component, or rename it in the file)")
  }

  /// The page cache while an import against head reads head (``withPageCacheLimit(kibibytes:_:)``).
  static let planningPageCacheKiB = 1024

  static func check(_ expectHead: Int64?, head: Int64) throws {
    if let expectHead, expectHead != head {
      throw CatalogError.headMismatch(head: head, expected: expectHead)
    }
  }
}

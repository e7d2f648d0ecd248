import Components
import Foundation

extension Catalog {
  /// Writes a new revision whose catalog equals the one at `reference`, its document frame
  /// (form and top-level members) included.
  ///
  /// History only moves forward: the revisions since `reference` stay, and a kind that comes
  /// back continues its own history. A component renamed since `reference` is renamed back:
  /// the same component, its history kept.
  @discardableResult
  public func restore(_ reference: RevisionReference, options: WriteOptions) throws -> WriteResult {
    try options.validate()
    return try sealedWrite { context in
      let head = try context.headRevision()
      try Self.check(options.expectHead, head: head)
      let target = try reference.resolve(in: context)
      var entries: [CatalogEntry] = []
      var components: [Int64] = []
      try context.forEachEntry(at: target) {
        entries.append($0.entry)
        components.append($0.componentID)
      }
      let index = try context.revisionIndex(at: head)
      var slotOfComponent: [Int64: Int] = [:]
      for slot in 0..<index.count { slotOfComponent[index.componentID(slot)] = slot }
      var renames: [BytewiseString: Int] = [:]
      var returning: [BytewiseString: Int64] = [:]
      for (entry, component) in zip(entries, components) {
        guard let slot = slotOfComponent[component] else {
          returning[BytewiseString(entry.kind)] = component
          continue
        }
        if !index.kind(slot).hasSameBytes(as: entry.kind) {
          renames[BytewiseString(entry.kind)] = slot
        }
      }
      return try Self.replaceCatalog(
        with: entries, in: context, head: head, options: options,
        source: "restore \(reference)", operation: "restore", renames: renames,
        returning: returning, frame: try context.documentFrame(at: target))
    }
  }

  /// Writes a new revision whose catalog is exactly `entries`, in that order: kinds not in
  /// `entries` are removed. This is how `catalog patch` lands a patched document.
  @discardableResult
  public func replaceCatalog(
    with entries: [CatalogEntry], options: WriteOptions, source: String, operation: String
  ) throws -> WriteResult {
    try options.validate()
    return try sealedWrite { context in
      let head = try context.headRevision()
      try Self.check(options.expectHead, head: head)
      return try Self.replaceCatalog(
        with: entries, in: context, head: head, options: options, source: source,
        operation: operation)
    }
  }

  /// Reads head, lets `transform` compute the new catalog from it, and writes the result as
  /// one revision based on that head. This is how `catalog patch` applies an RFC 6902 patch
  /// to the head document.
  ///
  /// Head is read in a read transaction and `transform` runs outside any lock, so a long
  /// patch never makes other writers wait; the write then checks that head has not moved.
  /// If another write landed meanwhile, `transform` runs again on the new head, after a
  /// short pause that doubles each time (2, 4, 8 ms); the last of
  /// ``updateAttempts`` attempts reads head and runs `transform` under the writer lock, so
  /// a steady stream of small writes can delay an update but never starve it. A result
  /// computed on a moved head lands only if it makes the same changes (kinds, pointers,
  /// old and new values; ``UpdateEffect``) as on the head first read: a patch whose index
  /// now names another kind, or whose change would overwrite another writer's value, is
  /// refused. With `expectHead`, a moved head is refused at once, as every write does.
  ///
  /// - Throws: ``CatalogError/headMoved(from:to:_:)`` when `transform` fails on a moved
  ///   head or makes other changes there; ``CatalogError/headMismatch(head:expected:)``
  ///   for a stale `expectHead`; what `transform` throws on the first head.
  @discardableResult
  public func update(
    options: WriteOptions, source: String, operation: String,
    _ transform: ([CatalogEntry]) throws -> [CatalogEntry]
  ) throws -> WriteResult {
    try update(options: options, source: source, operation: operation) { entries, frame in
      (try transform(entries), frame)
    }
  }

  /// How many times ``update(options:source:operation:_:)`` computes its result: the last
  /// time under the writer lock.
  public static let updateAttempts = 4

  /// ``update(options:source:operation:_:)`` of the whole document: `transform` gets head's
  /// entries and document frame and gives the new ones.
  @discardableResult
  public func update(
    options: WriteOptions, source: String, operation: String,
    _ transform: ([CatalogEntry], DocumentFrame) throws -> ([CatalogEntry], DocumentFrame)
  ) throws -> WriteResult {
    try options.validate()
    typealias Document = (entries: [CatalogEntry], frame: DocumentFrame)
    // The first head and what `transform` made of it, to compare a later attempt with.
    var first: (head: Int64, read: Document, result: Document)?
    var firstEffect: UpdateEffect?
    // The head of the attempt computed last.
    var computedOn: Int64 = 0
    func compute(head: Int64, _ read: Document) throws -> Document {
      try Self.check(options.expectHead, head: head)
      computedOn = head
      guard let base = first else {
        let result = try transform(read.entries, read.frame)
        first = (head, read, result)
        return result
      }
      let result: Document
      do {
        result = try transform(read.entries, read.frame)
      } catch let error as CatalogError {
        throw CatalogError.headMoved(from: base.head, to: head, .noLongerApplies(error))
      }
      let expected =
        try firstEffect
        ?? UpdateEffect(
          from: base.read.entries, base.read.frame, to: base.result.entries, base.result.frame)
      firstEffect = expected
      let effect = try UpdateEffect(
        from: read.entries, read.frame, to: result.entries, result.frame)
      guard effect == expected else {
        throw CatalogError.headMoved(
          from: base.head, to: head, .changesDiffer(effect.difference(from: expected)))
      }
      return result
    }
    func readHead(_ context: any CatalogReadContext) throws -> (Int64, Document) {
      let head = try context.headRevision()
      var current: [CatalogEntry] = []
      try context.forEachEntry(at: head) { current.append($0.entry) }
      return (head, (current, try context.documentFrame(at: head)))
    }
    for attempt in 0..<(Self.updateAttempts - 1) {
      if attempt > 0 { Thread.sleep(forTimeInterval: 0.001 * Double(1 << attempt)) }
      let (head, read) = try storage.read { try readHead($0) }
      let result = try compute(head: head, read)
      try options.beforeUpdateCommit?(attempt)
      let written: WriteResult? = try sealedWrite { context in
        guard try context.headRevision() == head else { return .rollback(nil) }
        switch try Self.replaceCatalog(
          with: result.entries, in: context, head: head, options: options, source: source,
          operation: operation, frame: result.frame)
        {
        case .commit(let result): return .commit(result)
        case .rollback(let result): return .rollback(result)
        }
      }
      if var written {
        if let base = first, base.head != computedOn { written.rebase = (base.head, computedOn) }
        return written
      }
    }
    // The last attempt reads and computes under the writer lock: nothing can land between.
    Thread.sleep(forTimeInterval: 0.001 * Double(1 << (Self.updateAttempts - 1)))
    var written: WriteResult = try sealedWrite { context in
      let (head, read) = try readHead(context)
      let result = try compute(head: head, read)
      return try Self.replaceCatalog(
        with: result.entries, in: context, head: head, options: options, source: source,
        operation: operation, frame: result.frame)
    }
    if let base = first, base.head != computedOn { written.rebase = (base.head, computedOn) }
    return written
  }

  /// Writes `entries` as the whole catalog; `renames` (desired kind → head slot) carries
  /// components to new kinds, `returning` (desired kind → component absent at head) brings
  /// components back; `frame`, when given, is the document frame the catalog gets
  /// (recorded when it differs from head's).
  static func replaceCatalog(
    with entries: [CatalogEntry], in context: any CatalogWriteContext, head: Int64,
    options: WriteOptions, source: String, operation: String,
    renames: [BytewiseString: Int] = [:], returning: [BytewiseString: Int64] = [:],
    frame: DocumentFrame? = nil
  ) throws -> WriteDecision<WriteResult> {
    var planner = ChangePlanner(
      index: try context.revisionIndex(at: head), storesPayloads: !options.dryRun)
    planner.renames = renames
    planner.returning = returning
    try planner.add(all: entries, whose: "the resulting catalog", context: context)
    var planned = try planner.plan(prune: true, head: head)
    if let frame, try frame != context.documentFrame(at: head) {
      planned.changeFrame(to: frame)
    }
    return try RevisionWriter(context: context).write(
      planned, options: options, source: source, operation: operation)
  }

  /// Renames a kind in a new revision. Its history (log, blame) follows it.
  @discardableResult
  public func rename(_ old: String, to new: String, options: WriteOptions) throws -> WriteResult {
    guard !new.isEmpty else { throw CatalogError.request(.emptyNewKind) }
    return try modify(old, options: options, source: "rename \(old) \(new)", operation: "rename") {
      entry, index, _, _ in
      if old.hasSameBytes(as: new) { return entry }
      // Another kind equal up to Unicode normalization would make the export unreadable
      // (the document reader refuses such a pair); another spelling of this kind is a rename.
      if let existing = index[new], !existing.kind.hasSameBytes(as: old) {
        throw CatalogError.request(.kindExists(old: old, new: new))
      }
      var renamed = entry
      renamed.kind = new
      return renamed
    }
  }

  /// Marks an entry deprecated (or not) in a new revision: the entry stays in the catalog
  /// and its exports gain `"deprecated": true`.
  ///
  /// A `"deprecated": false` the entry was given is the user's text, not an absence: deprecate
  /// turns it to `true` where it stands, and undeprecate gives back what the entry said
  /// before it was deprecated (`false` in place, or no member), read from its history.
  @discardableResult
  public func setDeprecated(_ kind: String, _ deprecated: Bool, options: WriteOptions) throws
    -> WriteResult
  {
    try modify(
      kind, options: options, source: "\(deprecated ? "deprecate" : "undeprecate") \(kind)",
      operation: deprecated ? "deprecate" : "undeprecate"
    ) { entry, _, component, context in
      guard !deprecated else { return entry.settingDeprecated(true) }
      // The newest state before the current run of deprecated ones.
      let before = try context.versions(ofComponent: component).last {
        $0.change != .removed && !$0.entry.isDeprecated
      }
      return entry.settingDeprecated(
        false, writtenFalse: before?.entry[extra: "deprecated"] != nil)
    }
  }

  /// Rewrites one head entry, keeping the rest of the catalog as it is.
  private func modify(
    _ kind: String, options: WriteOptions, source: String, operation: String,
    _ change: (
      CatalogEntry, RevisionIndex, _ component: Int64, any CatalogReadContext
    ) throws -> CatalogEntry
  ) throws -> WriteResult {
    try options.validate()
    return try sealedWrite { context in
      let head = try context.headRevision()
      try Self.check(options.expectHead, head: head)
      var index = try context.revisionIndex(at: head)
      var name = kind
      // The kind as given, byte for byte: an NFD spelling does not name an NFC kind.
      let match = name.withUTF8 { index.slot(of: UnsafeRawBufferPointer($0)) }
      guard let targetSlot = match else {
        _ = try Self.version(of: kind, at: head, in: context)  // throws, saying when it existed
        throw CatalogError.unknownKind(kind: kind, detail: "at head")
      }
      let target = index.entry(targetSlot)
      let current = try EntryCodec.entry(
        kind: target.kind, category: target.category, description: target.description,
        payload: try context.payload(target.payloadID), extra: target.extra,
        keyOrder: target.keyOrder)
      let updated = try change(current, index, index.componentID(targetSlot), context)
      var planner = ChangePlanner(index: index, storesPayloads: !options.dryRun)
      if !updated.kind.hasSameBytes(as: kind) {
        planner.renames[BytewiseString(updated.kind)] = targetSlot
      }
      for slot in planner.slotsInPositionOrder().map(Int.init) {
        if slot == targetSlot {
          try planner.add(updated, context: context)
        } else {
          planner.keep(slot)
        }
      }
      return try RevisionWriter(context: context).write(
        try planner.plan(prune: false, head: head), options: options, source: source,
        operation: operation)
    }
  }
}

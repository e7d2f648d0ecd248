import CatalogStorage
import Components

extension Catalog {
  /// Writes the catalog as it was at `reference` as components.json, in chunks.
  ///
  /// The bytes are exactly those `export` printed when that revision was head: the same
  /// catalog always exports the same bytes. The document has the revision's frame: its form
  /// and its top-level members besides `components`, in place (a category's export too).
  ///
  /// - Parameters:
  ///   - reference: the revision (head by default).
  ///   - categories: only entries in these categories (all when empty).
  ///   - progress: called with the number of entries written so far, every 4,096 entries
  ///     (a progress display).
  ///   - write: receives the document in order, a chunk at a time.
  /// - Returns: the number of entries written.
  @discardableResult
  public func export(
    at reference: RevisionReference = .head, categories: [String] = [],
    progress: ((Int) -> Void)? = nil, into write: ([UInt8]) throws -> Void
  ) throws -> Int {
    // Categories compare by bytes, as kinds do: an NFC and an NFD spelling are two categories.
    let wanted = Set(categories.map(BytewiseString.init))
    return try storage.read { context in
      try Self.export(
        at: try reference.resolve(in: context), in: context, categories: wanted,
        progress: progress, into: write)
    }
  }

  /// The export of `revision` inside a read: the one place that puts a document together
  /// from the rows in force (``export(atEach:into:)`` uses it and ``append(_:to:)`` too).
  @discardableResult
  private static func export(
    at revision: Int64, in context: any CatalogReadContext, categories wanted: Set<BytewiseString>,
    progress: ((Int) -> Void)? = nil, into write: ([UInt8]) throws -> Void
  ) throws -> Int {
    var writer = CatalogDocumentWriter(frame: try context.documentFrame(at: revision))
    var count = 0
    try context.forEachEntryRow(at: revision, .inExportOrder) { stored in
      guard
        wanted.isEmpty
          || wanted.contains(BytewiseString(String(decoding: stored.category, as: UTF8.self)))
      else { return }
      try append(stored, to: &writer)
      count += 1
      if let progress, count % 4096 == 0 { progress(count) }
      if writer.output.count >= 1 << 20 { try writer.flush(into: write) }
    }
    writer.close()
    try writer.flush(into: write)
    return count
  }

  /// Appends a stored row as an entry of an export. Entries stay bytes from the database to
  /// the output unless they carry members besides the standard four, or those in another
  /// order.
  ///
  /// The copy that indents the payload is also its only check (a payload is not parsed on
  /// the way out): text that is not canonical JSON, or nests past the reader's limit, is a
  /// damaged catalog.
  ///
  /// - Throws: ``CatalogError/database(_:)`` with ``DatabaseProblem/Code/damaged`` naming
  ///   the entry.
  private static func append(_ stored: EntryRow, to writer: inout CatalogDocumentWriter) throws {
    do {
      if stored.extra == nil && stored.keyOrder == nil {
        try writer.append(
          kind: stored.kind, category: stored.category, description: stored.description,
          payload: stored.payload)
      } else {
        try writer.append(checking: try EntryCodec.decode(stored, checkingPayload: false).entry)
      }
    } catch let error as CanonicalTextError {
      throw CatalogError.database(
        .damagedPayload(
          kind: String(decoding: stored.kind, as: UTF8.self), revision: stored.revision, error))
    }
  }

  /// Writes the catalog as it was at each of `references`, document `d` to `write(d, …)` in
  /// chunks: for each, the bytes ``export(at:categories:into:)`` writes, from one read of the
  /// stored versions instead of one read per revision (a site's release manifests).
  ///
  /// An entry version in force at several of the revisions is written once, and its bytes
  /// copied into the other documents (``CatalogDocumentWriter/appendLastEntry(of:)``). The
  /// one pass delivers the entries in component order, so it serves a revision whose export
  /// order is component order (entries never moved nor inserted between others: what
  /// imports make); any other revision is exported on its own afterwards, in the same
  /// snapshot. Memory: the (component, revision) pairs in force at each revision, and a
  /// buffer of up to `chunk` bytes per document.
  public func export(
    atEach references: [RevisionReference], chunk: Int = 256 << 10,
    into write: (Int, [UInt8]) throws -> Void
  ) throws {
    try storage.read { context in
      let revisions = try references.map { try $0.resolve(in: context) }
      var writers: [CatalogDocumentWriter] = []
      var inForce: [[VersionKey]?] = []
      for revision in revisions {
        writers.append(
          CatalogDocumentWriter(frame: try context.documentFrame(at: revision), capacity: 0))
        inForce.append(try Self.versionsInComponentOrder(at: revision, in: context))
      }
      let streamed = revisions.indices.filter { inForce[$0] != nil }
      if let newest = streamed.map({ revisions[$0] }).max() {
        var cursors = [Int](repeating: 0, count: revisions.count)
        var written: [Int] = []
        try context.forEachVersionRow(byComponentUpTo: newest) { stored in
          written.removeAll(keepingCapacity: true)
          for d in streamed {
            guard let versions = inForce[d], cursors[d] < versions.count,
              versions[cursors[d]].component == stored.componentID,
              versions[cursors[d]].revision == stored.revision
            else { continue }
            cursors[d] += 1
            if let first = written.first {
              let source = writers[first]
              if !writers[d].appendLastEntry(of: source) {
                try Self.append(stored, to: &writers[d])
              }
            } else {
              try Self.append(stored, to: &writers[d])
            }
            written.append(d)
          }
          for d in written where writers[d].output.count >= chunk {
            try writers[d].flush { try write(d, $0) }
          }
        }
        for d in streamed {
          guard cursors[d] == inForce[d]?.count else {
            throw CatalogError.database(
              .inconsistent("an entry version in force at revision \(revisions[d]) is missing"))
          }
          writers[d].close()
          try writers[d].flush { try write(d, $0) }
        }
      }
      writers.removeAll()
      for d in revisions.indices where inForce[d] == nil {
        try Self.export(at: revisions[d], in: context, categories: []) { try write(d, $0) }
      }
    }
  }

  /// An entry version: its component and the revision that wrote it.
  private struct VersionKey {
    var component: Int64
    var revision: Int64
  }

  /// The entry versions in force at `revision` in component order, when that is also their
  /// export order (order key, then component); nil when it is not.
  private static func versionsInComponentOrder(
    at revision: Int64, in context: any CatalogReadContext
  ) throws -> [VersionKey]? {
    var keys: [(version: VersionKey, position: Int)] = []
    var positions = ByteStrings()
    try context.forEachEntryRow(at: revision, .keys) { row in
      keys.append(
        (
          VersionKey(component: row.componentID, revision: row.revision),
          positions.append(row.orderKey)
        ))
    }
    // Engines read them in any order (SQLite newest component first).
    if keys.indices.dropFirst().allSatisfy({
      keys[$0 - 1].version.component > keys[$0].version.component
    }) {
      keys.reverse()
    } else {
      keys.sort { $0.version.component < $1.version.component }
    }
    let inExportOrder = positions.withStorage { stored in
      keys.indices.dropFirst().allSatisfy {
        OrderKey.compare(stored[keys[$0 - 1].position], stored[keys[$0].position]) <= 0
      }
    }
    return inExportOrder ? keys.map(\.version) : nil
  }

  /// The catalog at `reference` as components.json bytes.
  /// The SHA-256 of exactly the bytes ``export(at:categories:into:)`` writes: a revision's
  /// export digest, what a release records for provenance (`export --digest`, `show`,
  /// `verify --digest`). The same on every engine and after a copy, since exports are.
  public func exportDigest(at reference: RevisionReference = .head, categories: [String] = [])
    throws -> SHA256Digest
  {
    let hasher = SHA256()
    _ = try export(at: reference, categories: categories) { hasher.update($0) }
    return try hasher.finalize()
  }

  /// ``exportDigest(at:categories:)`` of the whole catalog at `revision`, inside a read (or a
  /// write: what a tag event records, ``TagEventChain``).
  static func exportDigest(of revision: Int64, in context: any CatalogReadContext) throws
    -> SHA256Digest
  {
    let hasher = SHA256()
    try export(at: revision, in: context, categories: []) { hasher.update($0) }
    return try hasher.finalize()
  }

  /// The digests of a revision: its export's (``exportDigest(at:categories:)``) and its
  /// recorded one, the history's chain (nil when none is recorded yet).
  public func digests(at reference: RevisionReference) throws -> RevisionDigests {
    let number = try storage.read { try reference.resolve(in: $0) }
    let recorded = try storage.read { try $0.revisionDigest(number) }
    return RevisionDigests(
      export: try exportDigest(at: .number(number)),
      revision: recorded.flatMap { SHA256Digest(hex: $0) })
  }

  public func exportBytes(at reference: RevisionReference = .head, categories: [String] = []) throws
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    try export(at: reference, categories: categories) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Writes the catalog at `reference` to `path` without ever destroying what `path` names
  /// (``ExportDestination``): a regular file (or nothing) is replaced atomically, through a
  /// temporary file beside it renamed over it once complete, keeping the file's permission
  /// bits, so a reader never sees half a file; a symbolic link is followed to its target; a
  /// device or named pipe is written straight into.
  ///
  /// - Throws: ``CatalogError/outputIsACatalog(path:)`` when `path` is this catalog's
  ///   database (or its -wal, -shm or -journal file, even one that does not exist yet) or
  ///   another catalog database;
  ///   ``CatalogError/io(path:reason:)`` when writing fails.
  /// - Parameter progress: as for ``export(at:categories:progress:into:)``.
  @discardableResult
  public func export(
    at reference: RevisionReference = .head, categories: [String] = [], toFile path: String,
    progress: ((Int) -> Void)? = nil
  ) throws -> Int {
    try ExportDestination.resolve(path, catalog: localFiles).write(name: path) { write in
      try export(at: reference, categories: categories, progress: progress, into: write)
    }
  }
}

extension Catalog {
  /// The files of this catalog on this machine, which an export must not replace; nil when
  /// its engine keeps none here (a server's).
  private var localFiles: LocalCatalogFiles? { StorageEngines.localFiles(of: location) }

  /// Writes `bytes` to `path` as ``export(at:categories:toFile:)`` writes an export: a
  /// regular file is replaced atomically (keeping its permission bits), a device or named
  /// pipe written into, and this catalog's files, another catalog, or a directory refused.
  public func write(_ bytes: [UInt8], toFile path: String) throws {
    try ExportDestination.resolve(path, catalog: localFiles).write(name: path) { write in
      try write(bytes)
    }
  }
}

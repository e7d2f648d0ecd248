import Components
import Foundation

/// The seam between the catalog's logic and a database engine.
///
/// Everything engine-specific (SQL text, connection handling, locking, error codes) lives
/// behind this protocol; ``Catalog`` and everything above it speak only in revisions,
/// components and entries. SQLite (``SQLiteCatalogStorage``) is the embedded default; a
/// PostgreSQL implementation would implement the same protocols with the same schema.
///
/// Reads and writes happen inside a context that sees one consistent revision: a read
/// context is a snapshot, a write context holds the single writer lock from its first
/// statement to its commit, so two writers never interleave.
package protocol CatalogStorage: AnyObject {
  /// Runs `body` in a read snapshot.
  func read<T>(_ body: (any CatalogReadContext) throws -> T) throws -> T

  /// Runs `body` holding the writer lock. The writes it makes land together when it returns
  /// ``WriteDecision/commit(_:)``, and not at all when it returns
  /// ``WriteDecision/rollback(_:)`` or throws.
  func write<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T

  /// ``write(_:)`` choosing when foreign keys are checked.
  func write<T>(
    checkingForeignKeys checking: ForeignKeyChecking,
    _ body: (any CatalogWriteContext) throws -> WriteDecision<T>
  ) throws -> T

  /// A number that changes whenever another connection commits a write.
  func externalChangeCounter() throws -> Int64
}

/// When a write's references between rows (an entry version's component, revision and
/// payload; a component's revision) are checked.
package enum ForeignKeyChecking: Sendable {
  /// By the engine, for every row as it is inserted.
  case perRow
  /// Once, for every row the write added, just before it commits; a broken reference
  /// refuses the commit as the engine would have refused the row. For the writes that
  /// insert whole catalogs (import, restore), where checking row by row costs a good part of
  /// the insert.
  case beforeCommit
}

/// Whether a write keeps what it wrote.
package enum WriteDecision<T> {
  case commit(T)
  case rollback(T)
}

/// One component's stored state as of some revision: the `entry_version` row in force.
package struct StoredEntry: Sendable, Hashable {
  package var componentID: Int64
  /// The revision that wrote this state.
  package var revision: Int64
  package var change: EntryChange
  package var entry: CatalogEntry
  /// The order key: entries are exported in ascending byte order of it.
  package var position: String

  package init(
    componentID: Int64, revision: Int64, change: EntryChange, entry: CatalogEntry, position: String
  ) {
    self.componentID = componentID
    self.revision = revision
    self.change = change
    self.entry = entry
    self.position = position
  }
}

/// One entry as stored, its texts borrowed from the database for the length of the call
/// that receives it: how exports and other whole-catalog reads avoid a `String` per column.
package struct StoredEntryBytes {
  package var componentID: Int64
  package var revision: Int64
  package var change: EntryChange
  package var kind: UnsafeRawBufferPointer
  package var category: UnsafeRawBufferPointer
  package var description: UnsafeRawBufferPointer
  /// Canonical compact text.
  package var payload: UnsafeRawBufferPointer
  /// nil for SQL NULL.
  package var extra: UnsafeRawBufferPointer?
  package var keyOrder: UnsafeRawBufferPointer?
  package var position: UnsafeRawBufferPointer

  package init(
    componentID: Int64, revision: Int64, change: EntryChange, kind: UnsafeRawBufferPointer,
    category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer, extra: UnsafeRawBufferPointer?,
    keyOrder: UnsafeRawBufferPointer?, position: UnsafeRawBufferPointer
  ) {
    self.componentID = componentID
    self.revision = revision
    self.change = change
    self.kind = kind
    self.category = category
    self.description = description
    self.payload = payload
    self.extra = extra
    self.keyOrder = keyOrder
    self.position = position
  }
}

extension StoredEntry {
  /// The entry as values.
  package init(_ bytes: StoredEntryBytes) throws {
    func text(_ bytes: UnsafeRawBufferPointer) -> String { String(decoding: bytes, as: UTF8.self) }
    let entry = try EntryCodec.entry(
      kind: text(bytes.kind), category: text(bytes.category), description: text(bytes.description),
      payload: JSONText(canonicalBytes: Array(bytes.payload)), extra: bytes.extra.map(text),
      keyOrder: bytes.keyOrder.map(text))
    self.init(
      componentID: bytes.componentID, revision: bytes.revision, change: bytes.change, entry: entry,
      position: text(bytes.position))
  }
}

/// What an import compares against without reading payload texts: the head state of one
/// component, with its payload's id.
package struct IndexedEntry: Sendable, Hashable {
  package var componentID: Int64
  package var kind: String
  package var category: String
  package var description: String
  package var payloadID: Int64
  /// ``JSONText/stableHash`` of the payload, to compare without reading its text.
  package var payloadHash: Int64
  package var extra: String?
  package var keyOrder: String?
  package var position: String

  package init(
    componentID: Int64, kind: String, category: String, description: String, payloadID: Int64,
    payloadHash: Int64, extra: String?, keyOrder: String?, position: String
  ) {
    self.componentID = componentID
    self.kind = kind
    self.category = category
    self.description = description
    self.payloadID = payloadID
    self.payloadHash = payloadHash
    self.extra = extra
    self.keyOrder = keyOrder
    self.position = position
  }
}

/// A new `entry_version` row.
package struct VersionRow: Sendable {
  package var componentID: Int64
  package var change: EntryChange
  package var kind: String
  package var category: String
  package var description: String
  package var payloadID: Int64
  package var extra: String?
  package var keyOrder: String?
  package var position: String

  package init(
    componentID: Int64, change: EntryChange, kind: String, category: String, description: String,
    payloadID: Int64, extra: String?, keyOrder: String?, position: String
  ) {
    self.componentID = componentID
    self.change = change
    self.kind = kind
    self.category = category
    self.description = description
    self.payloadID = payloadID
    self.extra = extra
    self.keyOrder = keyOrder
    self.position = position
  }
}

/// A new `entry_version` row whose texts are borrowed bytes, valid only during the call that
/// receives it: how a write hands rows to storage without making a `String` per column.
package struct VersionRowBytes {
  package var componentID: Int64
  package var change: EntryChange
  package var kind: UnsafeRawBufferPointer
  package var category: UnsafeRawBufferPointer
  package var description: UnsafeRawBufferPointer
  package var payloadID: Int64
  /// nil for SQL NULL.
  package var extra: UnsafeRawBufferPointer?
  package var keyOrder: UnsafeRawBufferPointer?
  package var position: UnsafeRawBufferPointer

  package init(
    componentID: Int64, change: EntryChange, kind: UnsafeRawBufferPointer,
    category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer, payloadID: Int64,
    extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?,
    position: UnsafeRawBufferPointer
  ) {
    self.componentID = componentID
    self.change = change
    self.kind = kind
    self.category = category
    self.description = description
    self.payloadID = payloadID
    self.extra = extra
    self.keyOrder = keyOrder
    self.position = position
  }
}

/// Where an import into an empty catalog hands its entries as it reads them; they may be
/// stored on another thread meanwhile (see `SQLiteEntryStream`).
package protocol AddedEntryStream: AnyObject {
  /// Stores an entry (copied: the buffers may be reused as soon as this returns).
  ///
  /// - Throws: the error that stopped the storing, if one did.
  func add(_ entry: RawCatalogEntry) throws
  /// Waits for every entry to be stored and returns how many were.
  func finish() throws -> Int
  /// Stops storing (after an error in the document) and waits until nothing runs.
  func cancel()
}

/// A new revision's metadata.
package struct RevisionDraft: Sendable {
  package var time: Date
  package var author: String
  package var message: String
  package var source: String
  package var operation: String
  package var counts: ChangeCounts

  package init(
    time: Date, author: String, message: String, source: String, operation: String,
    counts: ChangeCounts
  ) {
    self.time = time
    self.author = author
    self.message = message
    self.source = source
    self.operation = operation
    self.counts = counts
  }
}

/// The queries a catalog needs, answered inside one snapshot.
package protocol CatalogReadContext {
  /// The newest revision's id, 0 for an empty catalog.
  func headRevision() throws -> Int64
  func revision(_ id: Int64) throws -> Revision?
  /// Revisions newest first, at most `limit` (all when nil), optionally only those that wrote
  /// a row for one of `components`.
  func revisions(limit: Int?, touching component: Int64?) throws -> [Revision]
  /// The newest revision written at or before `time`.
  func revision(atOrBefore time: Date) throws -> Int64?
  func tag(named name: String) throws -> Tag?
  func tags() throws -> [Tag]
  /// Calls `body` with every entry present at `revision`, in export order.
  func forEachEntry(at revision: Int64, _ body: (StoredEntry) throws -> Void) throws
  /// The same entries as borrowed bytes: the fast path of exports.
  func forEachEntryBytes(at revision: Int64, _ body: (StoredEntryBytes) throws -> Void) throws
  /// The entries present at `revision` keyed by kind, without payload texts.
  func index(at revision: Int64) throws -> [String: IndexedEntry]
  /// The same entries, compactly: what writes compare against. Payload hashes are read on
  /// demand, by ``payloadHash(ofPayload:)`` or ``readPayloadHashes(into:)``.
  func headIndex(at revision: Int64) throws -> HeadIndex
  /// Fills in every payload hash of an index.
  func readPayloadHashes(into index: inout HeadIndex) throws
  /// The stored hash of a payload.
  func payloadHash(ofPayload id: Int64) throws -> Int64
  /// Whether a stored payload's text is exactly `bytes`: what decides that a payload whose
  /// hash matches is the same (a hash finds candidates; bytes decide).
  func payload(_ id: Int64, hasBytes bytes: UnsafeRawBufferPointer) throws -> Bool
  /// Every stored state of every component, in revision order (then component).
  func forEachVersion(_ body: (StoredEntry) throws -> Void) throws
  /// Every stored state of a component, oldest first.
  func versions(ofComponent id: Int64) throws -> [StoredEntry]
  /// The component that bore `kind` most recently at or before `revision`, if any.
  func component(named kind: String, atOrBefore revision: Int64) throws -> Int64?
  /// The canonical text of a stored payload.
  func payload(_ id: Int64) throws -> JSONText
  /// SQLite's `integrity_check`: damaged pages and indexes; an empty list when healthy.
  func integrityProblems() throws -> [String]
  /// SQLite's `foreign_key_check`, one line per broken relation; an empty list when healthy.
  func foreignKeyProblems() throws -> [String]
  /// Payloads that no entry version refers to (a write that stored them was not recorded).
  func unreferencedPayloadCount() throws -> Int
}

/// The writes a catalog makes, inside the writer lock.
package protocol CatalogWriteContext: CatalogReadContext {
  /// The id of a stored payload with exactly this text, storing it first if needed.
  func internPayload(_ text: JSONText) throws -> Int64
  /// ``internPayload(_:)`` for canonical text held elsewhere, whose
  /// ``JSONText/stableHash`` is `hash`.
  func internPayload(bytes: UnsafeRawBufferPointer, hash: Int64) throws -> Int64
  /// Appends a revision row and returns its id (head + 1).
  func appendRevision(_ draft: RevisionDraft) throws -> Int64
  /// Creates a component identity first seen in `revision`.
  func newComponent(in revision: Int64) throws -> Int64
  /// Creates `count` component identities first seen in `revision`, with consecutive ids,
  /// and returns the first: what `count` calls of ``newComponent(in:)`` would return.
  func newComponents(count: Int, in revision: Int64) throws -> Int64
  func appendVersion(_ row: VersionRow, in revision: Int64) throws
  func appendVersion(bytes row: VersionRowBytes, in revision: Int64) throws
  /// Starts storing the entries of an import into an empty catalog as they are read, each as
  /// added in `revision` with a new component, its order key the next of `capacity` evenly
  /// spaced ones (``AddedEntryStream``). Until the stream has finished or been cancelled, the
  /// caller uses the stream, not this context.
  func streamAddedEntries(revision: Int64, capacity: Int) throws -> any AddedEntryStream
  func setTag(_ tag: Tag) throws
  /// Returns whether a tag was deleted.
  func deleteTag(named name: String) throws -> Bool
}

import Components

/// The writes a catalog makes, inside the writer lock (``CatalogStorage/write(_:)``).
///
/// A write appends: one revision row, the components it creates, one entry version per
/// component it changes, the payloads those need. Its reads see its own rows. An engine
/// may buffer rows and insert them in batches, as long as every read of the write and the
/// commit see them.
package protocol CatalogWriteContext: CatalogReadContext {
  /// The id of the stored payload whose canonical text is exactly `bytes`, storing it first
  /// when there is none, together with its SHA-256 digest (`payload_digest`, schema 0010),
  /// which the engine computes from `bytes`. Payloads are deduplicated by their bytes;
  /// `hash` (``JSONText/stableHash`` of the bytes, stored beside them) only finds candidates.
  func internPayload(bytes: UnsafeRawBufferPointer, hash: Int64) throws -> Int64

  /// Appends a revision row and returns its id, head + 1. Its time is `draft.time` when
  /// given (a copy); otherwise now, by the writer's clock on SQLite (recorded as it is, even
  /// when an earlier revision's time is later) and by the server's on PostgreSQL. Order is
  /// the revision number's, never the time's.
  func appendRevision(_ draft: RevisionDraft) throws -> Int64

  /// Numbers `count` new components with consecutive ids, each greater than every id this
  /// catalog and this write have used, and returns the first. `count` may be 0.
  ///
  /// A component is stored only as its entry versions (schema 0004: no `component` table),
  /// so the write must append an added version for each id it takes; the revision that
  /// added a component is its least `revision_id`.
  func newComponents(count: Int) throws -> Int64

  /// Appends an entry version: the state `row.change` gave component `row.componentID` in
  /// revision `row.revision`, whose payload is `row.payloadID` (`row.payload` is ignored).
  /// A component has at most one version per revision.
  func appendVersion(_ row: EntryRow) throws

  /// Records the document frame of `revision`, a revision this write appended (or a copy
  /// carries over) whose frame differs from its predecessor's.
  func appendDocumentFrame(_ frame: DocumentFrame, revision: Int64) throws

  /// Records the digest of `revision` (``RevisionChain``), a revision whose digest is not
  /// recorded yet.
  func appendRevisionDigest(_ digest: SHA256Digest, revision: Int64) throws

  /// Starts storing the entries of an import into an empty catalog as they are read: each
  /// one added in `revision` with a new component (ids in order), its payload interned, and
  /// order key ``OrderKey/evenlySpaced(_:of:)`` of `capacity`. Until the stream has finished
  /// or been cancelled, the caller uses the stream, not this context.
  ///
  /// An engine may store the entries while the caller reads on (SQLite does, on a second
  /// thread) or in bulk (COPY); ``DirectEntryStream``, the default, stores each as it comes.
  func streamAddedEntries(revision: Int64, capacity: Int) throws -> any AddedEntryStream

  /// The entry rows of `revision` as this write sent them, encoded for its digest
  /// (``RevisionDigestBytes/appendRow(_:payloadDigest:to:)``, in component id order), when
  /// the write kept them: the rows of every entry version of `revision`, so that sealing it
  /// need not read them back. Nil when it did not keep them (the default): the seal reads
  /// them back. Taken once: a second call returns nil.
  func takeSentRowBytes(ofRevision revision: Int64) throws -> [UInt8]?

  /// Appends a change to the policies and returns its id (the previous greatest + 1); the
  /// record's own `id` is ignored.
  func appendPolicyRecord(_ record: PolicyRecord) throws -> Int64

  /// Records a waiver on a revision this write appended.
  func appendWaiver(_ waiver: Waiver) throws
  /// Appends an app contract event as given: its id (the previous greatest + 1) and digest
  /// are the caller's (`ContractChain`).
  func appendContractEvent(_ event: ContractEvent) throws
  /// Stores the index of the contract that record event `event` holds: the index's text once
  /// by its digest, and the event's reference to it.
  func storeContractIndex(_ index: ContractShapeIndex, event: Int64) throws

  /// Names a revision; the name must be new (``deleteTag(named:)`` first to move a tag).
  func setTag(_ tag: Tag) throws

  /// Deletes a tag and returns whether there was one.
  func deleteTag(named name: String) throws -> Bool

  /// Appends a tag operation to the history and returns it as stored, numbered one more than
  /// the greatest event id (the event's own `id` and digests are ignored). With
  /// `stampingNow` its time is now, by the writer's clock on SQLite and by the server's on
  /// PostgreSQL (as ``appendRevision(_:)``'s); otherwise the event's `storedTime` (a copy).
  func appendTagEvent(_ event: TagEvent, stampingNow: Bool) throws -> TagEvent

  /// Records the digests of event `id` (``TagEvent/exportDigest``, ``TagEvent/digest``),
  /// an event whose digests are not recorded yet.
  func appendTagEventDigest(event id: Int64, export: SHA256Digest, digest: SHA256Digest) throws
}

extension CatalogWriteContext {
  package func streamAddedEntries(revision: Int64, capacity: Int) throws -> any AddedEntryStream {
    DirectEntryStream(context: self, revision: revision, capacity: capacity)
  }

  package func takeSentRowBytes(ofRevision revision: Int64) throws -> [UInt8]? { nil }

  /// ``internPayload(bytes:hash:)`` for a ``JSONText``.
  package func internPayload(_ text: JSONText) throws -> Int64 {
    try text.bytes.withUnsafeBytes { try internPayload(bytes: $0, hash: text.stableHash) }
  }
}

import Components
import Foundation

/// The queries a catalog needs, answered inside one snapshot (``CatalogStorage/read(_:)``).
///
/// A write context is a read context too: its reads see the rows the write has made so far.
/// Revision 0 is the empty catalog, before the first revision.
package protocol CatalogReadContext {
  /// The newest revision's id, 0 for an empty catalog.
  func headRevision() throws -> Int64

  /// A revision with its tags (sorted by name), or nil when there is no such revision.
  func revision(_ id: Int64) throws -> Revision?

  /// Revisions newest first, at most `limit` (all when nil), with their tags; only those that
  /// wrote an entry version of `component` when it is given.
  func revisions(limit: Int?, touching component: Int64?) throws -> [Revision]

  /// The newest revision (the greatest id) whose time is at or before `time`, nil when there
  /// is none: "the last revision written at or before `time` by the clock that wrote it".
  /// Times may decrease with the id where writers' clocks disagree
  /// (``CatalogWriteContext/appendRevision(_:)``).
  func revision(atOrBefore time: Date) throws -> Int64?

  func tag(named name: String) throws -> Tag?

  /// Every tag, sorted by name (by bytes).
  func tags() throws -> [Tag]

  /// Every recorded tag operation (``TagEvent``), by id, with its digests where recorded.
  func tagEvents() throws -> [TagEvent]

  /// Calls `body` with the row in force of every component present at `revision`.
  ///
  /// A component's row in force at R is its entry version with the greatest revision ≤ R;
  /// the component is present when that row's change is not ``EntryChange/removed``.
  ///
  /// - Parameters:
  ///   - reading: ``EntryReading/inExportOrder`` calls `body` in ascending byte order of
  ///     `position`, then component id, with each row's payload text;
  ///     ``EntryReading/withoutPayloads`` in any order, with empty payload texts.
  ///   - body: gets rows whose texts are valid only during the call.
  func forEachEntryRow(
    at revision: Int64, _ reading: EntryReading, _ body: (EntryRow) throws -> Void
  ) throws

  /// Calls `body` with the keys (``EntryReading/keys``) of the rows in force at `first` and
  /// at `second`, in any order, each with the revisions it is in force at: a row in force
  /// at both comes once. What a diff of two revisions reads first; an engine may read both
  /// in one pass (the default reads each revision in turn).
  func forEachEntryKey(
    at first: Int64, and second: Int64, _ body: (EntryRow, RowInForce) throws -> Void
  ) throws

  /// Calls `body` with each of the entry versions `versions` names (component id, revision
  /// that wrote it), with its payload text, in any order: what a diff of two revisions reads
  /// for the components whose row in force differs between them.
  ///
  /// - Throws: ``CatalogError/database(_:)`` when one of them does not exist.
  func forEachEntryRow(
    versions: [(component: Int64, revision: Int64)], _ body: (EntryRow) throws -> Void
  ) throws

  /// Calls `body` with every entry version of `component` in revision order, or with every
  /// entry version of every component (`component == nil`) ordered by revision, then
  /// component id; rows carry their payload texts, valid only during the call.
  func forEachVersionRow(ofComponent component: Int64?, _ body: (EntryRow) throws -> Void) throws

  /// Calls `body` with every entry version whose revision is at most `revision`, ordered by
  /// component id, then revision: each component's whole history arrives together, oldest
  /// first, in one streamed pass (what a reader of every component's history uses instead of
  /// one ``forEachVersionRow(ofComponent:_:)`` per component). Rows carry their payload
  /// texts, valid only during the call; `body` must not use the context while it runs.
  func forEachVersionRow(byComponentUpTo revision: Int64, _ body: (EntryRow) throws -> Void)
    throws

  /// Calls `body` with every entry version revision `revision` wrote, in component id
  /// order, with its payload text (valid only during the call): what its digest covers
  /// (``RevisionChain``).
  func forEachVersionRow(ofRevision revision: Int64, _ body: (EntryRow) throws -> Void) throws

  /// The digest recorded for revision `id` (schema 0007) as stored, 64 hexadecimal digits,
  /// or nil when none is recorded.
  func revisionDigest(_ id: Int64) throws -> String?

  /// Every recorded revision digest as stored, in revision order.
  func revisionDigests() throws -> [(revision: Int64, digest: String)]

  /// The greatest revision whose digest is recorded, 0 when none is.
  func sealedHead() throws -> Int64

  /// The component a name means at `revision`: the one whose entry version most recently
  /// bore `kind` (its bytes) at or before `revision`; nil when no version ever did.
  ///
  /// When a component holds `kind` in the catalog at `revision`, that is the one: the only
  /// other version that can bear the name at the same revision is the removal of a
  /// component that gave the name up in that revision (a restore that renames one component
  /// back to a name while it removes the one that had taken it), and it loses the tie.
  /// Otherwise it is the component that bore the name last, removed since or renamed.
  func component(named kind: String, atOrBefore revision: Int64) throws -> Int64?

  /// Calls `body` with the canonical text of a stored payload, valid only during the call.
  ///
  /// - Throws: ``CatalogError/database(_:)`` when there is no such payload.
  func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R

  /// What the engine finds wrong with its own storage (damaged pages or indexes, rows that
  /// refer to missing rows), one line each; empty when healthy. Used by `catalog doctor`.
  func storageCheck() throws -> StorageCheck

  /// Every change ever made to the compatibility policies, in id order.
  func policyRecords() throws -> [PolicyRecord]

  /// Every waiver, in revision order, each with its waived changes in their order.
  func waivers() throws -> [Waiver]
  /// Every app contract event (schema 0009), in id order, with the recorded contracts' bytes.
  func contractEvents() throws -> [ContractEvent]
  /// Every app contract event, in id order, without the contracts' bytes (``ContractEvent/
  /// contract`` is nil for every event): which builds are retained, without reading their
  /// contracts.
  func contractEventSummaries() throws -> [ContractEvent]
  /// The digest of each record event's ``ContractShapeIndex`` (schema 0011), by event id; an
  /// event recorded before that schema has none.
  func contractIndexDigests() throws -> [Int64: SHA256Digest]
  /// The stored text of the contract index with `digest`, nil when there is none.
  func contractIndexBody(_ digest: SHA256Digest) throws -> [UInt8]?

  /// The document frame in force at `revision`: the one recorded by the greatest revision
  /// at or before it that recorded one, ``DocumentFrame/standard`` when none did (a catalog
  /// made before frames were kept, or revision 0).
  func documentFrame(at revision: Int64) throws -> DocumentFrame

  /// Every recorded document frame, in revision order (what a copy carries over).
  func documentFrames() throws -> [(revision: Int64, frame: DocumentFrame)]

  /// About how many components are present at `revision`, from the revisions' counts
  /// (entries added less entries removed, up to it): a hint for sizing what holds them
  /// (``CatalogReadContext/forEachEntryRow(at:_:_:)``'s rows), never a count to trust.
  func presentCountEstimate(at revision: Int64) throws -> Int

  /// How many stored payloads no entry version refers to (a write stored them and was not
  /// recorded); they are harmless.
  func unreferencedPayloadCount() throws -> Int

  /// Calls `body` with every stored payload in id order: its id, its canonical text and the
  /// digest stored for it (32 bytes; nil when none is), both valid only during the call.
  /// What `catalog doctor` checks the stored digests with.
  func forEachPayloadWithDigest(
    _ body: (_ id: Int64, _ text: UnsafeRawBufferPointer, _ digest: UnsafeRawBufferPointer?)
      throws -> Void
  ) throws

  /// How many stored payload digests name no stored payload.
  func strayPayloadDigestCount() throws -> Int

  /// A cursor over the stored payloads, fastest when asked for them in ascending id order
  /// (see ``PayloadCursor``). It must be closed, or dropped, before the context's
  /// transaction ends.
  func payloadCursor() throws -> any PayloadCursor
}

/// How ``CatalogReadContext/forEachEntryRow(at:_:_:)`` delivers rows.
package enum EntryReading: Sendable {
  /// In export order (ascending `position` by bytes, then component id), with payload texts.
  case inExportOrder
  /// In any order, without payload texts but with each payload's stored SHA-256 digest
  /// (``EntryRow/payloadDigest``): what a write compares against.
  case withoutPayloads
  /// In any order, only the keys: component and revision ids, change, kind, payload id and
  /// order key; `category` and `description` are empty, `extra` and `keyOrder` nil, the
  /// payload text empty. What a diff of two revisions and the export's order check read.
  case keys
}

/// Where a row read by ``CatalogReadContext/forEachEntryKey(at:and:_:)`` is in force.
package struct RowInForce: OptionSet, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }
  /// In force at the first revision asked for.
  package static let first = RowInForce(rawValue: 1)
  /// In force at the second.
  package static let second = RowInForce(rawValue: 2)
}

extension CatalogReadContext {
  /// Reads each revision's keys in turn.
  package func forEachEntryKey(
    at first: Int64, and second: Int64, _ body: (EntryRow, RowInForce) throws -> Void
  ) throws {
    try forEachEntryRow(at: first, .keys) { try body($0, .first) }
    try forEachEntryRow(at: second, .keys) { try body($0, .second) }
  }

  /// The entries present at `revision`, in export order, as values.
  package func forEachEntry(at revision: Int64, _ body: (EntryVersion) throws -> Void) throws {
    try forEachEntryRow(at: revision, .inExportOrder) { try body(try EntryCodec.decode($0)) }
  }

  /// Every stored state of a component, oldest first.
  package func versions(ofComponent id: Int64) throws -> [EntryVersion] {
    var versions: [EntryVersion] = []
    try forEachVersionRow(ofComponent: id) { versions.append(try EntryCodec.decode($0)) }
    return versions
  }

  /// Every stored state of every component, in revision order (then component).
  ///
  /// - Parameter checkingPayloads: as ``EntryCodec/decode(_:checkingPayload:)``.
  package func forEachVersion(
    checkingPayloads: Bool = true, _ body: (EntryVersion) throws -> Void
  ) throws {
    try forEachVersionRow(ofComponent: nil) {
      try body(try EntryCodec.decode($0, checkingPayload: checkingPayloads))
    }
  }

  /// The canonical text of a stored payload.
  package func payload(_ id: Int64) throws -> JSONText {
    try withPayload(id) { JSONText(canonicalBytes: Array($0)) }
  }

  /// Each payload looked up by id: the cursor of an engine without a faster one.
  package func payloadCursor() throws -> any PayloadCursor { PayloadLookups(self) }

  /// Whether a stored payload's text is exactly `bytes`: what decides that a payload whose
  /// hash matches is the same (a hash finds candidates; bytes decide).
  package func payload(_ id: Int64, hasBytes bytes: UnsafeRawBufferPointer) throws -> Bool {
    try withPayload(id) { stored in
      ByteComparison.equal(stored, bytes)
    }
  }
}

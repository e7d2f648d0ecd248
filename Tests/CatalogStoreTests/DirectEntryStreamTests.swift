import CatalogStorage
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// The plain first import (``DirectEntryStream``, what an engine without its own bulk path
/// gets) and SQLite's threaded one (`SQLiteEntryStream`) store the same rows.
@Suite("First imports: the plain stream and the SQLite fast path agree")
struct DirectEntryStreamTests {
  @Test(arguments: ["generated-300.json", "generated-300-mutated.json"])
  func bothStreamsStoreTheSameRows(fixture: String) throws {
    let directory = try TemporaryDirectory()
    let file = Fixtures.url(fixture).path
    let fast = try Catalog(path: directory.path("fast.sqlite"))
    let fastResult = try fast.importDocument(
      from: .file(file), options: WriteOptions(author: "tester"))
    #expect(fastResult.counts.added > 250)

    let sqlite = try Catalog(path: directory.path("plain.sqlite"))
    let plain = Catalog(
      storage: PlainStorage(sqlite.storage), location: .sqlite(path: directory.path("plain.sqlite"))
    )
    let result = try plain.importDocument(
      from: .file(file), options: WriteOptions(author: "tester"))
    #expect(result.revision?.id == 1)
    #expect(result.counts == fastResult.counts)

    #expect(try plain.exportBytes() == Fixtures.bytes(fixture))
    #expect(try plain.exportBytes() == fast.exportBytes())
    var fastVersions: [EntryVersion] = []
    var plainVersions: [EntryVersion] = []
    try fast.forEachEntryVersion { fastVersions.append($0) }
    try plain.forEachEntryVersion { plainVersions.append($0) }
    #expect(plainVersions.count == result.counts.added)
    #expect(plainVersions == fastVersions)
    #expect(try plain.doctor().problems.isEmpty)
  }
}

/// An engine's storage seen through the contract alone: every requirement forwarded except
/// `streamAddedEntries`, so writes get the protocol's default.
private final class PlainStorage: CatalogStorage {
  let base: any CatalogStorage
  init(_ base: any CatalogStorage) { self.base = base }

  func read<T>(_ body: (any CatalogReadContext) throws -> T) throws -> T {
    try base.read(body)
  }

  func write<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T {
    try base.write { try body(PlainContext($0)) }
  }

  func externalChangeCounter() throws -> Int64 { try base.externalChangeCounter() }
}

private struct PlainContext: CatalogWriteContext {
  let base: any CatalogWriteContext
  init(_ base: any CatalogWriteContext) { self.base = base }

  func headRevision() throws -> Int64 { try base.headRevision() }
  func revision(_ id: Int64) throws -> Revision? { try base.revision(id) }
  func revisions(limit: Int?, touching component: Int64?) throws -> [Revision] {
    try base.revisions(limit: limit, touching: component)
  }
  func revision(atOrBefore time: Date) throws -> Int64? { try base.revision(atOrBefore: time) }
  func tag(named name: String) throws -> CatalogStore.Tag? { try base.tag(named: name) }
  func tags() throws -> [CatalogStore.Tag] { try base.tags() }
  func tagEvents() throws -> [TagEvent] { try base.tagEvents() }
  func forEachEntryRow(
    at revision: Int64, _ reading: EntryReading, _ body: (EntryRow) throws -> Void
  ) throws {
    try base.forEachEntryRow(at: revision, reading, body)
  }
  func forEachEntryRow(
    versions: [(component: Int64, revision: Int64)], _ body: (EntryRow) throws -> Void
  ) throws {
    try base.forEachEntryRow(versions: versions, body)
  }
  func forEachVersionRow(ofComponent component: Int64?, _ body: (EntryRow) throws -> Void) throws {
    try base.forEachVersionRow(ofComponent: component, body)
  }
  func forEachVersionRow(byComponentUpTo revision: Int64, _ body: (EntryRow) throws -> Void)
    throws
  { try base.forEachVersionRow(byComponentUpTo: revision, body) }
  func component(named kind: String, atOrBefore revision: Int64) throws -> Int64? {
    try base.component(named: kind, atOrBefore: revision)
  }
  func forEachVersionRow(ofRevision revision: Int64, _ body: (EntryRow) throws -> Void) throws {
    try base.forEachVersionRow(ofRevision: revision, body)
  }
  func revisionDigest(_ id: Int64) throws -> String? { try base.revisionDigest(id) }
  func revisionDigests() throws -> [(revision: Int64, digest: String)] {
    try base.revisionDigests()
  }
  func sealedHead() throws -> Int64 { try base.sealedHead() }
  func appendRevisionDigest(_ digest: SHA256Digest, revision: Int64) throws {
    try base.appendRevisionDigest(digest, revision: revision)
  }

  func takeSentRowBytes(ofRevision revision: Int64) throws -> [UInt8]? {
    try base.takeSentRowBytes(ofRevision: revision)
  }
  func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    try base.withPayload(id, body)
  }
  func storageCheck() throws -> StorageCheck { try base.storageCheck() }
  func unreferencedPayloadCount() throws -> Int { try base.unreferencedPayloadCount() }
  func forEachPayloadWithDigest(
    _ body: (_ id: Int64, _ text: UnsafeRawBufferPointer, _ digest: UnsafeRawBufferPointer?)
      throws -> Void
  ) throws {
    try base.forEachPayloadWithDigest(body)
  }
  func strayPayloadDigestCount() throws -> Int { try base.strayPayloadDigestCount() }
  func presentCountEstimate(at revision: Int64) throws -> Int {
    try base.presentCountEstimate(at: revision)
  }
  func policyRecords() throws -> [PolicyRecord] { try base.policyRecords() }
  func waivers() throws -> [Waiver] { try base.waivers() }
  func contractEvents() throws -> [ContractEvent] { try base.contractEvents() }
  func contractEventSummaries() throws -> [ContractEvent] { try base.contractEventSummaries() }
  func contractIndexDigests() throws -> [Int64: SHA256Digest] { try base.contractIndexDigests() }
  func contractIndexBody(_ digest: SHA256Digest) throws -> [UInt8]? {
    try base.contractIndexBody(digest)
  }
  func appendPolicyRecord(_ record: PolicyRecord) throws -> Int64 {
    try base.appendPolicyRecord(record)
  }
  func appendWaiver(_ waiver: Waiver) throws { try base.appendWaiver(waiver) }
  func appendContractEvent(_ event: ContractEvent) throws { try base.appendContractEvent(event) }
  func storeContractIndex(_ index: ContractShapeIndex, event: Int64) throws {
    try base.storeContractIndex(index, event: event)
  }
  func internPayload(bytes: UnsafeRawBufferPointer, hash: Int64) throws -> Int64 {
    try base.internPayload(bytes: bytes, hash: hash)
  }
  func appendRevision(_ draft: RevisionDraft) throws -> Int64 { try base.appendRevision(draft) }
  func newComponents(count: Int) throws -> Int64 { try base.newComponents(count: count) }
  func appendVersion(_ row: EntryRow) throws { try base.appendVersion(row) }
  func setTag(_ tag: CatalogStore.Tag) throws { try base.setTag(tag) }
  func deleteTag(named name: String) throws -> Bool { try base.deleteTag(named: name) }
  func appendTagEvent(_ event: TagEvent, stampingNow: Bool) throws -> TagEvent {
    try base.appendTagEvent(event, stampingNow: stampingNow)
  }
  func appendTagEventDigest(event id: Int64, export: SHA256Digest, digest: SHA256Digest) throws {
    try base.appendTagEventDigest(event: id, export: export, digest: digest)
  }
  func documentFrame(at revision: Int64) throws -> DocumentFrame {
    try base.documentFrame(at: revision)
  }
  func documentFrames() throws -> [(revision: Int64, frame: DocumentFrame)] {
    try base.documentFrames()
  }
  func appendDocumentFrame(_ frame: DocumentFrame, revision: Int64) throws {
    try base.appendDocumentFrame(frame, revision: revision)
  }
}

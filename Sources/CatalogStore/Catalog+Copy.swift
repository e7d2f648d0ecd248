import Components
import Foundation

extension Catalog {
  /// Copies the whole history of `source` into this catalog, which must be empty: every
  /// revision with its number, time, author, message, source and counts, every entry
  /// version, every document frame, every tag, the compatibility policies' history, the waivers and the app contracts' events. Afterwards
  /// both export the same bytes at every revision.
  ///
  /// The copy is one write of this catalog, read from one snapshot of `source`: all of it
  /// lands or none of it does, and writers of `source` may go on meanwhile. Rows go through
  /// the storage protocols, so any engine copies to any other (SQLite to PostgreSQL to share
  /// a catalog, PostgreSQL to SQLite for a local snapshot or a backup).
  ///
  /// Revision digests (``RevisionChain``) are recomputed here and must equal the source's.
  ///
  /// - Throws: ``RequestProblem/copyTargetNotEmpty(location:holds:)`` when this catalog already has a revision,
  ///   or when `source` holds U+0000 (``refuseNUL(in:)``); ``CatalogError/database(_:)``
  ///   (`inconsistent`) when a revision of `source` does not match its recorded digest; what
  ///   reading `source` or writing here throws.
  ///
  /// - Parameter progress: called with the number of entry versions copied so far, every
  ///   4,096 versions (a progress display).
  @discardableResult
  public func copyHistory(from source: Catalog, progress: ((Int) -> Void)? = nil) throws
    -> CopySummary
  {
    try source.storage.read { from in
      // Checked in the snapshot that is copied, before this catalog is written.
      try Self.refuseNUL(in: from)
      return try storage.write { to in
        let head = try to.headRevision()
        guard head == 0 else {
          throw CatalogError.request(
            .copyTargetNotEmpty(location: location.description, holds: .revisions(head: head)))
        }
        // Policy changes made before any revision would be mixed into the source's history.
        let policies = try to.policyRecords().count
        guard policies == 0 else {
          throw CatalogError.request(
            .copyTargetNotEmpty(location: location.description, holds: .policyChanges(policies)))
        }
        let contracts = try to.contractEvents().count
        guard contracts == 0 else {
          throw CatalogError.request(
            .copyTargetNotEmpty(location: location.description, holds: .contractEvents(contracts)))
        }
        let summary = try Self.copy(from: from, to: to, progress: progress)
        try Self.carryDigests(from: from, to: to)
        try Self.carryContracts(from: from, to: to)
        return .commit(summary)
      }
    }
  }

  /// Records the copy's digests (its revisions' and its tag events'), recomputed from what
  /// it copied, and checks them against the source's: a source whose rows no longer match
  /// its digests is not copied (its history was changed after it was written), so a copy
  /// never launders tampering.
  private static func carryDigests(
    from: any CatalogReadContext, to: any CatalogWriteContext
  ) throws {
    try RevisionChain.seal(to)
    for (revision, text) in try from.revisionDigests() {
      let copied = try to.revisionDigest(revision)
      guard let copied, let digest = SHA256Digest(hex: text), digest.hex == copied else {
        throw CatalogError.database(
          .inconsistent(
            "revision \(revision) does not match its recorded digest in the source: its "
              + "history was changed after it was written (run catalog doctor on it); "
              + "nothing was copied"))
      }
    }
    try TagEventChain.seal(to)
    let copied = Dictionary(
      try to.tagEvents().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for event in try from.tagEvents() where event.sealed {
      let copy = copied[event.id]
      guard let digest = event.digest, copy?.digest == digest,
        copy?.exportDigest == event.exportDigest
      else {
        throw CatalogError.database(
          .inconsistent(
            "tag event \(event.id) (tag '\(event.name)') does not match its recorded digest in "
              + "the source: the tags' history was changed after it was written (run catalog "
              + "doctor on it); nothing was copied"))
      }
    }
  }

  /// Copies the app contract events as they are (ids, times, bytes and digests), after
  /// checking their chain (``ContractChain``) in the source and reading them back here: a
  /// source whose contract events no longer match their digests is not copied.
  private static func carryContracts(
    from: any CatalogReadContext, to: any CatalogWriteContext
  ) throws {
    let events = try from.contractEvents()
    if let first = try ContractChain.firstMismatch(events) {
      throw CatalogError.database(
        .inconsistent(
          "contract event \(first) does not match its recorded digest in the source: the "
            + "contracts' history was changed after it was written (run catalog doctor on it); "
            + "nothing was copied"))
    }
    for event in events {
      try to.appendContractEvent(event)
      // The index is derived: made again from the contract, as `contract record` makes it.
      if let bytes = event.contract {
        let contract = try AppContract(stored: bytes, event: event.id)
        try to.storeContractIndex(try ContractShapeIndex(contract: contract), event: event.id)
      }
    }
    guard try to.contractEvents() == events else {
      throw CatalogError.database(
        .inconsistent("the contract events read back differ from the source's; nothing was copied"))
    }
  }

  private static func copy(
    from: any CatalogReadContext, to: any CatalogWriteContext, progress: ((Int) -> Void)?
  ) throws -> CopySummary {
    let head = try from.headRevision()
    for id in stride(from: 1, through: head, by: 1) {
      guard let revision = try from.revision(id) else {
        throw CatalogError.database(.inconsistent("revision \(id) is missing"))
      }
      let copied = try to.appendRevision(
        RevisionDraft(
          time: revision.time, author: revision.author, message: revision.message,
          source: revision.source, operation: revision.operation, counts: revision.counts))
      guard copied == id else {
        throw CatalogError.database(.inconsistent("revision \(id) was copied as \(copied)"))
      }
    }
    // Components are numbered in the order they were created, which is the order their
    // first versions come in (by revision, then component): new numbers match the old.
    // Rows go over as they are stored, bytes for bytes.
    var components: [Int64: Int64] = [:]
    var versions = 0
    try from.forEachVersionRow(ofComponent: nil) { stored in
      var row = stored
      if let known = components[stored.componentID] {
        row.componentID = known
      } else {
        row.componentID = try to.newComponents(count: 1)
        components[stored.componentID] = row.componentID
      }
      row.payloadID = try to.internPayload(
        bytes: stored.payload, hash: JSONText.stableHash(of: stored.payload))
      try to.appendVersion(row)
      versions += 1
      if let progress, versions % 4096 == 0 { progress(versions) }
    }
    for (revision, frame) in try from.documentFrames() {
      try to.appendDocumentFrame(frame, revision: revision)
    }
    let tags = try from.tags()
    for tag in tags {
      try to.setTag(tag)
    }
    // The tags' history, as it is: ids, times and authors kept (digests are recomputed and
    // checked in carryDigests). `tag_move`, which schema 0008 carried into these events,
    // is not copied.
    for event in try from.tagEvents() {
      guard try to.appendTagEvent(event, stampingNow: false).id == event.id else {
        throw CatalogError.database(.inconsistent("tag event \(event.id) got another id"))
      }
    }
    // The policies' history and the waivers, as they are: ids and times kept.
    for record in try from.policyRecords() {
      guard try to.appendPolicyRecord(record) == record.id else {
        throw CatalogError.database(.inconsistent("policy change \(record.id) got another id"))
      }
    }
    for waiver in try from.waivers() { try to.appendWaiver(waiver) }
    return CopySummary(revisions: Int(head), entryVersions: versions, tags: tags.count)
  }
}

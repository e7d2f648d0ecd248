import Components

extension Catalog {
  /// Checks the database (the engine's own check of its storage: on SQLite,
  /// `integrity_check` and `foreign_key_check`; on PostgreSQL, which checks its own pages,
  /// the references between rows) and the catalog's own invariants: revision ids consecutive
  /// from 1, every revision's counts
  /// matching the rows it wrote, every revision's catalog holding each kind once, every
  /// stored payload canonical JSON within the reader's depth limit, every entry's order
  /// key well formed, every revision matching its recorded digest (``RevisionChain``), and
  /// every tag event matching its digests, its recorded export digest its revision's export,
  /// and the events replaying to the tags there are (``TagEventChain``), and every app
  /// contract event matching its own (``ContractChain``).
  public func doctor() throws -> DoctorReport {
    var report = DoctorReport()
    do {
      try storage.read { context in
        // A damaged file is what doctor is for: report what the engine finds, and do not walk
        // the catalog over storage it just called broken.
        let check = try context.storageCheck()
        report.problems += check.problems
        report.storageChecks = check.passed
        guard !check.isDamaged else {
          report.notes.append("the catalog's own checks were skipped because the file is damaged")
          return
        }
        do {
          try checkInvariants(context, into: &report)
        } catch {
          report.problems.append("the catalog's own checks stopped: \(error)")
        }
      }
    } catch {
      // On a damaged file even the end of the read transaction can fail; the report says why.
      guard !report.problems.isEmpty else { throw error }
    }
    return report
  }

  /// The engine's integrity check alone (SQLite's `integrity_check`), for a catalog whose
  /// schema is too damaged to open it (``CatalogError/database(_:)`` with
  /// ``DatabaseProblem/Code/damaged``): `catalog doctor` prints these findings instead of
  /// refusing the file.
  ///
  /// - Returns: The check's names and findings, one line each (`integrity_check: …`; none
  ///   when the check finds nothing wrong); nil when the location's engine has no such
  ///   check.
  /// - Throws: ``CatalogError`` when the database cannot be opened at all.
  public static func integrityCheck(location: CatalogLocation, busyTimeout: Double = 5) throws
    -> IntegrityCheckReport?
  {
    try StorageEngines.integrityCheck(
      location, options: Options(busyTimeout: busyTimeout, readOnly: true, create: false))
  }

  /// Recomputes the chain of revision digests (``RevisionChain``) and names the first
  /// revision that does not match: the one changed after it was written (every later one
  /// depends on it, so only the first is named).
  private func checkChain(_ context: any CatalogReadContext, into report: inout DoctorReport)
    throws
  {
    let chain = try RevisionChain.verify(context)
    if let first = chain.firstMismatch {
      report.problems.append(
        "revision \(first) does not match its recorded digest: its history was changed "
          + "after it was written (the chain of digests breaks there)")
    }
    if let first = chain.unsealed.first, let last = chain.unsealed.last {
      let which =
        first == last
        ? "revision \(first) has" : "\(chain.unsealed.count) revisions (\(first)–\(last)) have"
      report.problems.append(
        "\(which) no recorded digest, so \(first == last ? "it" : "they") cannot be verified "
          + "(a catalog made before digests gets them from its next write)")
    }
    if chain.firstMismatch == nil, chain.unsealed.isEmpty, let head = chain.digests.last {
      report.headDigest = head
    }
  }

  /// Recomputes the app contracts' chain (``ContractChain``) and reads every recorded
  /// contract: the first event changed after it was written is named, as is any event made
  /// after a revision that does not exist or holding a contract that no longer reads.
  private func checkContracts(
    _ context: any CatalogReadContext, head: Int64, into report: inout DoctorReport
  ) throws {
    let events = try context.contractEvents()
    report.contractEvents = events.count
    if let first = try ContractChain.firstMismatch(events) {
      report.problems.append(
        "contract event \(first) does not match its recorded digest: the contracts' history "
          + "was changed after it was written (the chain of digests breaks there)")
    }
    var recorded: Set<String> = []
    let indexes = try context.contractIndexDigests()
    for event in events {
      if event.afterRevision > head {
        report.problems.append(
          "contract event \(event.id) was made after revision \(event.afterRevision), which "
            + "does not exist")
      }
      switch event.action {
      case .record:
        recorded.insert(event.build)
        guard let bytes = event.contract else { continue }
        var read: AppContract?
        do {
          let contract = try AppContract(contractJSON: bytes)
          if contract.canonicalBytes != bytes || contract.build != event.build {
            report.problems.append(
              "contract event \(event.id) holds a contract that is not the canonical "
                + "contract of \(event.build)")
          }
          read = contract
        } catch {
          report.problems.append(
            "contract event \(event.id) holds a contract that does not read: \(error)")
        }
        // The gate reads the stored index (schema 0011): it must be the contract's.
        if let contract = read, let digest = indexes[event.id],
          try context.contractIndexBody(digest) != ContractShapeIndex(contract: contract).body
        {
          report.problems.append(
            "the contract index of contract event \(event.id) is not the index of its "
              + "contract: the gate would check \(event.build) against other shapes")
        }
      case .retire:
        if !recorded.contains(event.build) {
          report.problems.append(
            "contract event \(event.id) retires \(event.build), which was never recorded")
        }
      }
    }
  }

  /// Recomputes the SHA-256 of every stored payload's text and compares it with the digest
  /// stored for it (schema 0010): a payload whose digest differs would be taken for another
  /// payload by a re-import, which compares digests alone. Names the first payloads that
  /// differ (by the kinds whose versions use them is not needed: the id is enough for a
  /// maintainer), and counts payloads without a digest and digests without a payload.
  private func checkPayloadDigests(
    _ context: any CatalogReadContext, into report: inout DoctorReport
  ) throws {
    let hasher = SHA256()
    var computed = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
    var mismatched: [Int64] = []
    var mismatches = 0
    var missing = 0
    try context.forEachPayloadWithDigest { id, text, stored in
      report.payloads += 1
      guard let stored else {
        missing += 1
        return
      }
      do {
        try computed.withUnsafeMutableBytes { try hasher.digest(of: text, into: $0) }
      } catch {
        throw CatalogError.internalError("libcrypto could not compute a payload's SHA-256")
      }
      if !computed.elementsEqual(stored) {
        mismatches += 1
        if mismatched.count < 5 { mismatched.append(id) }
      }
    }
    if mismatches > 0 {
      let named = mismatched.map(String.init).joined(separator: ", ")
      report.problems.append(
        mismatches == 1
          ? "payload \(named) does not match its recorded digest: its text or its digest was "
            + "changed after it was written"
          : "\(mismatches) payloads do not match their recorded digests (the first: \(named)): "
            + "their texts or digests were changed after they were written")
    }
    if missing > 0 {
      report.problems.append(
        "\(missing) payload(s) have no recorded digest, so a re-import cannot compare them")
    }
    let stray = try context.strayPayloadDigestCount()
    if stray > 0 {
      report.problems.append("\(stray) payload digest(s) name no stored payload")
    }
    report.payloadDigestsVerified = mismatches == 0 && missing == 0 && stray == 0
  }

  /// The catalog's own invariants, for ``doctor()``.
  private func checkInvariants(_ context: any CatalogReadContext, into report: inout DoctorReport)
    throws
  {
    let head = try context.headRevision()
    report.revisions = head
    let revisions = try context.revisions(limit: nil, touching: nil)
    let ids = revisions.map(\.id).reversed()
    if Array(ids) != Array(stride(from: Int64(1), through: head, by: 1)) {
      report.problems.append("revision ids are not consecutive from 1 to \(head)")
    }
    let expected = Dictionary(uniqueKeysWithValues: revisions.map { ($0.id, $0.counts) })
    var state = DerivedCatalog()
    var rows: [EntryVersion] = []
    let validKeyCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// Checks one revision's rows together: within a revision, two entries may trade
    /// keys or names, so the catalog is checked after all of them apply.
    func closeRevision() {
      guard let revision = rows.first?.revision else { return }
      var counts = ChangeCounts()
      for row in rows {
        switch row.change {
        case .added: counts.added += 1
        case .changed, .renamed: counts.changed += 1
        case .removed: counts.removed += 1
        case .moved: counts.moved += 1
        }
      }
      if let recorded = expected[revision] {
        if counts != recorded {
          report.problems.append(
            "revision \(revision) records counts that differ from the rows it wrote")
        }
      } else {
        report.problems.append(
          "entry versions belong to revision \(revision), which does not exist")
      }
      report.problems += state.apply(rows)
      rows.removeAll()
    }
    var seenRevisions = Set<Int64>()
    // Payloads are checked here, each reported, with the check every read and the export
    // apply (canonical text, the reader's depth limit): what they refuse, doctor reports.
    try context.forEachVersion(checkingPayloads: false) { version in
      report.entryVersions += 1
      if version.revision != rows.first?.revision { closeRevision() }
      seenRevisions.insert(version.revision)
      rows.append(version)
      do throws(CanonicalTextError) {
        try version.entry.payload.bytes.withUnsafeBufferPointer {
          (bytes) throws(CanonicalTextError) in try JSONWriter.checkCanonical(bytes)
        }
      } catch {
        let problem = DatabaseProblem.damagedPayload(
          kind: version.entry.kind, revision: version.revision, error)
        report.problems.append(problem.detail ?? "\(problem)")
      }
      if version.orderKey.isEmpty
        || !version.orderKey.utf8.allSatisfy(validKeyCharacters.contains)
        || version.orderKey.hasSuffix("0")
      {
        report.problems.append(
          "\"\(version.entry.kind)\" in revision \(version.revision) has a malformed order key '\(version.orderKey)'"
        )
      }
    }
    closeRevision()
    // A revision that changed only the document's frame writes no entry version; every
    // other writes at least one. A frame recorded must differ from the one before it.
    let framed = Set(try context.documentFrames().map(\.revision))
    for revision in revisions where !seenRevisions.contains(revision.id) {
      if !(framed.contains(revision.id) && revision.counts.isEmpty) {
        report.problems.append("revision \(revision.id) wrote no entry versions")
      }
    }
    var previousFrame = DocumentFrame.standard
    for (revision, frame) in try context.documentFrames() {
      if revision < 1 || revision > head {
        report.problems.append(
          "a document frame belongs to revision \(revision), which does not exist")
      } else if frame == previousFrame {
        report.problems.append("revision \(revision) records a document frame that did not change")
      }
      previousFrame = frame
    }
    report.components = state.kinds.count
    try checkChain(context, into: &report)
    let tags = try TagEventChain.verify(context)
    report.problems += tags.problems
    report.tagEvents = tags.events
    report.tagEventsVerified = tags.verified
    try checkContracts(context, head: head, into: &report)
    try checkPayloadDigests(context, into: &report)
    let unreferenced = try context.unreferencedPayloadCount()
    if unreferenced > 0 {
      report.notes.append("\(unreferenced) stored payload(s) are not used by any revision")
    }
  }
}

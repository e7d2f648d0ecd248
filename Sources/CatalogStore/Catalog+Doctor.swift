import Components

/// What `catalog doctor` found.
public struct DoctorReport: Sendable {
  /// Problems, one sentence each; empty when the catalog is healthy.
  public var problems: [String] = []
  public var revisions: Int64 = 0
  public var entryVersions = 0
  public var components = 0
  /// Non-fatal findings (payloads no revision uses, for example).
  public var notes: [String] = []

  public var isHealthy: Bool { problems.isEmpty }
}

extension Catalog {
  /// Checks the database (SQLite's `integrity_check` and `foreign_key_check`) and the
  /// catalog's own invariants: revision ids consecutive from 1, every revision's counts
  /// matching the rows it wrote, every revision's catalog holding each kind once, every
  /// stored payload valid JSON, and every entry's order key well formed.
  public func doctor() throws -> DoctorReport {
    try storage.read { context in
      var report = DoctorReport()
      report.problems += try context.storageProblems()
      let head = try context.headRevision()
      report.revisions = head
      let revisions = try context.revisions(limit: nil, touching: nil)
      let ids = revisions.map(\.id).reversed()
      if Array(ids) != Array(stride(from: Int64(1), through: head, by: 1)) {
        report.problems.append("revision ids are not consecutive from 1 to \(head)")
      }
      let expected = Dictionary(uniqueKeysWithValues: revisions.map { ($0.id, $0.counts) })
      var counted: [Int64: ChangeCounts] = [:]
      var present: [Int64: String] = [:]  // component → kind, for present components
      var bearers: [String: Int64] = [:]  // kind → component
      var positionOwners: [String: Int64] = [:]  // order key → present component
      var positions: [Int64: String] = [:]  // present component → order key
      var currentRevision: Int64 = 0
      let validKeyCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

      func closeRevision(_ revision: Int64) {
        guard revision > 0 else { return }
        if counted[revision, default: ChangeCounts()] != expected[revision] {
          report.problems.append(
            "revision \(revision) records counts that differ from the rows it wrote")
        }
      }
      try context.forEachVersion { version in
        report.entryVersions += 1
        if version.revision != currentRevision {
          closeRevision(currentRevision)
          currentRevision = version.revision
        }
        switch version.change {
        case .added: counted[version.revision, default: ChangeCounts()].added += 1
        case .changed, .renamed: counted[version.revision, default: ChangeCounts()].changed += 1
        case .removed: counted[version.revision, default: ChangeCounts()].removed += 1
        case .moved: counted[version.revision, default: ChangeCounts()].moved += 1
        }
        if let old = present[version.componentID], bearers[old] == version.componentID {
          bearers[old] = nil
        }
        present[version.componentID] = nil
        if let old = positions.removeValue(forKey: version.componentID),
          positionOwners[old] == version.componentID
        {
          positionOwners[old] = nil
        }
        if version.change != .removed {
          if let other = positionOwners[version.position], other != version.componentID {
            report.problems.append(
              "revision \(version.revision) gives components \(other) and \(version.componentID) "
                + "the same order key '\(version.position)'")
          }
          positionOwners[version.position] = version.componentID
          positions[version.componentID] = version.position
          if let other = bearers[version.entry.kind], other != version.componentID {
            report.problems.append(
              "revision \(version.revision) holds kind \"\(version.entry.kind)\" twice (components \(other) and \(version.componentID))"
            )
          }
          bearers[version.entry.kind] = version.componentID
          present[version.componentID] = version.entry.kind
        }
        do {
          _ = try version.entry.payload.value(maxDepth: Int.max / 2)
        } catch {
          report.problems.append(
            "the payload of \"\(version.entry.kind)\" in revision \(version.revision) is not valid JSON: \(error)"
          )
        }
        if version.position.isEmpty
          || !version.position.utf8.allSatisfy(validKeyCharacters.contains)
          || version.position.hasSuffix("0")
        {
          report.problems.append(
            "\"\(version.entry.kind)\" in revision \(version.revision) has a malformed order key '\(version.position)'"
          )
        }
      }
      closeRevision(currentRevision)
      for revision in revisions where counted[revision.id] == nil {
        report.problems.append("revision \(revision.id) wrote no entry versions")
      }
      report.components = Set(present.keys).count
      let unreferenced = try context.unreferencedPayloadCount()
      if unreferenced > 0 {
        report.notes.append("\(unreferenced) stored payload(s) are not used by any revision")
      }
      return report
    }
  }
}

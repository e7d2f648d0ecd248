import CatalogDiff
import Components
import Foundation

extension Catalog {
  /// The compatibility policies in force.
  public func policy() throws -> CatalogPolicy {
    try storage.read { try CatalogPolicy(records: $0.policyRecords()) }
  }

  /// Every change made to the policies, oldest first: `catalog log` shows them.
  public func policyHistory() throws -> [PolicyRecord] {
    try storage.read { try $0.policyRecords() }
  }

  /// Every waiver, oldest first (`catalog log --waivers`).
  public func waivers() throws -> [Waiver] {
    try storage.read { try $0.waivers() }
  }

  /// Changes the policies in one write: `change` edits the policies in force, and the
  /// difference is recorded as policy changes by `author` (nothing when there is none).
  ///
  /// - Returns: The records written, in order.
  @discardableResult
  public func changePolicy(
    author: String, _ change: (inout CatalogPolicy) throws -> Void
  ) throws -> [PolicyRecord] {
    guard !author.isEmpty else { throw CatalogError.request(.emptyAuthor) }
    return try sealedWrite { context in
      let current = try CatalogPolicy(records: context.policyRecords())
      var target = current
      try change(&target)
      let draft = PolicyRecord(
        afterRevision: try context.headRevision(), time: Date(), author: author, action: .set,
        scope: .catalog, name: "")
      var written: [PolicyRecord] = []
      for var record in current.records(to: target, draft: draft) {
        record.id = try context.appendPolicyRecord(record)
        written.append(record)
      }
      return written.isEmpty ? .rollback(written) : .commit(written)
    }
  }

  /// What importing `entries` at `reference` would change, and which of those changes the
  /// policies refuse, without writing: `catalog check FILE --against REF`, the CI gate.
  ///
  /// - Parameter positions: where each entry starts in its file, for the findings.
  public func policyCheck(
    of entries: [CatalogEntry], positions: [SourcePosition]? = nil,
    at reference: RevisionReference = .head, prune: Bool = false,
    formerNames: FormerNames = .refuse
  ) throws -> ImportPreview {
    try plannedImport(
      of: entries, positions: positions, at: reference, prune: prune, formerNames: formerNames)
  }
}

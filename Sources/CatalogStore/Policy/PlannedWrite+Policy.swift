import CatalogDiff
import Components
import Foundation

/// The compatibility policies, checked on a planned write before ``RevisionWriter`` records
/// it, inside the same transaction (docs/policies.md).
extension PlannedWrite {
  /// The components the write changes, with the state each had at head and the one the
  /// write gives it: changed, renamed and added entries in the desired order, then removed
  /// ones. A first import has none to check: it only adds kinds, which no mode refuses.
  func policySubjects(context: any CatalogReadContext) throws -> [PolicySubject] {
    guard case .againstHead(let index, let entries, let rows, _, _, _, let removed) = shape else {
      return []
    }
    let returning = try returningComponents(context: context)
    var subjects: [PolicySubject] = []
    for planned in entries where planned.status != .unchanged {
      let row = Int(planned.row)
      let new = try rowEntry(row, rows: rows, context: context)
      var subject = PolicySubject(
        new: new, position: row < rowPositions.count ? rowPositions[row] : nil)
      if planned.existing >= 0 {
        let slot = Int(planned.existing)
        subject.component = index.componentID(slot)
        subject.old = try Self.headEntry(slot, index: index, context: context)
      } else if let previous = returning[row] {
        // A kind that comes back continues its component's history.
        subject.component = previous
      }
      subjects.append(subject)
    }
    for slot in removed {
      subjects.append(
        PolicySubject(
          component: index.componentID(slot),
          old: try Self.headEntry(slot, index: index, context: context), new: nil, position: nil))
    }
    return subjects
  }

  /// The violations of the write; throws the refusal unless the write allows breaking
  /// changes.
  func policyViolations(
    source: String, options: WriteOptions, in context: any CatalogReadContext
  ) throws -> [PolicyViolation] {
    guard case .againstHead = shape, let check = try PolicyCheck.load(from: context) else {
      return []
    }
    let violations = try check.violations(
      of: policySubjects(context: context), base: result.head, in: context)
    if !violations.isEmpty, options.allowBreaking == nil {
      throw PolicyRefusal(source: source, violations: violations)
    }
    return violations
  }

  /// After the revision is recorded: the waiver for the violations it was allowed to make,
  /// and the kind-level policies of renamed kinds moved to their new names.
  func recordPolicyEffects(
    on result: inout WriteResult, violations: [PolicyViolation],
    clientRejections: [ClientRejection] = [], options: WriteOptions,
    in context: any CatalogWriteContext
  ) throws {
    guard let revision = result.revision else { return }
    if let reason = options.allowBreaking, !violations.isEmpty || !clientRejections.isEmpty {
      let waiver = Waiver(
        revision: revision.id, time: revision.time, author: options.author, reason: reason,
        changes: violations.map(\.waived) + clientRejections.map(\.waived))
      try context.appendWaiver(waiver)
      result.waiver = waiver
      result.waivedViolations = violations
    }
    try carryPolicies(afterRevision: revision.id, author: options.author, in: context)
  }

  /// A rename keeps the kind's own mode and ignores: they move to the new name, recorded as
  /// policy changes by the same write (no silent escape from a policy by renaming).
  private func carryPolicies(
    afterRevision revision: Int64, author: String, in context: any CatalogWriteContext
  ) throws {
    guard case .againstHead(let index, let entries, let rows, _, _, _, _) = shape else { return }
    let renamed = entries.filter { $0.isRename && $0.existing >= 0 }.map {
      (old: index.kind(Int($0.existing)), new: rows.kind(Int($0.row)))
    }
    guard !renamed.isEmpty else { return }
    let policy = try CatalogPolicy(records: context.policyRecords())
    var target = policy
    for (old, new) in renamed where !old.hasSameBytes(as: new) {
      if let mode = policy.mode(at: .kind, name: old), policy.mode(at: .kind, name: new) == nil {
        target.set(nil, at: .kind, name: old)
        target.set(mode, at: .kind, name: new)
      }
      for ignore in policy.ignores where ignore.kind.hasSameBytes(as: old) {
        target.removeIgnore(ignore)
        target.addIgnore(
          CatalogPolicy.Ignore(kind: new, rule: ignore.rule, pointer: ignore.pointer))
      }
    }
    let draft = PolicyRecord(
      afterRevision: revision, time: Date(), author: author, action: .set, scope: .kind, name: "")
    for record in policy.records(to: target, draft: draft) {
      _ = try context.appendPolicyRecord(record)
    }
  }

  private static func headEntry(
    _ slot: Int, index: RevisionIndex, context: any CatalogReadContext
  ) throws -> CatalogEntry {
    let stored = index.entry(slot)
    return try EntryCodec.entry(
      kind: stored.kind, category: stored.category, description: stored.description,
      payload: try context.payload(stored.payloadID), extra: stored.extra,
      keyOrder: stored.keyOrder)
  }

  private func rowEntry(_ row: Int, rows: PlannedRows, context: any CatalogReadContext) throws
    -> CatalogEntry
  {
    let payload =
      try unstoredPayloads.map { JSONText(canonicalBytes: $0[row] ?? []) }
      ?? context.payload(rows.payloadID(row))
    return try rows.withTexts(row) { kind, category, description, extra, keyOrder in
      func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
      }
      return try EntryCodec.entry(
        kind: text(kind), category: text(category), description: text(description),
        payload: payload, extra: extra.map(text), keyOrder: keyOrder.map(text))
    }
  }
}

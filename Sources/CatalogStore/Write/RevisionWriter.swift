import Components
import Foundation

/// Records a ``PlannedWrite`` as one revision: the revision row, the components of added
/// kinds, one entry row for each component that was added, changed, moved or removed, and
/// the document's frame when it changed, and nothing else. Nothing is written when the plan changes nothing or on a dry run.
struct RevisionWriter {
  let context: any CatalogWriteContext

  /// Writes the revision, or reports what it would be.
  func write(
    _ planned: PlannedWrite, options: WriteOptions, source: String, operation: String
  ) throws -> WriteDecision<WriteResult> {
    var result = planned.result
    result.dryRun = options.dryRun
    guard !result.isUnchanged else { return .rollback(result) }
    // The policies are checked here, inside the write and under the writer lock: a refusal
    // throws, so nothing lands (a dry run is refused as the write would be).
    let violations = try planned.policyViolations(source: source, options: options, in: context)
    // So are the retained app builds' contracts (mode CLIENTS): a payload one of them cannot
    // decode is refused the same way.
    let rejections = try planned.clientRejections(source: source, options: options, in: context)
    guard !options.dryRun else { return .rollback(result) }
    let revision = try context.appendRevision(
      RevisionDraft(
        time: nil, author: options.author, message: options.message, source: source,
        operation: operation, counts: result.counts))
    if let frame = planned.frame {
      try context.appendDocumentFrame(frame, revision: revision)
    }
    switch planned.shape {
    case .firstImport(let reserved):
      guard revision == reserved else {
        throw CatalogError.database(.inconsistent("the first revision got id \(revision)"))
      }
    case .againstHead(let index, let entries, let rows, let placement, let moved, _, let removed):
      let components = try assignComponents(planned, entries: entries, rows: rows)
      for (i, entry) in entries.enumerated() {
        switch entry.status {
        case .unchanged:
          guard moved[i], let key = placement.newKey(of: i) else { continue }
          try appendCopy(
            of: Int(entry.existing), index: index, change: .moved, orderKey: key, revision)
        case .changed, .added:
          let row = Int(entry.row)
          let change: EntryChange =
            entry.status == .added ? .added : entry.isRename ? .renamed : .changed
          let componentID = entry.status == .added ? components[row] : rows.componentID(row)
          var orderKey = placement.key(of: i, entry, in: index)
          try orderKey.withUTF8 { orderKey in
            try rows.withTexts(row) { kind, category, description, extra, keyOrder in
              try context.appendVersion(
                EntryRow(
                  componentID: componentID, revision: revision, change: change, kind: kind,
                  category: category, description: description, payloadID: rows.payloadID(row),
                  extra: extra, keyOrder: keyOrder, orderKey: UnsafeRawBufferPointer(orderKey)))
            }
          }
        }
      }
      for slot in removed {
        try appendCopy(of: slot, index: index, change: .removed, orderKey: nil, revision)
      }
    }
    result.revision = try context.revision(revision)
    result.head = revision
    try planned.recordPolicyEffects(
      on: &result, violations: violations, clientRejections: rejections, options: options,
      in: context)
    return .commit(result)
  }

  /// The component of every added row: one that comes back
  /// (``PlannedWrite/returningComponents(context:)``), else a new one, numbered in desired
  /// order.
  private func assignComponents(
    _ planned: PlannedWrite, entries: [PlannedEntry], rows: PlannedRows
  ) throws -> [Int64] {
    let returning = try planned.returningComponents(context: context)
    var components = [Int64](repeating: 0, count: rows.count)
    var needNew: [Int] = []
    for entry in entries where entry.status == .added {
      let row = Int(entry.row)
      if let component = returning[row] {
        components[row] = component
      } else {
        needNew.append(row)
      }
    }
    if !needNew.isEmpty {
      let first = try context.newComponents(count: needNew.count)
      for (offset, row) in needNew.enumerated() { components[row] = first + Int64(offset) }
    }
    return components
  }

  /// Appends a row that copies a head entry with a new change (and order key).
  private func appendCopy(
    of slot: Int, index: RevisionIndex, change: EntryChange, orderKey newKey: String?,
    _ revision: Int64
  ) throws {
    try index.withTexts(slot) { kind, category, description, extra, keyOrder, orderKey in
      func append(_ orderKey: UnsafeRawBufferPointer) throws {
        try context.appendVersion(
          EntryRow(
            componentID: index.componentID(slot), revision: revision, change: change, kind: kind,
            category: category, description: description, payloadID: index.payloadID(slot),
            extra: extra, keyOrder: keyOrder, orderKey: orderKey))
      }
      if var newKey {
        try newKey.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
      } else {
        try append(orderKey)
      }
    }
  }
}

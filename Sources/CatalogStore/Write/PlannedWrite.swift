import Components

/// A write as planned by ``ChangePlanner``, before any of it is recorded: what it will report
/// (``result``: counts and the kinds added, changed, moved, removed and kept) and the rows
/// ``RevisionWriter`` will append for it.
///
/// This is the seam where a write's changes can be looked at before they are written: every
/// write path (import, restore, revert, rename, deprecate, patch) makes one and hands it to
/// the writer in the same transaction. In a first import (``ChangePlanner/Mode/firstImport``)
/// the engine has already stored the added rows in that open transaction, so refusing such a
/// write means rolling the transaction back, which leaves the catalog untouched as always.
struct PlannedWrite {
  enum Shape {
    /// Rows of added and changed entries, copies for moved and removed ones.
    case againstHead(
      index: RevisionIndex, entries: [PlannedEntry], rows: PlannedRows,
      placement: OrderKeyPlacement, moved: [Bool], kept: [Int], removed: [Int])
    /// Every entry was added and its row stored as read; only the revision is left to write.
    case firstImport(revision: Int64)
  }

  /// What the write reports; `revision` is nil until it is recorded.
  var result: WriteResult
  let shape: Shape
  /// Where each row's entry starts in the submitted file, for the policy check's findings.
  var rowPositions: [SourcePosition?] = []
  /// The payload texts of the rows, when they were not stored (a dry run).
  var unstoredPayloads: [Int: [UInt8]]?
  /// The document frame the write records, when it differs from head's.
  private(set) var frame: DocumentFrame?
  /// Whether the document written is a bare array (where an entry's pointer is `/N`).
  var recordsBareArray = false

  /// Makes the write record `frame` as the document's new frame. The first revision records
  /// the frame the catalog starts with, which it does not report as a change: there was no
  /// document before it.
  mutating func changeFrame(to frame: DocumentFrame) {
    self.frame = frame
    result.recordsFrame = true
    result.changedFrame = result.head > 0
  }

  init(
    result: WriteResult, index: RevisionIndex, entries: [PlannedEntry], rows: PlannedRows,
    placement: OrderKeyPlacement, moved: [Bool], kept: [Int], removed: [Int]
  ) {
    self.result = result
    self.shape = .againstHead(
      index: index, entries: entries, rows: rows, placement: placement, moved: moved, kept: kept,
      removed: removed)
  }

  init(firstImport result: WriteResult, revision: Int64) {
    self.result = result
    self.shape = .firstImport(revision: revision)
  }

  /// Where each entry of the catalog this write leaves comes from, in export order: a head
  /// entry kept as it is (`head`, its slot) or an entry of the desired catalog (`desired`,
  /// its index in the order the entries were added).
  enum Source: Equatable {
    case head(Int)
    case desired(Int)
  }

  /// Desired kind → head's kind, for each entry that takes over a head entry under other
  /// bytes: a kind that matched head's up to Unicode canonical equivalence
  /// (``RevisionIndex/slot(matching:)``), or an explicit rename. What
  /// ``CatalogDiff/init(old:new:renames:)`` needs to show such an entry as the write records
  /// it: one component, renamed, not one kind removed and another added.
  ///
  /// - Parameter desiredKind: The kind of the desired entry at an index (the order the
  ///   entries were added in, as ``Source/desired(_:)`` counts them).
  func renamedKinds(desiredKind: (Int) -> String) -> [String: String] {
    guard case .againstHead(let index, let entries, _, _, _, _, _) = shape else { return [:] }
    var renames: [String: String] = [:]
    for (i, planned) in entries.enumerated()
    where planned.existing >= 0 && planned.status != .unchanged {
      let headKind = index.kind(Int(planned.existing))
      let kind = desiredKind(i)
      if !kind.hasSameBytes(as: headKind) { renames[kind] = headKind }
    }
    return renames
  }

  /// The order of the catalog this write leaves, as an export of the new revision lists it.
  func resultingOrder() -> [Source] {
    switch shape {
    case .firstImport:
      return result.added.indices.map(Source.desired)
    case .againstHead(let index, let entries, _, let placement, _, let kept, _):
      var keyed: [(key: String, source: Source)] = []
      for (i, planned) in entries.enumerated() {
        keyed.append(
          (
            placement.key(of: i, planned, in: index),
            planned.status == .unchanged ? .head(Int(planned.existing)) : .desired(i)
          ))
      }
      for slot in kept { keyed.append((index.orderKey(slot), .head(slot))) }
      return keyed.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
        .map(\.source)
    }
  }

  /// The component each added row continues, nil for a new component (indexed by row; nil
  /// for rows that are not added): the one the planner was told about
  /// (``ChangePlanner/returning``), else the component the kind means at head
  /// (``CatalogReadContext/component(named:atOrBefore:)``) when it is absent there, so that a
  /// kind that was removed and comes back continues its history. A component comes back
  /// once: a write that brings back two kinds one component bore gives the second a new
  /// component, so no revision holds two rows of one component. What the writer records
  /// and the policy check judges.
  func returningComponents(context: any CatalogReadContext) throws -> [Int64?] {
    guard case .againstHead(let index, let entries, let rows, _, _, _, _) = shape else {
      return []
    }
    var components = [Int64?](repeating: nil, count: rows.count)
    let head = result.head
    var taken: Set<Int64>?
    for planned in entries where planned.status == .added {
      let row = Int(planned.row)
      let told = rows.componentID(row)
      // An empty catalog has no history to continue.
      guard
        let candidate = told != 0
          ? told
          : head > 0 ? try context.component(named: rows.kind(row), atOrBefore: head) : nil
      else { continue }
      if taken == nil { taken = Set((0..<index.count).map(index.componentID)) }
      if taken?.insert(candidate).inserted == true { components[row] = candidate }
    }
    return components
  }

  /// The kind of head's entry in `slot` (for the sources ``resultingOrder()`` gives).
  func headKind(_ slot: Int) -> String {
    guard case .againstHead(let index, _, _, _, _, _, _) = shape else { return "" }
    return index.kind(slot)
  }
}

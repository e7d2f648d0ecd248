import CatalogDiff
import CatalogStore
import Components

/// What each revision did to each component, gathered by the one pass for the revision
/// pages, which are written after it: one 32-byte record per stored entry version, and in
/// one byte buffer the kinds that are not the component's name at the site's revision, the
/// kinds before renames, and the field changes already rendered (``HTML/fieldChanges(_:)``)
/// with their classes counted.
struct RevisionRows {
  struct Row {
    var revision: Int64
    var change: EntryChange
    /// A ``KindTable`` index when the kind is the name of the row's page, else `-(o + 1)`
    /// for the text at offset `o` in the buffer.
    var kind: Int32
    /// The offset of the kind before a rename, -1 when there was none.
    var previous: Int32
    /// The offset of the field changes (their class counts, then their HTML), -1 for none.
    var fields: Int32
    /// The kind's page (``KindTable`` index), -1 when it has none.
    var page: Int32
  }

  private(set) var rows: [Row] = []
  private var bytes: [UInt8] = []
  private var scratch = HTML(capacity: 4 << 10)

  /// Adds what `change` did in `revision`; `page` is the component's page at the site's
  /// revision.
  mutating func add(
    _ change: ComponentChange, revision: Int64, page: Int?, kinds: KindTable
  ) {
    var kind: Int32
    if let page, kinds.kind(page, is: change.kind) {
      kind = Int32(page)
    } else {
      kind = -append(change.kind.utf8) - 1
    }
    let previous = change.previousKind.map { append($0.utf8) } ?? -1
    var fields: Int32 = -1
    if !change.fields.isEmpty {
      fields = Int32(bytes.count)
      for changeClass in ChangeClass.allCases {
        appendInt32(Int32(change.fields.count { $0.changeClass == changeClass }))
      }
      scratch.reset()
      scratch.fieldChanges(change.fields)
      _ = append(scratch.bytes)
    }
    rows.append(
      Row(
        revision: revision, change: change.change, kind: kind, previous: previous,
        fields: fields, page: Int32(page ?? -1)))
  }

  /// Appends `text` after its length; returns where the length is.
  private mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int32 {
    let start = Int32(bytes.count)
    appendInt32(Int32(text.count))
    bytes.append(contentsOf: text)
    return start
  }

  private mutating func appendInt32(_ value: Int32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private func int32(at offset: Int) -> Int32 {
    var value: Int32 = 0
    withUnsafeMutableBytes(of: &value) { target in
      for i in 0..<4 { target[i] = bytes[offset + i] }
    }
    return Int32(littleEndian: value)
  }

  /// The text whose length is at `offset`.
  private func text(at offset: Int32) -> ArraySlice<UInt8> {
    let start = Int(offset) + 4
    return bytes[start..<start + Int(int32(at: Int(offset)))]
  }

  private func kindBytes(_ row: Row, kinds: KindTable) -> ArraySlice<UInt8> {
    row.kind >= 0 ? kinds.kindBytes(Int(row.kind)) : text(at: -row.kind - 1)
  }

  /// The kind of `row`.
  func kind(_ row: Row, kinds: KindTable) -> String {
    String(decoding: kindBytes(row, kinds: kinds), as: UTF8.self)
  }

  func previousKind(_ row: Row) -> String? {
    row.previous < 0 ? nil : String(decoding: text(at: row.previous), as: UTF8.self)
  }

  /// The rendered field changes of `row` (empty for none).
  func fields(_ row: Row) -> ArraySlice<UInt8> {
    row.fields < 0 ? [] : text(at: row.fields + 16)
  }

  /// How many of the row's changes are of each class, in ``ChangeClass/allCases`` order: its
  /// field changes', and an addition's (additive) or a removal's or rename's (breaking), as
  /// ``ComponentChange/classes`` counts them.
  func classes(_ row: Row) -> [Int] {
    var counts = [0, 0, 0, 0]
    if row.fields >= 0 {
      for i in 0..<4 { counts[i] = Int(int32(at: Int(row.fields) + 4 * i)) }
    }
    switch row.change {
    case .added: counts[1] += 1
    case .removed, .renamed: counts[0] += 1
    case .changed, .moved: break
    }
    return counts
  }

  /// The rows by revision, then by kind (bytewise), rows of one kind in the order they were
  /// added (component order): the order of each revision page's list.
  func ordered(kinds: KindTable) -> [Int32] {
    (0..<Int32(rows.count)).sorted { a, b in
      let (rowA, rowB) = (rows[Int(a)], rows[Int(b)])
      if rowA.revision != rowB.revision { return rowA.revision < rowB.revision }
      let (x, y) = (kindBytes(rowA, kinds: kinds), kindBytes(rowB, kinds: kinds))
      if x.elementsEqual(y) { return a < b }
      return x.lexicographicallyPrecedes(y)
    }
  }
}

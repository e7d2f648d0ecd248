import CatalogStorage
import Components

/// Entry versions waiting to be inserted together by ``SQLiteContext``: each row's texts
/// copied into one buffer (the caller's bytes are only borrowed), its numbers in arrays.
struct PendingVersions {
  /// Rows per multi-row INSERT: 640 parameters, well under SQLite's limit of 32,766
  /// (https://sqlite.org/limits.html#max_variable_number).
  static let batchSize = 64

  private enum Field: Int, CaseIterable {
    case kind, category, description, extra, keyOrder, position
  }

  private var texts = ByteStrings()
  private var numbers: [(componentID: Int64, revision: Int64, payloadID: Int64)] = []
  private var changes: [EntryChange] = []
  /// Bit 0: `extra` is NULL; bit 1: `key_order` is NULL.
  private var nulls: [UInt8] = []

  var count: Int { numbers.count }

  mutating func append(_ row: VersionRowBytes, revision: Int64) {
    texts.append(row.kind)
    texts.append(row.category)
    texts.append(row.description)
    texts.append(row.extra ?? UnsafeRawBufferPointer(start: nil, count: 0))
    texts.append(row.keyOrder ?? UnsafeRawBufferPointer(start: nil, count: 0))
    texts.append(row.position)
    numbers.append((row.componentID, revision, row.payloadID))
    changes.append(row.change)
    nulls.append((row.extra == nil ? 1 : 0) | (row.keyOrder == nil ? 2 : 0))
  }

  mutating func removeAll() {
    texts.removeAll()
    numbers.removeAll(keepingCapacity: true)
    changes.removeAll(keepingCapacity: true)
    nulls.removeAll(keepingCapacity: true)
  }

  /// Binds `rows` to the parameters of `statement` (ten per row, in the INSERT's column
  /// order) and runs it once.
  func bind(to statement: Statement, rows: Range<Int>) throws {
    try texts.withStorage { stored in
      for (n, row) in rows.enumerated() {
        let first = Int32(n * 10)
        let base = row * Field.allCases.count
        let change = changes[row].columnText
        try statement.bind(numbers[row].componentID, at: first + 1)
        try statement.bind(numbers[row].revision, at: first + 2)
        try statement.bindTextNoCopy(
          UnsafeRawBufferPointer(start: change.utf8Start, count: change.utf8CodeUnitCount),
          at: first + 3)
        try statement.bindTextNoCopy(stored[base + Field.kind.rawValue], at: first + 4)
        try statement.bindTextNoCopy(stored[base + Field.category.rawValue], at: first + 5)
        try statement.bindTextNoCopy(stored[base + Field.description.rawValue], at: first + 6)
        try statement.bind(numbers[row].payloadID, at: first + 7)
        try statement.bindTextNoCopy(
          nulls[row] & 1 != 0 ? nil : stored[base + Field.extra.rawValue], at: first + 8)
        try statement.bindTextNoCopy(
          nulls[row] & 2 != 0 ? nil : stored[base + Field.keyOrder.rawValue], at: first + 9)
        try statement.bindTextNoCopy(stored[base + Field.position.rawValue], at: first + 10)
      }
      // The texts are bound without a copy: step while they live, then drop the bindings.
      defer {
        statement.reset()
        statement.clearBindings()
      }
      _ = try statement.step()
    }
  }
}

import CatalogStorage

/// SQLite's ``PayloadCursor``: one statement over the payload table in rowid order, stepped
/// forward while the payloads asked for come in ascending id order and sought again (a
/// primary-key probe) when they do not.
///
/// Stepping to the next row reads the page already in hand; a probe walks the B-tree from its
/// root, which for the 100,000 payloads of a re-import was a fifth of the work. The
/// statement stays open between calls inside the context's transaction: rows this write
/// inserts meanwhile may or may not be seen by it (https://sqlite.org/isolation.html), which
/// does not matter, because every row it returns is checked to be the one asked for, and
/// payloads not yet inserted are read from the context's pending ones.
final class SQLitePayloadCursor: PayloadCursor {
  /// How far ahead (in ids) a payload may be and still be reached by stepping.
  private static let maxStep: Int64 = 16
  private static let sql = "SELECT id, json FROM payload WHERE id >= ?1 ORDER BY id"

  private let context: SQLiteContext
  private var statement: Statement?
  /// The id of the row the statement is on; nil when it is on none.
  private var current: Int64?

  init(context: SQLiteContext) {
    self.context = context
  }

  func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    if context.pendingPayloads.text(of: id) != nil { return try context.withPayload(id, body) }
    let statement = try self.statement ?? context.database.makeStatement(sql: Self.sql)
    self.statement = statement
    if let start = current, start < id, id - start <= Self.maxStep {
      while let at = current, at < id {
        current = try statement.step() ? statement.int64(at: 0) : nil
      }
    } else if current != id {
      statement.reset()
      try statement.bind(id, at: 1)
      current = try statement.step() ? statement.int64(at: 0) : nil
    }
    guard current == id else {
      // Not stored (the context says so with its error), or not seen by the open statement.
      return try context.withPayload(id, body)
    }
    return try body(statement.textBytes(at: 1))
  }

  func close() {
    statement?.reset()
    statement = nil
    current = nil
  }
}

extension SQLiteContext {
  func payloadCursor() throws -> any PayloadCursor {
    SQLitePayloadCursor(context: self)
  }
}

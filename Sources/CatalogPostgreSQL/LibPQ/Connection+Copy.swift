import CLibPQ

extension Connection {
  /// Runs `COPY … FROM STDIN` and streams the rows `body` writes to the server: one round
  /// trip for any number of rows (https://www.postgresql.org/docs/current/sql-copy.html).
  ///
  ///     try connection.copyIn("COPY payload (id, hash, json) FROM STDIN") { rows in
  ///       rows.append(42); rows.append(hash); rows.append(text: bytes); rows.endRow()
  ///     }
  ///
  /// - Parameters:
  ///   - sql: A `COPY table (columns) FROM STDIN` statement in the default text format.
  ///   - body: Writes the rows. If it throws, the copy is abandoned and nothing it wrote
  ///     lands.
  /// - Returns: The number of rows copied.
  /// - Throws: ``PostgreSQLError`` from the server (a constraint, a permission, a lost
  ///   connection), or what `body` throws.
  @discardableResult
  func copyIn(_ sql: String, rows: CopyBuffer) throws -> Int {
    try copyIn(sql) { try $0.append(rows: rows) }
  }

  /// ``copyIn(_:rows:)`` with the rows written by `body`, sent as it writes them.
  @discardableResult
  func copyIn(_ sql: String, _ body: (CopyRows) throws -> Void) throws -> Int {
    let started = try QueryResult(checking: PQexec(handle, sql), connection: handle, sql: sql)
    guard PQresultStatus(started.handle) == PGRES_COPY_IN else {
      throw PostgreSQLError.misuse("the statement is not a COPY FROM STDIN", sql: sql)
    }
    let rows = CopyRows(connection: self, sql: sql)
    do {
      try body(rows)
      try rows.flush()
    } catch {
      _ = PQputCopyEnd(handle, "cancelled by the client")
      drainResults()
      throw error
    }
    guard PQputCopyEnd(handle, nil) == 1 else {
      let error = PostgreSQLError(result: nil, connection: handle, sql: sql)
      drainResults()
      throw error
    }
    let final = PQgetResult(handle)
    let result = try QueryResult(checking: final, connection: handle, sql: sql)
    drainResults()
    return result.affectedRows
  }

  /// Sends `bytes` as COPY data.
  func putCopyData(_ bytes: ArraySlice<UInt8>, sql: String) throws {
    let sent = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        PQputCopyData(handle, $0.baseAddress, Int32($0.count))
      }
    }
    guard sent == 1 else {
      throw PostgreSQLError(result: nil, connection: handle, sql: sql)
    }
  }

  /// Reads and frees results until libpq has none left, so the connection can take the next
  /// command.
  func drainResults() {
    while let result = PQgetResult(handle) {
      PQclear(result)
    }
  }
}

/// The rows of a ``Connection/copyIn(_:_:)``, sent in pieces of about 256 KiB as they are
/// written.
final class CopyRows {
  private unowned let connection: Connection
  private let sql: String
  private var buffer = CopyBuffer()
  private static let chunkSize = 1 << 18

  init(connection: Connection, sql: String) {
    self.connection = connection
    self.sql = sql
  }

  /// Appends an integer field.
  func append(_ value: Int64) { buffer.append(value) }

  /// Appends a text field.
  func append(text: String) { buffer.append(text: text) }

  /// Appends a NULL field.
  func appendNull() { buffer.appendNull() }

  /// Ends the row, sending the buffered rows when there are enough of them.
  func endRow() throws {
    buffer.endRow()
    if buffer.bytes.count >= Self.chunkSize {
      try flush()
    }
  }

  /// Appends rows encoded elsewhere, sending them in pieces.
  func append(rows: CopyBuffer) throws {
    try flush()
    var start = 0
    let bytes = rows.bytes
    while start < bytes.count {
      let end = min(start + Self.chunkSize, bytes.count)
      try connection.putCopyData(bytes[start..<end], sql: sql)
      start = end
    }
  }

  /// Sends the buffered rows.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    try connection.putCopyData(buffer.bytes[...], sql: sql)
    buffer.removeAll()
  }
}

@available(*, unavailable, message: "COPY rows belong to the thread of their connection")
extension CopyRows: Sendable {}

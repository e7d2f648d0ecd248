import CLibPQ

extension Connection {
  /// Runs `COPY … FROM STDIN` and streams the rows `body` writes to the server: one round
  /// trip for any number of rows (https://www.postgresql.org/docs/current/sql-copy.html), in
  /// the format the statement names (text unless it says `(FORMAT binary)`).
  ///
  ///     try connection.copyIn("COPY payload (id, hash, json) FROM STDIN (FORMAT binary)") {
  ///       rows in rows.append(42); rows.append(hash); rows.append(text: bytes); try rows.endRow()
  ///     }
  ///
  /// - Parameters:
  ///   - sql: A `COPY table (columns) FROM STDIN` statement, in the text or binary format.
  ///   - body: Writes the rows. If it throws, the copy is abandoned and nothing it wrote
  ///     lands.
  /// - Returns: The number of rows copied.
  /// - Throws: ``PostgreSQLError`` from the server (a constraint, a permission, a lost
  ///   connection), or what `body` throws.
  @discardableResult
  func copyIn(_ sql: String, _ body: (CopyRows) throws -> Void) throws -> Int {
    try copyIn(sql, format: nil) { format in
      let rows = CopyRows(connection: self, sql: sql, format: format)
      try body(rows)
      try rows.flush()
    }
  }

  /// ``copyIn(_:_:)`` of rows encoded elsewhere, sent in pieces of about 256 KiB.
  ///
  /// - Throws: ``PostgreSQLError/misuse(_:sql:)`` if the rows' format is not the
  ///   statement's (before any row is sent).
  @discardableResult
  func copyIn(_ sql: String, rows: CopyBuffer) throws -> Int {
    try copyIn(sql, format: rows.format) { _ in
      try putCopyData(rows.start[...], sql: sql)
      var start = 0
      let bytes = rows.bytes
      while start < bytes.count {
        let end = min(start + CopyRows.chunkSize, bytes.count)
        try putCopyData(bytes[start..<end], sql: sql)
        start = end
      }
      try putCopyData(rows.end[...], sql: sql)
    }
  }

  /// Starts the COPY, checks its format against `expected` (when given), runs `send` with
  /// the statement's format and ends the COPY, or abandons it if `send` throws.
  private func copyIn(
    _ sql: String, format expected: CopyBuffer.Format?,
    _ send: (CopyBuffer.Format) throws -> Void
  ) throws -> Int {
    let started = try QueryResult(checking: PQexec(handle, sql), connection: handle, sql: sql)
    guard PQresultStatus(started.handle) == PGRES_COPY_IN else {
      throw PostgreSQLError.misuse("the statement is not a COPY FROM STDIN", sql: sql)
    }
    let format: CopyBuffer.Format = PQbinaryTuples(started.handle) == 1 ? .binary : .text
    do {
      if let expected, expected != format {
        throw PostgreSQLError.misuse(
          "the rows are in COPY's \(expected) format, the statement's is \(format)", sql: sql)
      }
      try send(format)
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
    guard !bytes.isEmpty else { return }
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

/// The rows of a ``Connection/copyIn(_:_:)``, in its statement's format, sent in pieces of
/// about 256 KiB as they are written.
final class CopyRows {
  private unowned let connection: Connection
  private let sql: String
  private var buffer: CopyBuffer
  private var started = false
  static let chunkSize = 1 << 18

  init(connection: Connection, sql: String, format: CopyBuffer.Format) {
    self.connection = connection
    self.sql = sql
    buffer = CopyBuffer(format: format)
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
      try send()
    }
  }

  /// Sends the buffered rows and what ends them.
  func flush() throws {
    try send()
    try connection.putCopyData(buffer.end[...], sql: sql)
  }

  /// Sends the buffered rows, after the format's header before the first.
  private func send() throws {
    if !started {
      started = true
      try connection.putCopyData(buffer.start[...], sql: sql)
    }
    try connection.putCopyData(buffer.bytes[...], sql: sql)
    buffer.removeAll()
  }
}

@available(*, unavailable, message: "COPY rows belong to the thread of their connection")
extension CopyRows: Sendable {}

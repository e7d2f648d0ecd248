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
  func putCopyData(_ bytes: [UInt8], sql: String) throws {
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

/// The rows of a ``Connection/copyIn(_:_:)`` in `COPY`'s text format: fields separated by
/// tabs, rows ended by newlines, `\N` for NULL, and backslash, tab, newline and carriage
/// return escaped with a backslash.
final class CopyRows {
  private unowned let connection: Connection
  private let sql: String
  private var buffer: [UInt8] = []
  private var fieldsInRow = 0
  /// Data is sent in pieces of about this many bytes.
  private static let chunkSize = 1 << 18

  init(connection: Connection, sql: String) {
    self.connection = connection
    self.sql = sql
    buffer.reserveCapacity(Self.chunkSize + 4096)
  }

  /// Appends an integer field.
  func append(_ value: Int64) {
    separate()
    var number = value
    if number == 0 {
      buffer.append(UInt8(ascii: "0"))
      return
    }
    if number < 0 {
      buffer.append(UInt8(ascii: "-"))
    }
    let start = buffer.count
    while number != 0 {
      let digit = number % 10
      buffer.append(UInt8(ascii: "0") + UInt8(digit < 0 ? -digit : digit))
      number /= 10
    }
    buffer[start...].reverse()
  }

  /// Appends a text field from its UTF-8 bytes, escaped.
  func append(text bytes: UnsafeRawBufferPointer) {
    separate()
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\\"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\t"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case UInt8(ascii: "\n"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      default: buffer.append(byte)
      }
    }
  }

  /// Appends a text field.
  func append(text: String) {
    var text = text
    text.withUTF8 { append(text: UnsafeRawBufferPointer($0)) }
  }

  /// Appends a text field, or NULL.
  func append(optionalText text: String?) {
    if let text { append(text: text) } else { appendNull() }
  }

  /// Appends a NULL field.
  func appendNull() {
    separate()
    buffer += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
  }

  /// Ends the row, sending the buffered rows when there are enough of them.
  func endRow() throws {
    buffer.append(UInt8(ascii: "\n"))
    fieldsInRow = 0
    if buffer.count >= Self.chunkSize {
      try flush()
    }
  }

  /// Sends the buffered rows.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    try connection.putCopyData(buffer, sql: sql)
    buffer.removeAll(keepingCapacity: true)
  }

  private func separate() {
    if fieldsInRow > 0 {
      buffer.append(UInt8(ascii: "\t"))
    }
    fieldsInRow += 1
  }
}

@available(*, unavailable, message: "COPY rows belong to the thread of their connection")
extension CopyRows: Sendable {}

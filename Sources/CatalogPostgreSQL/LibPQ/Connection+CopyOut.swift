import CLibPQ

extension Connection {
  /// Runs `COPY (query) TO STDOUT (FORMAT binary)` and calls `body` with each row as it
  /// arrives: one stream for the whole result instead of a result per row (single-row
  /// mode), the rows parsed where libpq received them
  /// (https://www.postgresql.org/docs/current/sql-copy.html, "Binary Format").
  ///
  /// - Parameters:
  ///   - query: A `SELECT` whose columns are all text (cast others: a row's values are read
  ///     as ``QueryResult``'s are, as text). No parameters: COPY takes none.
  ///   - body: Receives each row, valid only during the call.
  /// - Throws: ``PostgreSQLError`` from the server (which may come after some rows were
  ///   delivered), `.misuse` for a stream that is not COPY's binary format, or what `body`
  ///   throws; either way the rest of the stream is discarded and the connection is ready
  ///   for the next command.
  func forEachCopiedRow(_ query: String, _ body: (CopyOutRow) throws -> Void) throws {
    let sql = "COPY (\(query)) TO STDOUT (FORMAT binary)"
    let started = try QueryResult(checking: PQexec(handle, sql), connection: handle, sql: sql)
    guard PQresultStatus(started.handle) == PGRES_COPY_OUT else {
      drainResults()
      throw PostgreSQLError.misuse("the statement is not a COPY TO STDOUT", sql: sql)
    }
    let row = CopyOutRow(sql: sql)
    var sawHeader = false
    do {
      while true {
        var data: UnsafeMutablePointer<CChar>?
        let length = PQgetCopyData(handle, &data, 0)
        if length == -1 { break }
        guard length >= 0, let data else {
          throw PostgreSQLError(result: nil, connection: handle, sql: sql)
        }
        defer { PQfreemem(data) }
        var message = UnsafeRawBufferPointer(start: data, count: Int(length))
        if !sawHeader {
          message = try CopyOutRow.skipHeader(message, sql: sql)
          sawHeader = true
        }
        while !message.isEmpty {
          message = try row.parse(message)
          if row.columnCount >= 0 { try body(row) }
        }
      }
    } catch {
      var data: UnsafeMutablePointer<CChar>?
      while PQgetCopyData(handle, &data, 0) >= 0 {
        if let data { PQfreemem(data) }
        data = nil
      }
      drainResults()
      throw error
    }
    // The stream's end; its result says whether the query failed on the way.
    defer { drainResults() }
    _ = try QueryResult(checking: PQgetResult(handle), connection: handle, sql: sql)
  }
}

/// One row of a binary COPY stream (``Connection/forEachCopiedRow(_:_:)``), read as a
/// one-row ``QueryResult`` is: its values borrowed from the stream's message.
final class CopyOutRow: TextRow {
  let sql: String?
  private var values: [UnsafeRawBufferPointer?] = []
  /// The number of columns of the row parsed last; -1 after the stream's trailer.
  private(set) var columnCount = 0

  init(sql: String?) {
    self.sql = sql
  }

  /// The signature, flags and header extension at the start of a binary COPY stream.
  private static let signature: [UInt8] = Array("PGCOPY\n".utf8) + [0xff, 0x0d, 0x0a, 0x00]

  /// `message` after the stream's header.
  static func skipHeader(
    _ message: UnsafeRawBufferPointer, sql: String
  ) throws -> UnsafeRawBufferPointer {
    let fixed = signature.count + 8
    guard message.count >= fixed, message.prefix(signature.count).elementsEqual(signature) else {
      throw PostgreSQLError.misuse("the COPY stream has no binary header", sql: sql)
    }
    let extensionLength = Int(integer(message, at: signature.count + 4, as: UInt32.self))
    guard message.count >= fixed + extensionLength else {
      throw PostgreSQLError.misuse("the COPY stream's header is cut short", sql: sql)
    }
    return UnsafeRawBufferPointer(rebasing: message[(fixed + extensionLength)...])
  }

  /// Reads the tuple (or the trailer) at the start of `message` and returns what follows.
  func parse(_ message: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer {
    guard message.count >= 2 else { throw cutShort() }
    let count = Int(Int16(bitPattern: Self.integer(message, at: 0, as: UInt16.self)))
    values.removeAll(keepingCapacity: true)
    guard count >= 0 else {
      columnCount = -1
      return UnsafeRawBufferPointer(rebasing: message[2...])
    }
    var offset = 2
    for _ in 0..<count {
      guard message.count >= offset + 4 else { throw cutShort() }
      let length = Int(Int32(bitPattern: Self.integer(message, at: offset, as: UInt32.self)))
      offset += 4
      if length < 0 {
        values.append(nil)
        continue
      }
      guard message.count >= offset + length else { throw cutShort() }
      values.append(UnsafeRawBufferPointer(rebasing: message[offset..<(offset + length)]))
      offset += length
    }
    columnCount = count
    return UnsafeRawBufferPointer(rebasing: message[offset...])
  }

  private func cutShort() -> PostgreSQLError {
    PostgreSQLError.misuse("a row of the COPY stream is cut short", sql: sql)
  }

  /// The big-endian integer at `offset`.
  private static func integer<T: FixedWidthInteger>(
    _ bytes: UnsafeRawBufferPointer, at offset: Int, as: T.Type
  ) -> T {
    T(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  func isNull(row: Int, column: Int) -> Bool {
    guard row == 0, column < values.count else { return true }
    return values[column] == nil
  }

  func bytes(row: Int, column: Int) -> UnsafeRawBufferPointer {
    guard row == 0, column < values.count, let value = values[column] else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return value
  }
}

@available(*, unavailable, message: "a row belongs to the thread of its connection")
extension CopyOutRow: Sendable {}

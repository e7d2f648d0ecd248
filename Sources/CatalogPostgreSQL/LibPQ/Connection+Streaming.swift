import CLibPQ

extension Connection {
  /// Runs a query and calls `body` with each row as it arrives, without holding the whole
  /// result: libpq's single-row mode
  /// (https://www.postgresql.org/docs/current/libpq-single-row-mode.html).
  ///
  /// `body` receives a result holding one row (row 0), valid only during the call.
  ///
  /// - Throws: ``PostgreSQLError`` from the server (which may come after some rows were
  ///   delivered), or what `body` throws; either way the rest of the result is discarded and
  ///   the connection is ready for the next command.
  func forEachRow(
    _ sql: String, _ arguments: [QueryValue] = [], _ body: (QueryResult) throws -> Void
  ) throws {
    let sent = arguments.withParameters { count, values, lengths, formats in
      PQsendQueryParams(handle, sql, count, nil, values, lengths, formats, 0)
    }
    guard sent == 1 else {
      throw PostgreSQLError(result: nil, connection: handle, sql: sql)
    }
    guard PQsetSingleRowMode(handle) == 1 else {
      drainResults()
      throw PostgreSQLError.misuse("single-row mode could not be set", sql: sql)
    }
    do {
      while let next = PQgetResult(handle) {
        let result = try QueryResult(checking: next, connection: handle, sql: sql)
        if PQresultStatus(next) == PGRES_SINGLE_TUPLE {
          try body(result)
        }
      }
    } catch {
      drainResults()
      throw error
    }
  }
}

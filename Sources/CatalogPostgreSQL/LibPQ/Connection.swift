import CLibPQ
import Foundation

/// A connection to one PostgreSQL database, through libpq.
///
/// The connection talks UTF-8 and UTC whatever the server's defaults
/// (`client_encoding`, `TimeZone`). Statements run with parameters bound by libpq, never spliced
/// into the SQL: ``execute(_:_:)`` prepares each distinct SQL text once per connection and runs
/// the prepared statement after that.
///
///     let connection = try Connection(ConnectionString("postgresql:///components"))
///     let head = try connection.execute("SELECT max(id) FROM revision").int64(row: 0, column: 0)
///
/// Writes go through ``inTransaction(_:_:)``; bulk rows through ``copyIn(_:_:)``; long reads
/// through ``forEachRow(_:_:_:)``, which streams rows one at a time.
final class Connection {
  /// The string the connection was made with.
  let connectionString: ConnectionString
  /// The `PGconn*` handle, valid until `deinit`.
  let handle: OpaquePointer
  /// The names of the statements prepared on this connection, by SQL text.
  var preparedStatements: [String: String] = [:]

  /// Connects, waiting at most `timeout` seconds for the server.
  ///
  /// - Throws: ``PostgreSQLError`` of kind `.connection`, whose message is libpq's first line
  ///   ("connection to server on socket … failed: No such file or directory") preceded by
  ///   the redacted connection string.
  init(_ connectionString: ConnectionString, timeout: Int = 10) throws {
    self.connectionString = connectionString
    // Keywords and values as two NUL-terminated arrays, with expand_dbname so that `dbname`
    // holding the whole URI or key=value string is parsed as one
    // (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-PQCONNECTDBPARAMS).
    let keywords = ["dbname", "connect_timeout", "client_encoding", "options"]
    // client_min_messages=warning: the server's NOTICEs (such as "relation … already exists,
    // skipping" from a migration's CREATE TABLE IF NOT EXISTS) would reach the user's stderr
    // through libpq's default notice processor.
    let values = [
      connectionString.text, String(timeout), "UTF8",
      "-c TimeZone=UTC -c client_min_messages=warning",
    ]
    let connection = withCStrings(keywords) { keywordPointers in
      withCStrings(values) { valuePointers in
        PQconnectdbParams(keywordPointers, valuePointers, 1)
      }
    }
    guard let connection else {
      throw PostgreSQLError(kind: .connection, message: "out of memory")
    }
    // Notices (a server's WARNING, the FATAL of a server shutting down) never reach stderr
    // raw: errors are reported in this layer's words.
    clibpq_quiet_notices(connection)
    guard PQstatus(connection) == CONNECTION_OK else {
      // libpq's message may quote the connection string (or a part of it, such as a host
      // name read from a mistyped password): its passwords are taken out.
      let message = connectionString.scrubbed(
        PostgreSQLError.firstLine(PQerrorMessage(connection).map { String(cString: $0) } ?? ""))
      PQfinish(connection)
      throw PostgreSQLError(
        kind: .connection,
        message: message.isEmpty ? "could not connect" : message)
    }
    self.handle = connection
  }

  deinit {
    PQfinish(handle)
  }

  /// Whether a transaction is open (or failed and not yet rolled back).
  var isInTransaction: Bool {
    let status = PQtransactionStatus(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
  }

  /// The process id of the server process serving this connection.
  var backendProcessID: Int32 { PQbackendPID(handle) }

  /// The current role's name.
  var user: String { PQuser(handle).map { String(cString: $0) } ?? "" }

  /// Runs one statement with `arguments` bound to `$1`, `$2`, … and returns its result.
  ///
  /// The SQL text is prepared on first use and the prepared statement reused after that, so
  /// it should be a constant with parameters, never text built from values.
  ///
  /// - Throws: ``PostgreSQLError`` with the statement's SQLSTATE and SQL.
  @discardableResult
  func execute(_ sql: String, _ arguments: [QueryValue] = []) throws -> QueryResult {
    let name = try preparedName(for: sql, parameterCount: arguments.count)
    let result = arguments.withParameters { count, values, lengths, formats in
      PQexecPrepared(handle, name, count, values, lengths, formats, 0)
    }
    return try QueryResult(checking: result, connection: handle, sql: sql)
  }

  /// Runs SQL that may hold several statements, such as a migration, with no parameters.
  ///
  /// Uses the simple query protocol, which runs the statements as one implicit transaction
  /// unless the script has its own `BEGIN`/`COMMIT`, or the connection is inside one.
  ///
  /// - Throws: ``PostgreSQLError`` of the first failing statement, with the whole script.
  func execute(script sql: String) throws {
    let result = PQexec(handle, sql)
    _ = try QueryResult(checking: result, connection: handle, sql: sql)
    // A script's later results (one per statement) are folded into the last by PQexec.
  }

  /// Quotes `identifier` for use as a table, role, database or channel name in SQL text
  /// (https://www.postgresql.org/docs/current/libpq-exec.html#LIBPQ-PQESCAPEIDENTIFIER).
  func quoted(identifier: String) throws -> String {
    guard let escaped = PQescapeIdentifier(handle, identifier, identifier.utf8.count) else {
      throw PostgreSQLError.misuse(
        PostgreSQLError.firstLine(PQerrorMessage(handle).map { String(cString: $0) } ?? ""),
        sql: nil)
    }
    defer { PQfreemem(escaped) }
    return String(cString: escaped)
  }

  /// The name of the statement prepared for `sql`, preparing it first if needed.
  private func preparedName(for sql: String, parameterCount: Int) throws -> String {
    if let name = preparedStatements[sql] {
      return name
    }
    let name = "s\(preparedStatements.count + 1)"
    let result = PQprepare(handle, name, sql, Int32(parameterCount), nil)
    _ = try QueryResult(checking: result, connection: handle, sql: sql)
    preparedStatements[sql] = name
    return name
  }
}

@available(*, unavailable, message: "a libpq connection is used by one thread at a time")
extension Connection: Sendable {}

/// Calls `body` with a NULL-terminated array of C strings for `strings`.
func withCStrings<R>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R
) -> R {
  let copies = strings.map { strdup($0) }
  defer {
    for copy in copies { free(copy) }
  }
  var pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
  pointers.append(nil)
  return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

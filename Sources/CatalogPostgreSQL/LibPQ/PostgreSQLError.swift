import CLibPQ
import Foundation

/// An error reported by PostgreSQL or libpq, or by this layer when libpq is misused.
///
/// The error keeps the five-character SQLSTATE, so callers branch on it rather than on text:
/// `error.isPermissionDenied`, `error.sqlState == SQLState.uniqueViolation`
/// (https://www.postgresql.org/docs/current/errcodes-appendix.html). A failure to connect, or
/// a connection lost mid-statement, has no SQLSTATE from the server: its `kind` says so.
///
/// Its description names the state, the server's message and the SQL:
///
///     PostgreSQL error 42501 (permission denied for table revision) in: INSERT INTO revision …
///
/// Nothing in it holds a password: connection strings appear only through
/// ``ConnectionString/redacted``.
package struct PostgreSQLError: Error, CustomStringConvertible, Sendable, Equatable {
  /// Where the error came from.
  package enum Kind: Sendable, Equatable {
    /// The server, or libpq on its behalf, reported an error for a statement.
    case statement
    /// Connecting failed: no server, a wrong database, a refused authentication. `message`
    /// is libpq's first line.
    case connection
    /// The connection broke while in use (the server went away or restarted).
    case connectionLost
    /// This layer caught a mistake before libpq saw it.
    case misuse
  }

  package let kind: Kind
  /// The SQLSTATE, such as `42501`; nil when the server sent none.
  package let sqlState: String?
  /// The primary message.
  package let message: String
  /// The server's detail line, if any.
  package let detail: String?
  /// The SQL that failed, when there is one.
  package let sql: String?

  package init(
    kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil,
    sql: String? = nil
  ) {
    self.kind = kind
    self.sqlState = sqlState
    self.message = message
    self.detail = detail
    self.sql = sql
  }

  /// The error a failed result carries.
  ///
  /// - Parameters:
  ///   - result: A result whose status is `PGRES_FATAL_ERROR` (or another failure), or nil
  ///     when libpq returned no result at all (out of memory, or the connection broke).
  ///   - connection: The connection the result came from, for its message and status.
  ///   - sql: The SQL that failed.
  init(result: OpaquePointer?, connection: OpaquePointer, sql: String?) {
    func field(_ code: Int32) -> String? {
      guard let result, let text = PQresultErrorField(result, code) else { return nil }
      return String(cString: text)
    }
    let state = field(clibpq_diag_sqlstate)
    let primary = field(clibpq_diag_message_primary)
    let fallback = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) }
    let connectionMessage = PQerrorMessage(connection).map { String(cString: $0) }
    var text = primary ?? fallback ?? connectionMessage ?? ""
    text = Self.firstLine(text)
    let broken = PQstatus(connection) == CONNECTION_BAD
    // Class 08 (connection exception) and 57P0x (the server shut down or restarted): libpq
    // marks the connection bad, or will on the next call.
    let lost =
      broken || state?.hasPrefix(SQLState.Class.connectionException) == true
      || state.map(SQLState.shutdowns.contains) == true
    self.init(
      kind: lost ? .connectionLost : .statement,
      sqlState: state,
      message: text.isEmpty ? "the server sent no message" : text,
      detail: field(clibpq_diag_message_detail),
      sql: sql
    )
  }

  /// A ``Kind/misuse`` error for a mistake this layer catches before libpq sees it.
  static func misuse(_ message: String, sql: String?) -> PostgreSQLError {
    PostgreSQLError(kind: .misuse, message: message, sql: sql)
  }

  /// The first non-empty line of libpq's message, without its trailing newline: libpq adds
  /// hints on further lines ("Is the server running locally …").
  static func firstLine(_ text: String) -> String {
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return lines.first { !$0.isEmpty } ?? ""
  }

  /// `42501` insufficient_privilege: the role may not do this.
  package var isPermissionDenied: Bool { sqlState == SQLState.insufficientPrivilege }
  /// `23505` unique_violation.
  package var isUniqueViolation: Bool { sqlState == SQLState.uniqueViolation }
  /// `P0001` raise_exception: a trigger's `RAISE EXCEPTION`, such as the append-only guards.
  package var isRaisedException: Bool { sqlState == SQLState.raiseException }
  /// `25006` read_only_sql_transaction: a write in a read-only transaction.
  package var isReadOnlyTransaction: Bool { sqlState == SQLState.readOnlySQLTransaction }
  /// Connecting failed, or the connection broke while in use.
  package var isUnavailable: Bool { kind == .connection || kind == .connectionLost }

  package var description: String {
    var text = "PostgreSQL error"
    if let sqlState {
      text += " \(sqlState)"
    }
    text += " (\(message))"
    if let detail {
      text += " [\(detail)]"
    }
    if let sql {
      text += " in: \(sql)"
    }
    return text
  }
}

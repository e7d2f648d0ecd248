import CLibPQ
import CatalogStorage

/// Scoped transactions (`inTransaction`, `inTransactionDeciding`), run by
/// ``TransactionalConnection``'s extension: the first error wins, a failing rollback (a lost
/// connection) is ignored. A commit the server refuses, or that the connection breaks,
/// throws: then nothing was written, because PostgreSQL makes a transaction durable at once
/// or not at all.
extension Connection: TransactionalConnection {
  /// How a transaction begins (https://www.postgresql.org/docs/current/sql-begin.html).
  enum TransactionKind: Sendable {
    /// `REPEATABLE READ READ ONLY`: every statement sees the one snapshot taken by the first,
    /// and nothing can be written. Such a transaction never fails to serialize.
    case readSnapshot
    /// `READ COMMITTED`, read-write: for writers, which serialize themselves with a lock
    /// taken as their first statement (see `PostgreSQLCatalogStorage`).
    case write
  }

  func beginTransaction(_ kind: TransactionKind) throws {
    guard !isInTransaction else {
      throw PostgreSQLError.misuse("a transaction is already open", sql: nil)
    }
    switch kind {
    case .readSnapshot: try execute(script: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    case .write: try execute(script: "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE")
    }
  }

  /// Commits, and throws when the server did not: a `COMMIT` of a failed transaction
  /// answers `ROLLBACK` without an error, which must not pass for success.
  func commitTransaction() throws {
    let result = try execute("COMMIT")
    let tag = PQcmdStatus(result.handle).map { String(cString: $0) } ?? ""
    guard tag == "COMMIT" else {
      throw PostgreSQLError(
        kind: .statement, sqlState: SQLState.inFailedSQLTransaction,
        message: "the transaction was rolled back",
        sql: "COMMIT")
    }
  }

  func rollbackTransaction() throws {
    if isInTransaction {
      try execute(script: "ROLLBACK")
    }
  }
}

import CLibPQ

extension Connection {
  /// How a transaction begins (https://www.postgresql.org/docs/current/sql-begin.html).
  enum TransactionKind: Sendable {
    /// `REPEATABLE READ READ ONLY`: every statement sees the one snapshot taken by the first,
    /// and nothing can be written. Such a transaction never fails to serialize.
    case readSnapshot
    /// `READ COMMITTED`, read-write: for writers, which serialize themselves with a lock
    /// taken as their first statement (see `PostgreSQLCatalogStorage`).
    case write
  }

  /// What a transaction's body decides: keep its writes or drop them.
  enum TransactionCompletion: Sendable {
    case commit
    case rollback
  }

  /// Runs `body` in a transaction that commits when `body` returns and rolls back when it
  /// throws.
  ///
  /// The first error wins: if `body` or the commit throws, that error is rethrown after the
  /// rollback, and a failing rollback (a lost connection) is ignored. A commit the server
  /// refuses, or that the connection breaks, throws: then nothing was written, because
  /// PostgreSQL makes a transaction durable at once or not at all.
  func inTransaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
    try transaction(kind) { (.commit, try body()) }
  }

  /// Runs `body` in a transaction that it ends: it commits when `body` returns `.commit`,
  /// and rolls back when `body` returns `.rollback` or throws.
  @discardableResult
  func inTransactionDeciding(
    _ kind: TransactionKind,
    _ body: () throws -> TransactionCompletion
  ) throws -> TransactionCompletion {
    try transaction(kind) {
      let completion = try body()
      return (completion, completion)
    }
  }

  private func transaction<T>(
    _ kind: TransactionKind,
    _ body: () throws -> (TransactionCompletion, T)
  ) throws -> T {
    guard !isInTransaction else {
      throw PostgreSQLError.misuse("a transaction is already open", sql: nil)
    }
    switch kind {
    case .readSnapshot: try execute(script: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    case .write: try execute(script: "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE")
    }
    do {
      let (completion, value) = try body()
      switch completion {
      case .commit: try commit()
      case .rollback: try rollback()
      }
      return value
    } catch {
      try? rollback()
      throw error
    }
  }

  /// Commits, and throws when the server did not: a `COMMIT` of a failed transaction
  /// answers `ROLLBACK` without an error, which must not pass for success.
  private func commit() throws {
    let result = try execute("COMMIT")
    let tag = PQcmdStatus(result.handle).map { String(cString: $0) } ?? ""
    guard tag == "COMMIT" else {
      throw PostgreSQLError(
        kind: .statement, sqlState: "25P02", message: "the transaction was rolled back",
        sql: "COMMIT")
    }
  }

  /// Rolls back the open transaction, if there still is one.
  private func rollback() throws {
    if isInTransaction {
      try execute(script: "ROLLBACK")
    }
  }
}

/// What a transaction's body decides: keep its writes or drop them.
package enum TransactionCompletion: Sendable {
  case commit
  case rollback
}

/// A database connection with scoped transactions. Each engine's connection says how a
/// transaction of each of its kinds begins, commits and rolls back; this protocol's
/// extension is the one place that runs a body between them and lets the first error win.
package protocol TransactionalConnection {
  /// The engine's kinds of transaction (SQLite: deferred or immediate; PostgreSQL: a read
  /// snapshot or a write).
  associatedtype TransactionKind

  /// Begins a transaction of `kind`.
  func beginTransaction(_ kind: TransactionKind) throws
  /// Commits the open transaction; throws when it was not committed.
  func commitTransaction() throws
  /// Rolls back the open transaction, if there still is one (some errors end it already).
  func rollbackTransaction() throws
}

extension TransactionalConnection {
  /// Runs `body` in a transaction that commits when `body` returns and rolls back when it
  /// throws.
  ///
  /// The first error wins: if `body` or the commit throws, that error is rethrown after the
  /// rollback, and a failing rollback is ignored.
  ///
  ///     let revision = try db.inTransaction(.immediate) {
  ///       try db.execute(sql: "INSERT INTO revision …", arguments: values)
  ///       return db.lastInsertRowID
  ///     }
  ///
  /// - Parameters:
  ///   - kind: The kind of transaction.
  ///   - body: The work; it must not begin or end transactions itself.
  /// - Returns: What `body` returns.
  /// - Throws: The error of beginning, of `body` or of committing.
  package func inTransaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
    try transaction(kind) { (.commit, try body()) }
  }

  /// Runs `body` in a transaction that it ends: it commits when `body` returns `.commit`,
  /// and rolls back when `body` returns `.rollback` or throws.
  ///
  /// For work that must write nothing in some cases, such as a dry run or an import that
  /// finds no change. (It has its own name because an overload of `inTransaction` chosen by
  /// the closure's return type would be picked by accident for some `Void` bodies.)
  ///
  /// - Returns: What `body` returned, once done.
  /// - Throws: As `inTransaction(_:_:)`: the first error wins.
  @discardableResult
  package func inTransactionDeciding(
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
    try beginTransaction(kind)
    do {
      let (completion, value) = try body()
      switch completion {
      case .commit: try commitTransaction()
      case .rollback: try rollbackTransaction()
      }
      return value
    } catch {
      try? rollbackTransaction()
      throw error
    }
  }
}

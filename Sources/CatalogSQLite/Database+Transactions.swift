import CSQLite
import CatalogStorage

extension Database {
  /// When a transaction takes the write lock (https://sqlite.org/lang_transaction.html).
  enum TransactionKind: Sendable {
    /// `BEGIN DEFERRED`: locks are taken by the first read and the first write. For reads, and
    /// for writes that may find nothing to do.
    case deferred
    /// `BEGIN IMMEDIATE`: the write lock is taken at once, so the transaction cannot fail
    /// with `SQLITE_BUSY` halfway through. Writers use it.
    case immediate
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
  /// rollback, and a failing rollback is ignored.
  ///
  ///     let revision = try db.inTransaction(.immediate) {
  ///       try db.execute(sql: "INSERT INTO revision …", arguments: values)
  ///       return db.lastInsertRowID
  ///     }
  ///
  /// - Parameters:
  ///   - kind: `.immediate` for writers, `.deferred` for consistent reads.
  ///   - body: The work; it must not begin or end transactions itself.
  /// - Returns: What `body` returns.
  /// - Throws: The error of `BEGIN`, of `body` or of `COMMIT`; a ``DatabaseError`` with
  ///   `isBusy` when another connection holds the write lock past the busy timeout.
  func inTransaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
    try transaction(kind) { (.commit, try body()) }
  }

  /// Runs `body` in a transaction that it ends: it commits when `body` returns `.commit`,
  /// and rolls back when `body` returns `.rollback` or throws.
  ///
  /// For work that must write nothing in some cases, such as a dry run or an import that
  /// finds no change. (It has its own name because an overload of `inTransaction` chosen by
  /// the closure's return type would be picked by accident for some `Void` bodies.)
  ///
  ///     try db.inTransactionDeciding(.immediate) {
  ///       summary = try importer.apply(document, to: db)
  ///       return dryRun || summary.isEmpty ? .rollback : .commit
  ///     }
  ///
  /// - Parameters:
  ///   - kind: `.immediate` for writers, `.deferred` for consistent reads.
  ///   - body: The work; it must not begin or end transactions itself.
  /// - Returns: What `body` returned, once done.
  /// - Throws: As `inTransaction(_:_:)`: the first error wins.
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

  /// Begins a transaction, runs `body`, and ends the transaction as `body` decides; rolls back
  /// when anything throws, and rethrows that first error.
  private func transaction<T>(
    _ kind: TransactionKind,
    _ body: () throws -> (TransactionCompletion, T)
  ) throws -> T {
    switch kind {
    case .deferred: try execute(sql: "BEGIN DEFERRED")
    case .immediate: try execute(sql: "BEGIN IMMEDIATE")
    }
    do {
      let (completion, value) = try body()
      switch completion {
      case .commit: try execute(sql: "COMMIT")
      case .rollback: try rollback()
      }
      return value
    } catch {
      try? rollback()
      throw error
    }
  }

  /// Rolls back the open transaction, if there still is one: some errors, such as
  /// `SQLITE_FULL` or `SQLITE_IOERR`, roll it back automatically, and a `ROLLBACK` then
  /// fails (https://sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction).
  private func rollback() throws {
    if isInTransaction {
      try execute(sql: "ROLLBACK")
    }
  }
}

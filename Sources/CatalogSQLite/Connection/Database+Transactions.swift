import CSQLite
import CatalogStorage

/// Scoped transactions (`inTransaction`, `inTransactionDeciding`), run by
/// ``TransactionalConnection``'s extension: the first error wins, and a failing rollback is
/// ignored. Writers use `.immediate`, reads `.deferred`.
extension Database: TransactionalConnection {
  /// When a transaction takes the write lock (https://sqlite.org/lang_transaction.html).
  enum TransactionKind: Sendable {
    /// `BEGIN DEFERRED`: locks are taken by the first read and the first write. For reads, and
    /// for writes that may find nothing to do.
    case deferred
    /// `BEGIN IMMEDIATE`: the write lock is taken at once, so the transaction cannot fail
    /// with `SQLITE_BUSY` halfway through. Writers use it.
    case immediate
  }

  func beginTransaction(_ kind: TransactionKind) throws {
    switch kind {
    case .deferred: try execute(sql: "BEGIN DEFERRED")
    case .immediate: try execute(sql: "BEGIN IMMEDIATE")
    }
  }

  func commitTransaction() throws {
    try execute(sql: "COMMIT")
  }

  /// Rolls back the open transaction, if there still is one: some errors, such as
  /// `SQLITE_FULL` or `SQLITE_IOERR`, roll it back automatically, and a `ROLLBACK` then
  /// fails (https://sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction).
  func rollbackTransaction() throws {
    if isInTransaction {
      try execute(sql: "ROLLBACK")
    }
  }
}

/// The SQLSTATE codes the engine branches on, named as PostgreSQL's errcodes table names them
/// (https://www.postgresql.org/docs/current/errcodes-appendix.html), so that no code is a
/// bare string literal at its use.
package enum SQLState {
  /// `23505` unique_violation.
  package static let uniqueViolation = "23505"
  /// `25006` read_only_sql_transaction: a write in a read-only transaction.
  package static let readOnlySQLTransaction = "25006"
  /// `25P02` in_failed_sql_transaction: the transaction was rolled back.
  package static let inFailedSQLTransaction = "25P02"
  /// `42501` insufficient_privilege: the role may not do this.
  package static let insufficientPrivilege = "42501"
  /// `42P01` undefined_table.
  package static let undefinedTable = "42P01"
  /// `53100` disk_full.
  package static let diskFull = "53100"
  /// `55P03` lock_not_available: `lock_timeout` ran out.
  package static let lockNotAvailable = "55P03"
  /// `57P01` admin_shutdown, `57P02` crash_shutdown, `57P03` cannot_connect_now: the server
  /// shut down or is restarting.
  package static let shutdowns: Set<String> = ["57P01", "57P02", "57P03"]
  /// `P0001` raise_exception: a trigger's `RAISE EXCEPTION`, such as the append-only guards.
  package static let raiseException = "P0001"

  /// The classes (the first two characters) the engine branches on.
  package enum Class {
    /// Class `08`, connection exception.
    package static let connectionException = "08"
    /// Class `23`, integrity constraint violation.
    package static let integrityConstraintViolation = "23"
  }
}

import CSQLite
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

@Suite("Database transactions")
struct DatabaseTransactionTests {
  /// Runs `body` with a connection to a fresh database holding `t(x)`, and a second
  /// connection to the same file to see what was committed.
  func withTwoConnections(_ body: (Database, Database) throws -> Void) throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(script: "CREATE TABLE t(x)")
      let observer = try Database(path: path, mode: .readOnly)
      try body(db, observer)
    }
  }

  func count(_ db: Database) throws -> Int64? {
    try db.scalar(sql: "SELECT count(*) FROM t")
  }

  @Test func commitsWhenTheBodyReturns() throws {
    try withTwoConnections { db, observer in
      let rowID = try db.inTransaction(.immediate) {
        try db.execute(sql: "INSERT INTO t VALUES (1)")
        #expect(db.isInTransaction)
        return db.lastInsertRowID
      }
      #expect(rowID == 1)
      #expect(db.isInTransaction == false)
      #expect(try count(observer) == 1)
    }
  }

  @Test func anOptionalResultMayBeNil() throws {
    try withTwoConnections { db, _ in
      let value: Int64? = try db.inTransaction(.deferred) {
        try db.scalar(sql: "SELECT x FROM t")
      }
      #expect(value == nil)
    }
  }

  @Test func rollsBackAndRethrowsWhenTheBodyThrows() throws {
    try withTwoConnections { db, observer in
      let error = try requireError(ExpectedFailure.self) {
        try db.inTransaction(.immediate) {
          try db.execute(sql: "INSERT INTO t VALUES (1)")
          throw ExpectedFailure(reason: "body")
        }
      }
      #expect(error == ExpectedFailure(reason: "body"))
      #expect(db.isInTransaction == false)
      #expect(try count(db) == 0)
      #expect(try count(observer) == 0)
    }
  }

  @Test func theBodysErrorWinsOverAFailedRollback() throws {
    try withTwoConnections { db, _ in
      // The body ends the transaction itself, so a ROLLBACK after it would fail with
      // "cannot rollback - no transaction is active"; the body's error must come out.
      let error = try requireError(ExpectedFailure.self) {
        try db.inTransaction(.immediate) {
          try db.execute(sql: "INSERT INTO t VALUES (1)")
          try db.execute(sql: "COMMIT")
          throw ExpectedFailure(reason: "body")
        }
      }
      #expect(error == ExpectedFailure(reason: "body"))
      #expect(try count(db) == 1)
    }
  }

  @Test func aFailedCommitRollsBackAndThrowsTheCommitError() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(
        script: "CREATE TABLE parent(id INTEGER PRIMARY KEY);"
          + " CREATE TABLE child(parent_id INTEGER REFERENCES parent(id));")
      let error = try requireError(DatabaseError.self) {
        try db.inTransaction(.immediate) {
          try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
          try db.execute(sql: "INSERT INTO child VALUES (7)")
        }
      }
      #expect(error.isConstraint)
      #expect(error.extendedResultCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
      #expect(error.sql == "COMMIT")
      #expect(db.isInTransaction == false)
      #expect(try db.scalar(sql: "SELECT count(*) FROM child") == Int64(0))
    }
  }

  @Test func theBodyDecidesBetweenCommitAndRollback() throws {
    try withTwoConnections { db, observer in
      let dryRun = try db.inTransactionDeciding(.immediate) {
        try db.execute(sql: "INSERT INTO t VALUES (1)")
        #expect(try count(db) == 1)
        return .rollback
      }
      #expect(dryRun == .rollback)
      #expect(try count(observer) == 0)
      #expect(db.totalChanges == 1)

      let completion: TransactionCompletion = .commit
      try db.inTransactionDeciding(.immediate) {
        try db.execute(sql: "INSERT INTO t VALUES (2)")
        return completion
      }
      #expect(try count(observer) == 1)
      #expect(try db.scalar(sql: "SELECT x FROM t") == Int64(2))
    }
  }

  @Test func immediateTakesTheWriteLockAtOnceAndDeferredDoesNot() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(script: "CREATE TABLE t(x)")
      let other = try Database(path: path, mode: .readWrite(create: false), busyTimeout: 0)
      try db.inTransaction(.deferred) {
        try other.inTransaction(.immediate) { try other.execute(sql: "INSERT INTO t VALUES (1)") }
      }
      try db.inTransaction(.immediate) {
        let error = try requireError(DatabaseError.self) {
          try other.inTransaction(.immediate) {}
        }
        #expect(error.isBusy)
      }
      #expect(try db.scalar(sql: "SELECT count(*) FROM t") == Int64(1))
    }
  }

  @Test func aNestedTransactionIsAnError() throws {
    try withTwoConnections { db, observer in
      let error = try requireError(DatabaseError.self) {
        try db.inTransaction(.immediate) {
          try db.execute(sql: "INSERT INTO t VALUES (1)")
          try db.inTransaction(.immediate) {}
        }
      }
      #expect(error.message == "cannot start a transaction within a transaction")
      #expect(db.isInTransaction == false)
      #expect(try count(observer) == 0)
    }
  }
}

import CSQLite
import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

@Suite("Database")
struct DatabaseTests {
  @Test func createsTheFileAndReadsBackWhatItWrote() throws {
    try withTemporaryDatabasePath { path in
      #expect(fileBytes(path) == nil)
      do {
        let db = try Database(path: path, mode: .readWrite(create: true))
        try db.execute(script: "CREATE TABLE t(x); INSERT INTO t VALUES (42);")
        #expect(FileManager.default.fileExists(atPath: path))
      }
      let db = try Database(path: path, mode: .readWrite(create: false))
      #expect(try db.scalar(sql: "SELECT x FROM t") == Int64(42))
      #expect(try db.scalar(sql: "PRAGMA foreign_keys") == Int64(1))
      #expect(db.isReadOnly == false)
    }
  }

  @Test(arguments: [Database.OpenMode.readWrite(create: false), .readOnly])
  func missingFileIsCantOpen(mode: Database.OpenMode) throws {
    try withTemporaryDatabasePath { path in
      let error = try requireError(DatabaseError.self) {
        try Database(path: path, mode: mode)
      }
      #expect(error.isCantOpen)
      #expect(error.resultCode == 14)
      #expect(error.message == "unable to open database file: \(path)")
      #expect(fileBytes(path) == nil)
    }
  }

  @Test func readOnlyConnectionRefusesWritesAndLeavesTheFileAlone() throws {
    try withTemporaryDatabasePath { path in
      try makeDatabaseFile(at: path, script: "CREATE TABLE t(x); INSERT INTO t VALUES ('a');")
      let before = try #require(fileBytes(path))
      do {
        let db = try Database(path: path, mode: .readOnly)
        #expect(db.isReadOnly)
        #expect(try db.scalar(sql: "SELECT x FROM t") == "a")
        let error = try requireError(DatabaseError.self) {
          try db.execute(sql: "INSERT INTO t VALUES ('b')")
        }
        #expect(error.isReadOnly)
        #expect(error.resultCode == SQLITE_READONLY)
        #expect(error.sql == "INSERT INTO t VALUES ('b')")
      }
      #expect(fileBytes(path) == before)
    }
  }

  @Test(arguments: ["", "   \n\t", "-- only a comment", "/* a block comment */ ;"])
  func preparingEmptySQLThrows(sql: String) throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let error = try requireError(DatabaseError.self) { try db.makeStatement(sql: sql) }
      #expect(error.isMisuse)
      #expect(error.message == "cannot prepare an empty statement")
      #expect(error.sql == sql)
    }
  }

  @Test(arguments: ["SELECT 1; SELECT 2", "SELECT 1; SELECT * FROM missing", "SELECT 1; garbage"])
  func preparingTwoStatementsThrows(sql: String) throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let error = try requireError(DatabaseError.self) { try db.makeStatement(sql: sql) }
      #expect(error.isMisuse)
      let rest = String(sql.split(separator: ";", maxSplits: 1)[1].dropFirst())
      #expect(error.message == "expected one statement, found more SQL after it: \(rest)")
      #expect(error.sql == sql)
    }
  }

  @Test func trailingSemicolonsAndCommentsAreNotAStatement() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let statement = try db.makeStatement(sql: "SELECT 7; ; -- the answer\n /* really */ ")
      #expect(try statement.step())
      #expect(statement.int64(at: 0) == 7)
      #expect(try statement.step() == false)
    }
  }

  @Test func syntaxErrorNamesTheSQL() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let error = try requireError(DatabaseError.self) { try db.makeStatement(sql: "SELEC 1") }
      #expect(error.resultCode == SQLITE_ERROR)
      #expect(error.message == #"near "SELEC": syntax error"#)
      #expect(error.sql == "SELEC 1")
      #expect(error.description == #"SQLite error 1 (near "SELEC": syntax error) in: SELEC 1"#)
    }
  }

  @Test func scriptRunsEveryStatementIncludingTriggerBodies() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(
        script: """
          -- a table and a trigger whose body holds semicolons
          CREATE TABLE t(x INTEGER);
          CREATE TABLE log(x INTEGER);
          CREATE TRIGGER t_log AFTER INSERT ON t
          BEGIN INSERT INTO log VALUES (new.x); INSERT INTO log VALUES (-new.x); END;
          INSERT INTO t VALUES (1); /* between */ INSERT INTO t VALUES (2)
          """
      )
      #expect(try db.scalar(sql: "SELECT count(*) FROM t") == Int64(2))
      #expect(try db.scalar(sql: "SELECT group_concat(x, ',') FROM log") == "1,-1,2,-2")
    }
  }

  @Test func scriptStopsAtTheFailingStatementAndNamesIt() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let stepError = try requireError(DatabaseError.self) {
        try db.execute(
          script: "CREATE TABLE t(x UNIQUE); INSERT INTO t VALUES (1); INSERT INTO t VALUES (1);"
            + " INSERT INTO t VALUES (3);")
      }
      #expect(stepError.isConstraint)
      #expect(stepError.extendedResultCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
      #expect(stepError.message == "UNIQUE constraint failed: t.x")
      #expect(stepError.sql == "INSERT INTO t VALUES (1);")
      #expect(try db.scalar(sql: "SELECT group_concat(x) FROM t") == "1")

      let prepareError = try requireError(DatabaseError.self) {
        try db.execute(script: "INSERT INTO t VALUES (5);\n  INSERT INTO nowhere VALUES (1);")
      }
      #expect(prepareError.message == "no such table: nowhere")
      #expect(prepareError.sql == "INSERT INTO nowhere VALUES (1);")
      #expect(try db.scalar(sql: "SELECT group_concat(x) FROM t") == "1,5")
    }
  }

  @Test func cachedStatementsAreReusedResetAndDroppedAfterAFailure() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(script: "CREATE TABLE t(x UNIQUE); INSERT INTO t VALUES (1), (2), (3);")
      let select = try db.cachedStatement(sql: "SELECT x FROM t ORDER BY x")
      #expect(try select.step())
      #expect(try select.step())
      #expect(select.int64(at: 0) == 2)
      // Handed out again: the same statement, rewound to the first row.
      let again = try db.cachedStatement(sql: "SELECT x FROM t ORDER BY x")
      #expect(again === select)
      #expect(try again.step())
      #expect(again.int64(at: 0) == 1)
      #expect(try db.cachedStatement(sql: "SELECT x FROM t") !== select)

      let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
      #expect(try db.cachedStatement(sql: "INSERT INTO t VALUES (?)") === insert)
      let error = try requireError(DatabaseError.self) { try insert.execute([1]) }
      #expect(error.isConstraint)
      #expect(insert.lastStepFailed)
      let replacement = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
      #expect(replacement !== insert)
      try replacement.execute([4])
      #expect(try db.scalar(sql: "SELECT max(x) FROM t") == Int64(4))
    }
  }

  @Test func busyWhenAnotherConnectionHoldsTheWriteLock() throws {
    try withTemporaryDatabasePath { path in
      let holder = try Database(path: path, mode: .readWrite(create: true))
      try holder.execute(script: "CREATE TABLE t(x)")
      let waiter = try Database(path: path, mode: .readWrite(create: false), busyTimeout: 0.01)
      try holder.execute(sql: "BEGIN IMMEDIATE")
      let clock = ContinuousClock()
      let start = clock.now
      let error = try requireError(DatabaseError.self) {
        try waiter.inTransaction(.immediate) { try waiter.execute(sql: "INSERT INTO t VALUES (1)") }
      }
      // The timeout is applied (a waiter without one would wait until the holder commits,
      // which it never does here); the bound is far above 10 ms so that no load trips it.
      #expect(clock.now - start < .seconds(60))
      #expect(error.isBusy)
      #expect(error.resultCode == SQLITE_BUSY)
      #expect(error.description == "SQLite error 5 (database is locked) in: BEGIN IMMEDIATE")
      #expect(waiter.isInTransaction == false)
      try holder.execute(sql: "COMMIT")
      try waiter.inTransaction(.immediate) { try waiter.execute(sql: "INSERT INTO t VALUES (1)") }
      #expect(try holder.scalar(sql: "SELECT count(*) FROM t") == Int64(1))
    }
  }

  @Test func scalarsAndChangeCounters() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(script: "CREATE TABLE t(id INTEGER PRIMARY KEY, s TEXT)")
      try db.execute(sql: "INSERT INTO t(s) VALUES (?), (?)", arguments: ["a", nil])
      #expect(db.lastInsertRowID == 2)
      #expect(db.changes == 2)
      try db.execute(sql: "UPDATE t SET s = 'z'")
      #expect(db.changes == 2)
      #expect(db.totalChanges == 4)
      #expect(try db.scalar(sql: "SELECT s FROM t WHERE id = ?", arguments: [1]) == "z")
      #expect(try db.scalar(sql: "SELECT id FROM t WHERE id = ?", arguments: [9]) == Int64?.none)
      #expect(try db.scalar(sql: "SELECT NULL") == String?.none)
    }
  }

  @Test func dataVersionChangesOnlyWithOtherConnectionsCommits() throws {
    try withTemporaryDatabasePath { path in
      let reader = try Database(path: path, mode: .readWrite(create: true))
      try reader.execute(script: "CREATE TABLE t(x)")
      let writer = try Database(path: path, mode: .readWrite(create: false))
      let initial = try reader.dataVersion()
      try reader.execute(sql: "INSERT INTO t VALUES (1)")
      #expect(try reader.dataVersion() == initial)
      try writer.execute(sql: "INSERT INTO t VALUES (2)")
      #expect(try reader.dataVersion() != initial)
    }
  }

  @Test func enableWALSwitchesTheFileToWriteAheadLogging() throws {
    try withTemporaryDatabasePath { path in
      do {
        let db = try Database(path: path, mode: .readWrite(create: true))
        #expect(try db.enableWAL() == "wal")
        try db.execute(script: "CREATE TABLE t(x)")
      }
      let header = try #require(fileBytes(path))
      // File format bytes 18 and 19 are 2 in WAL mode (https://sqlite.org/fileformat.html).
      #expect(Array(header[18...19]) == [2, 2])
      let db = try Database(path: path, mode: .readOnly)
      #expect(try db.scalar(sql: "PRAGMA journal_mode") == "wal")
    }
  }
}

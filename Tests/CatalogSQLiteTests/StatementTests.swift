import CSQLite
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

@Suite("Statement")
struct StatementTests {
  static let texts = [
    "", "plain", "héllo wörld", "emoji 👩‍👩‍👧‍👦 🚀 ✅", "日本語のテキスト",
    #"quotes ' " ` and \ backslash"#, "line\nbreak\ttab", "'; DROP TABLE t; --",
  ]

  @Test func typedValuesRoundTrip() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(script: "CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n)")
      let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?)")
      let select = try db.makeStatement(sql: "SELECT i, r, s, b, n FROM t")
      for (offset, text) in Self.texts.enumerated() {
        let integer = offset.isMultiple(of: 2) ? Int64.max - Int64(offset) : Int64.min + 1
        let real = Double(offset) * -1.25e300
        let blob: [UInt8] = offset == 0 ? [] : [0, 255, UInt8(offset), 0]
        insert.reset()
        try insert.bind(integer, at: 1)
        try insert.bind(real, at: 2)
        try insert.bind(text, at: 3)
        try insert.bind(blob, at: 4)
        try insert.bindNull(at: 5)
        #expect(try insert.step() == false)

        try db.execute(script: "DELETE FROM t WHERE rowid < (SELECT max(rowid) FROM t)")
        select.reset()
        #expect(try select.step())
        #expect(select.columnCount == 5)
        #expect(select.columnName(at: 2) == "s")
        #expect(select.int64(at: 0) == integer)
        #expect(select.double(at: 1) == real)
        #expect(select.isNull(at: 2) == false)
        #expect(select.string(at: 2) == text)
        #expect(select.isNull(at: 3) == false)
        #expect(select.bytes(at: 3) == blob)
        #expect(select.isNull(at: 4))
        #expect(select.string(at: 4) == nil)
        #expect(select.bytes(at: 4) == nil)
        #expect(try select.step() == false)
      }
    }
  }

  @Test func databaseValuesRoundTripWithTheirStorageClass() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(script: "CREATE TABLE t(v)")
      var values: [DatabaseValue] = [
        .null, .integer(0), .integer(-1), .integer(.max), .real(0.5), .real(-.infinity),
        .blob([]), .blob([1, 2, 3]),
      ]
      values += Self.texts.map(DatabaseValue.text)
      let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?)")
      for value in values {
        try insert.execute([value])
      }
      let select = try db.makeStatement(sql: "SELECT v, typeof(v) FROM t ORDER BY rowid")
      var read: [DatabaseValue] = []
      while try select.step() {
        read.append(select.value(at: 0))
      }
      #expect(read == values)
    }
  }

  @Test func argumentCountMustMatchTheParameters() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let statement = try db.makeStatement(sql: "SELECT ?, ?")
      #expect(statement.parameterCount == 2)
      for arguments: [DatabaseValue] in [[], [1], [1, 2, 3]] {
        let error = try requireError(DatabaseError.self) { try statement.bind(arguments) }
        #expect(error.isMisuse)
        #expect(
          error.message
            == "wrong number of arguments: the statement has 2 parameters, "
            + "\(arguments.count) values were given")
        #expect(error.sql == "SELECT ?, ?")
      }
      let outOfRange = try requireError(DatabaseError.self) { try statement.bind(1, at: 3) }
      #expect(outOfRange.resultCode == SQLITE_RANGE)
      #expect(outOfRange.sql == "SELECT ?, ?")

      try statement.bind(["a", 2.5])
      #expect(try statement.step())
      #expect(statement.value(at: 0) == .text("a"))
      #expect(statement.value(at: 1) == .real(2.5))
    }
  }

  @Test func bindingAgainRewindsAndReplacesEveryValue() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let statement = try db.makeStatement(sql: "SELECT ?1 || ?2")
      try statement.bind(["a", "b"])
      #expect(try statement.step())
      #expect(statement.string(at: 0) == "ab")
      try statement.bind(["c", "d"])
      #expect(try statement.step())
      #expect(statement.string(at: 0) == "cd")
    }
  }

  @Test func textReadsWithoutMakingAString() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      let statement = try db.makeStatement(sql: "SELECT ?, NULL, 12")
      try statement.bind(["né 🚀"])
      #expect(try statement.step())
      let text = statement.withText(at: 0) { Array($0) }
      #expect(text == Array("né 🚀".utf8))
      var output: [UInt8] = Array("[".utf8)
      statement.appendText(at: 0, to: &output)
      statement.appendText(at: 1, to: &output)
      statement.appendText(at: 2, to: &output)
      #expect(String(decoding: output, as: UTF8.self) == "[né 🚀12")
    }
  }

  @Test func stepErrorCarriesTheSQLAndTheStatementRunsAgain() throws {
    try withTemporaryDatabasePath { path in
      let db = try Database(path: path, mode: .readWrite(create: true))
      try db.execute(script: "CREATE TABLE t(x NOT NULL)")
      let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?)")
      let error = try requireError(DatabaseError.self) { try insert.execute([nil]) }
      #expect(error.isConstraint)
      #expect(error.extendedResultCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
      #expect(
        error.description
          == "SQLite error 19 (NOT NULL constraint failed: t.x) in: INSERT INTO t VALUES (?)")
      try insert.execute([1])
      #expect(insert.lastStepFailed == false)
      #expect(try db.scalar(sql: "SELECT count(*) FROM t") == Int64(1))
    }
  }
}

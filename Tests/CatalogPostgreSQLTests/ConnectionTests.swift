import Foundation
import TestSupport
import Testing

@testable import CatalogPostgreSQL

/// The libpq wrapper against a real server: a fresh database per test.
@Suite struct ConnectionTests {
  let database: PostgreSQLTestDatabase
  let connection: Connection

  init() throws {
    database = try PostgreSQLTestDatabase()
    connection = try Connection(ConnectionString(database.url))
  }

  @Test func bindsParametersWithoutSplicingThem() throws {
    let tricky = "it's \"quoted\"; DROP TABLE x; -- é 日本 \\ \t"
    let result = try connection.execute(
      "SELECT $1::text, $2::bigint, $3::text IS NULL", [.text(tricky), .int(-42), .null])
    #expect(result.string(row: 0, column: 0) == tricky)
    #expect(try result.int64(row: 0, column: 1) == -42)
    #expect(result.string(row: 0, column: 2) == "t")
    #expect(connection.preparedStatements.count == 1)
    _ = try connection.execute(
      "SELECT $1::text, $2::bigint, $3::text IS NULL", [.text("x"), .int(1), .null])
    #expect(connection.preparedStatements.count == 1)
  }

  @Test func errorsCarryTheStateTheMessageAndTheStatement() throws {
    let error = try requirePostgreSQLError {
      try connection.execute("SELECT * FROM no_such_table")
    }
    #expect(error.kind == .statement)
    #expect(error.sqlState == SQLState.undefinedTable)
    #expect(error.message == "relation \"no_such_table\" does not exist")
    #expect(error.sql == "SELECT * FROM no_such_table")
    #expect(
      error.description
        == "PostgreSQL error 42P01 (relation \"no_such_table\" does not exist) in: "
        + "SELECT * FROM no_such_table")
    // The connection is still usable after the error.
    #expect(try connection.execute("SELECT 1").int64(row: 0, column: 0) == 1)
  }

  @Test func anEmptyStatementIsAMisuse() throws {
    let error = try requirePostgreSQLError { try connection.execute("  ") }
    #expect(error.kind == .misuse)
  }

  @Test func copyInStoresEveryByteAndNull() throws {
    try connection.execute(script: "CREATE TABLE t (id bigint PRIMARY KEY, body text, note text)")
    let bodies = ["plain", "tab\there", "new\nline", "back\\slash", "cr\r", "\\N", "", "é"]
    let count = try connection.copyIn("COPY t (id, body, note) FROM STDIN") { rows in
      for id in 0..<10_000 {
        rows.append(Int64(id) - 5000)
        rows.append(text: bodies[id % bodies.count])
        if id % 3 == 0 { rows.appendNull() } else { rows.append(text: "n\(id)") }
        try rows.endRow()
      }
    }
    #expect(count == 10_000)
    var seen = 0
    try connection.forEachRow("SELECT id, body, note FROM t ORDER BY id") { row in
      let id = Int(try row.int64(row: 0, column: 0) ?? 0) + 5000
      #expect(id == seen)
      #expect(row.string(row: 0, column: 1) == bodies[id % bodies.count])
      #expect(row.string(row: 0, column: 2) == (id % 3 == 0 ? nil : "n\(id)"))
      seen += 1
    }
    #expect(seen == 10_000)
  }

  @Test func aCopyThatFailsLeavesNothingAndTheConnectionUsable() throws {
    try connection.execute(script: "CREATE TABLE t (id bigint PRIMARY KEY)")
    let error = try requirePostgreSQLError {
      try connection.copyIn("COPY t (id) FROM STDIN") { rows in
        for id in [1, 2, 2] {
          rows.append(Int64(id))
          try rows.endRow()
        }
      }
    }
    #expect(error.isUniqueViolation)
    #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    let thrown = try requireError(ExpectedFailure.self) {
      try connection.copyIn("COPY t (id) FROM STDIN") { rows in
        rows.append(1)
        try rows.endRow()
        throw ExpectedFailure()
      }
    }
    #expect(thrown == ExpectedFailure())
    #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
  }

  @Test func aStreamStoppedByItsBodyLeavesTheConnectionUsable() throws {
    var seen = 0
    _ = try requireError(ExpectedFailure.self) {
      try connection.forEachRow("SELECT generate_series(1, 50000)") { _ in
        seen += 1
        if seen == 10 { throw ExpectedFailure() }
      }
    }
    #expect(seen == 10)
    #expect(try connection.execute("SELECT 7").int64(row: 0, column: 0) == 7)
  }

  /// A COPY stream reads what a result reads: every byte of a text, NULL apart from the
  /// empty text, numbers cast to text, and no rows at all.
  @Test func aCopiedRowReadsAsAResultRowDoes() throws {
    try connection.execute(script: "CREATE TABLE t (id bigint PRIMARY KEY, body text, note text)")
    let bodies = ["plain", "tab\there", "new\nline", "back\\slash", "\\N", "", "é 日本", "\u{1}"]
    try connection.copyIn("COPY t (id, body, note) FROM STDIN") { rows in
      for id in 0..<5_000 {
        rows.append(Int64(id) - 2500)
        rows.append(text: bodies[id % bodies.count])
        if id % 3 == 0 { rows.appendNull() } else { rows.append(text: "n\(id)") }
        try rows.endRow()
      }
    }
    let query = "SELECT id::text, body, note FROM t ORDER BY id"
    var fromResult: [[String?]] = []
    try connection.forEachRow(query) { row in
      fromResult.append((0..<3).map { row.string(row: 0, column: $0) })
    }
    var fromCopy: [[String?]] = []
    try connection.forEachCopiedRow(query) { row in
      #expect(row.isNull(row: 0, column: 2) == (row.string(row: 0, column: 2) == nil))
      let id = Int(try row.int64(row: 0, column: 0) ?? 0) + 2500
      #expect(row.string(row: 0, column: 1) == bodies[id % bodies.count])
      fromCopy.append((0..<3).map { row.string(row: 0, column: $0) })
    }
    #expect(fromCopy.count == 5_000)
    #expect(fromCopy == fromResult)
    var none = 0
    try connection.forEachCopiedRow("SELECT id::text FROM t WHERE id > 1000000") { _ in none += 1 }
    #expect(none == 0)
  }

  /// A server error in the middle of a COPY stream, and a body that throws, leave the
  /// connection usable.
  @Test func aCopyStreamStoppedHalfwayLeavesTheConnectionUsable() throws {
    var seen = 0
    let error = try requirePostgreSQLError {
      try connection.forEachCopiedRow(
        "SELECT (10 / (20000 - i))::text FROM generate_series(1, 50000) AS i"
      ) { _ in seen += 1 }
    }
    #expect(error.sqlState == "22012")  // division_by_zero
    #expect(try connection.execute("SELECT 7").int64(row: 0, column: 0) == 7)
    seen = 0
    _ = try requireError(ExpectedFailure.self) {
      try connection.forEachCopiedRow("SELECT i::text FROM generate_series(1, 50000) AS i") { _ in
        seen += 1
        if seen == 10 { throw ExpectedFailure() }
      }
    }
    #expect(seen == 10)
    #expect(try connection.execute("SELECT 8").int64(row: 0, column: 0) == 8)
  }

  @Test func transactionsCommitOnReturnAndRollBackOnThrow() throws {
    try connection.execute(script: "CREATE TABLE t (id bigint)")
    try connection.inTransaction(.write) {
      _ = try connection.execute("INSERT INTO t VALUES ($1)", [.int(1)])
    }
    _ = try requireError(ExpectedFailure.self) {
      try connection.inTransaction(.write) {
        try connection.execute("INSERT INTO t VALUES ($1)", [.int(2)])
        throw ExpectedFailure()
      }
    }
    let readOnly = try requirePostgreSQLError {
      try connection.inTransaction(.readSnapshot) {
        try connection.execute("INSERT INTO t VALUES ($1)", [.int(3)])
      }
    }
    #expect(readOnly.isReadOnlyTransaction)
    #expect(!connection.isInTransaction)
    #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 1)
  }

  @Test func listenersReceiveNotificationsOnCommit() throws {
    let listener = try Connection(ConnectionString(database.url))
    try listener.listen("catalog_changes")
    try connection.inTransaction(.write) {
      try connection.notify("catalog_changes", payload: "7")
      #expect(try listener.waitForNotifications(timeout: 0.2).isEmpty)
    }
    var received: [CatalogPostgreSQL.Notification] = []
    for _ in 0..<50 where received.isEmpty {
      received = try listener.waitForNotifications(timeout: 0.2)
    }
    #expect(received.map(\.channel) == ["catalog_changes"])
    #expect(received.map(\.payload) == ["7"])
  }

  @Test func aMissingDatabaseIsAConnectionFailure() throws {
    let url = try database.url(role: "postgres").replacingOccurrences(
      of: "/\(database.name)", with: "/no_such_database")
    let error = try requirePostgreSQLError { try Connection(ConnectionString(url)) }
    #expect(error.kind == .connection)
    #expect(error.message.contains("database \"no_such_database\" does not exist"))
    #expect(!error.message.contains("\n"))
  }

  @Test func aServerThatIsNotThereIsAConnectionFailure() throws {
    let directory = try TemporaryDirectory()
    let error = try requirePostgreSQLError {
      try Connection(ConnectionString("postgresql:///x?host=\(directory.url.path)"))
    }
    #expect(error.kind == .connection)
    #expect(error.isUnavailable)
    #expect(error.message.contains("No such file or directory"))
  }

  @Test func aWrongPasswordIsRefusedWithoutShowingIt() throws {
    let role = "catalog_pw_" + UUID().uuidString.prefix(8).lowercased()
    try database.psql(
      "CREATE ROLE \(role) LOGIN PASSWORD 'right-one' IN ROLE catalog_password_users")
    let wrong = try ConnectionString(try database.url(role: role, password: "Wr0ngSecret"))
    let error = try requirePostgreSQLError { try Connection(wrong) }
    #expect(error.kind == .connection)
    #expect(error.message.contains("password authentication failed"))
    #expect(!error.description.contains("Wr0ngSecret"))
    #expect(!"\(wrong)".contains("Wr0ngSecret"))
    let right = try ConnectionString(try database.url(role: role, password: "right-one"))
    #expect(try Connection(right).user == role)
  }
}

/// The ``PostgreSQLError`` that `body` throws; records an issue and throws when it throws
/// nothing.
func requirePostgreSQLError<R>(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) throws -> PostgreSQLError {
  try requireError(PostgreSQLError.self, sourceLocation: sourceLocation, body)
}

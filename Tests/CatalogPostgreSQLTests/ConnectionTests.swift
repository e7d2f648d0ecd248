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

  /// The COPY statement's format clause: text (the default) or binary.
  static let copyFormats = ["", " (FORMAT binary)"]

  @Test(arguments: copyFormats)
  func copyInStoresEveryByteAndNull(format: String) throws {
    try connection.execute(script: "CREATE TABLE t (id bigint PRIMARY KEY, body text, note text)")
    let bodies = ["plain", "tab\there", "new\nline", "back\\slash", "cr\r", "\\N", "", "é"]
    let count = try connection.copyIn("COPY t (id, body, note) FROM STDIN\(format)") { rows in
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

  /// Rows encoded ahead (as a write's are) land as they were: integers at both ends of
  /// their range, every byte of a text, a digest's 32 bytes, NULL apart from the empty text.
  @Test(arguments: [CopyBuffer.Format.text, .binary])
  func encodedRowsLandAsTheyWere(format: CopyBuffer.Format) throws {
    try connection.execute(
      script: "CREATE TABLE t (id bigint PRIMARY KEY, body text, digest bytea, note text)")
    let ids: [Int64] = [.min, -1, 0, 1, 255, 256, 1 << 40, .max]
    let bodies = ["plain", "tab\there", "new\nline", "back\\slash", "\\N", "", "é 日本", "\u{1}"]
    var rows = CopyBuffer(format: format)
    for (index, id) in ids.enumerated() {
      rows.append(id)
      rows.append(text: bodies[index])
      let digest = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 37 + index) }
      digest.withUnsafeBytes { rows.append(bytea: $0) }
      if index % 2 == 0 { rows.appendNull() } else { rows.append(text: "") }
      rows.endRow()
    }
    let clause = format == .binary ? " (FORMAT binary)" : ""
    #expect(
      try connection.copyIn("COPY t (id, body, digest, note) FROM STDIN\(clause)", rows: rows) == 8)
    let result = try connection.execute(
      "SELECT id, body, encode(digest, 'hex'), note IS NULL, note FROM t ORDER BY id")
    #expect(result.rowCount == 8)
    for (index, id) in ids.enumerated() {
      #expect(try result.int64(row: index, column: 0) == id)
      #expect(result.string(row: index, column: 1) == bodies[index])
      let digest = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 37 + index) }
      #expect(
        result.string(row: index, column: 2) == digest.map { String(format: "%02x", $0) }.joined())
      #expect(result.string(row: index, column: 3) == (index % 2 == 0 ? "t" : "f"))
    }
  }

  /// The binary format's bytes, field by field: the header, a row's field count, each
  /// field's length and bytes in network order, -1 for NULL, the trailer.
  @Test func theBinaryFormatIsPostgreSQLs() {
    var rows = CopyBuffer(format: .binary)
    #expect(rows.isEmpty)
    rows.append(Int64(258))
    rows.append(text: "é")
    rows.appendNull()
    rows.endRow()
    #expect(!rows.isEmpty)
    #expect(rows.rowCount == 1)
    // "PGCOPY\n\377\r\n\0", the flags (none), the header extension's length (0).
    let header: [UInt8] = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]
    #expect(rows.start == header + [0, 0, 0, 0] + [0, 0, 0, 0])
    #expect(
      rows.bytes == [0, 3] + [0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 1, 2] + [0, 0, 0, 2, 0xc3, 0xa9]
        + [0xff, 0xff, 0xff, 0xff])
    #expect(rows.end == [0xff, 0xff])
    rows.removeAll()
    #expect(rows.isEmpty && rows.bytes.isEmpty)
  }

  /// Rows in one format for a statement in the other are refused before any is sent, and
  /// the connection stays usable.
  @Test func rowsInTheOtherFormatAreAMisuse() throws {
    try connection.execute(script: "CREATE TABLE t (id bigint PRIMARY KEY)")
    for (format, clause) in [(CopyBuffer.Format.text, " (FORMAT binary)"), (.binary, "")] {
      var rows = CopyBuffer(format: format)
      rows.append(Int64(1))
      rows.endRow()
      let error = try requirePostgreSQLError {
        try connection.copyIn("COPY t (id) FROM STDIN\(clause)", rows: rows)
      }
      #expect(error.kind == .misuse)
      #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    }
  }

  @Test(arguments: copyFormats)
  func aCopyThatFailsLeavesNothingAndTheConnectionUsable(format: String) throws {
    try connection.execute(script: "CREATE TABLE t (id bigint PRIMARY KEY)")
    let error = try requirePostgreSQLError {
      try connection.copyIn("COPY t (id) FROM STDIN\(format)") { rows in
        for id in [1, 2, 2] {
          rows.append(Int64(id))
          try rows.endRow()
        }
      }
    }
    #expect(error.isUniqueViolation)
    #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    let thrown = try requireError(ExpectedFailure.self) {
      try connection.copyIn("COPY t (id) FROM STDIN\(format)") { rows in
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

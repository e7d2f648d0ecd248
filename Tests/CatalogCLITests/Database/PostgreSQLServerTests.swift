import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// The `catalog` binary against a real PostgreSQL server: several machines (processes) on
/// one catalog, roles, connection failures, clients killed and servers restarted mid-write.
@Suite("PostgreSQL server")
struct PostgreSQLServerTests {
  let directory: TemporaryDirectory
  let database: PostgreSQLTestDatabase

  init() throws {
    directory = try TemporaryDirectory()
    database = try PostgreSQLTestDatabase()
  }

  /// Runs `catalog -d URL ARGUMENTS` in the test's directory.
  @discardableResult
  func run(
    _ arguments: [String], url: String? = nil, author: String = "tester"
  ) throws -> CatalogProcess.Result {
    try CatalogProcess.run(
      ["-d", url ?? database.url] + arguments, in: directory,
      environment: ["CATALOG_AUTHOR": author])
  }

  /// As on SQLite, only a write that lands creates a catalog: a failed import, a dry run, a
  /// lost `--expect-head` race or a `tag` on an empty database leave it without the schema,
  /// so that a later `export` says there is no catalog instead of printing an empty one.
  @Test func onlyAWriteThatLandsCreatesTheCatalog() throws {
    try directory.write("bad.json", Array(#"{"components": [{"kind": 1}]}"#.utf8))
    try directory.write("ok.json", try GeneratedCatalog.document(count: 5))
    let missing = ": no catalog database here; 'catalog import FILE' creates one\n"
    for arguments in [
      ["import", "bad.json"], ["import", "ok.json", "--dry-run"],
      ["import", "ok.json", "--expect-head", "3"], ["tag", "v1"], ["rename", "a", "b"],
    ] {
      let failed = try run(arguments)
      #expect(failed.status != 0 || arguments.contains("--dry-run"), "\(arguments): \(failed)")
      let export = try run(["export"])
      #expect(export.status == 66, "after \(arguments): \(export)")
      #expect(export.stderr.hasSuffix(missing), "after \(arguments): \(export)")
    }
    let first = try run(["import", "ok.json"])
    #expect(first.status == 0, "\(first)")
    // Creating the schema says nothing on stderr (no server NOTICE gets through).
    #expect(first.stderr.isEmpty, "\(first)")
    #expect(try run(["export"]).stdoutBytes == (try directory.read("ok.json")))
  }

  /// A second machine is a second process with another author: both write to one catalog,
  /// `log` shows both, and every revision exports the file that made it.
  @Test func twoAuthorsWriteToOneCatalog() throws {
    let first = try GeneratedCatalog.document(count: 40)
    let second = try GeneratedCatalog.document(count: 45, variant: 1)
    try directory.write("a.json", first)
    try directory.write("b.json", second)
    let ann = try run(["import", "a.json", "-m", "from ann's laptop"], author: "ann")
    #expect(ann.status == 0, "\(ann)")
    let bob = try run(["import", "b.json", "-m", "from bob's runner"], author: "bob")
    #expect(bob.status == 0, "\(bob)")
    let log = try run(["log", "--format", "json"])
    #expect(log.status == 0, "\(log)")
    #expect(log.stdout.contains("\"author\": \"ann\"") || log.stdout.contains("\"author\":\"ann\""))
    #expect(log.stdout.contains("\"author\": \"bob\"") || log.stdout.contains("\"author\":\"bob\""))
    #expect(try run(["export", "--at", "1"]).stdoutBytes == first)
    #expect(try run(["export", "--at", "2"]).stdoutBytes == second)
    let doctor = try run(["doctor"])
    #expect(doctor.status == 0, "\(doctor)")
    #expect(
      doctor.stdout.contains("; references between rows ok, payload hashes ok, kinds ok; "),
      "\(doctor)")
    #expect(!doctor.stdout.contains("integrity_check"), "SQLite's check does not run here")
  }

  /// Four processes import ten different files each, at once: forty revisions, numbered
  /// 1…40 without a gap, each the export of one of the files, and no process failed.
  @Test func fourProcessesTenImportsEach() throws {
    var files: [String: [UInt8]] = [:]
    for writer in 0..<4 {
      for index in 0..<10 {
        let name = "w\(writer)-\(index).json"
        let bytes = try GeneratedCatalog.document(count: 30, variant: 1 + writer * 10 + index)
        try directory.write(name, bytes)
        files[name] = bytes
      }
    }
    let failures = LockedValue<[String]>([])
    let group = DispatchGroup()
    let url = database.url
    let directory = self.directory
    for writer in 0..<4 {
      DispatchQueue.global().async(group: group) {
        for index in 0..<10 {
          let name = "w\(writer)-\(index).json"
          do {
            let result = try CatalogProcess.run(
              ["-d", url, "--busy-timeout", "120", "import", name, "-m", name], in: directory,
              environment: ["CATALOG_AUTHOR": "writer\(writer)"])
            if result.status != 0 { failures.withLock { $0.append("\(name): \(result)") } }
          } catch {
            failures.withLock { $0.append("\(name): \(error)") }
          }
        }
      }
    }
    group.wait()
    #expect(failures.withLock { $0 } == [])
    let catalog = try Catalog(path: database.url)
    let revisions = try catalog.revisions()
    #expect(revisions.map(\.id) == Array((1...40).reversed()))
    #expect(Set(revisions.map(\.message)) == Set(files.keys))
    for revision in revisions {
      #expect(
        try catalog.exportBytes(at: .number(revision.id)) == files[revision.message],
        "revision \(revision.id)")
    }
  }

  /// A role that may only SELECT can read everything; its writes are refused with exit 77
  /// and leave the catalog as it was.
  @Test func aReadOnlyRoleReadsButCannotWrite() throws {
    let bytes = try GeneratedCatalog.document(count: 20)
    try directory.write("a.json", bytes)
    try directory.write("b.json", GeneratedCatalog.document(count: 21, variant: 2))
    #expect(try run(["import", "a.json"]).status == 0)
    let role = "reader_" + UUID().uuidString.prefix(8).lowercased()
    try database.psql(
      "CREATE ROLE \(role) LOGIN; GRANT USAGE ON SCHEMA public TO \(role); "
        + "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role)")
    let reader = try database.url(role: role)
    #expect(try run(["export"], url: reader).stdoutBytes == bytes)
    #expect(try run(["log"], url: reader).status == 0)
    let write = try run(["import", "b.json"], url: reader)
    #expect(write.status == 77, "\(write)")
    #expect(write.stderr.contains("permission denied"), "\(write)")
    #expect(write.stderr.split(separator: "\n").count == 1, "\(write)")
    let tag = try run(["tag", "v1"], url: reader)
    #expect(tag.status == 77, "\(tag)")
    #expect(try run(["log", "--oneline"]).stdout.split(separator: "\n").count == 1)
    #expect(try run(["export"]).stdoutBytes == bytes)
    // A schema older than the binary (as if made before migration 0003): this role may not
    // upgrade it and is told so; the owner's first command, a reader too, upgrades it.
    try database.psql(
      "DROP TABLE document_frame; "
        + "DELETE FROM schema_migration WHERE name = '0003_document_frame'")
    let old = try run(["export"], url: reader)
    #expect(old.status == 74, "\(old)")
    #expect(
      old.stderr.contains(
        "the catalog's schema is older than this binary (it lacks 0003_document_frame) and "
          + "cannot be upgraded by this user"), "\(old)")
    #expect(try run(["export"]).stdoutBytes == bytes)
    // Every migration of the engine is recorded again (counted from Migrations/postgresql).
    let migrations = try FileManager.default.contentsOfDirectory(
      atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Migrations/postgresql").standardized.path
    ).filter { $0.hasSuffix(".sql") }
    #expect(migrations.count >= 11)
    #expect(
      try database.psql("SELECT count(*) FROM schema_migration") == "\(migrations.count)\n")
  }

  /// A role that may only SELECT cannot hold up the writers: it may take the advisory lock
  /// writers once used (advisory locks need no grant), and the strongest lock its SELECT
  /// allows, in an open transaction, and a writer still lands at once; the writers' table lock
  /// is refused to it.
  @Test func aReadOnlyRoleCannotBlockAWriter() throws {
    try directory.write("a.json", GeneratedCatalog.document(count: 5))
    try directory.write("b.json", GeneratedCatalog.document(count: 6, variant: 2))
    #expect(try run(["import", "a.json"]).status == 0)
    let role = "reader_" + UUID().uuidString.prefix(8).lowercased()
    try database.psql(
      "CREATE ROLE \(role) LOGIN; GRANT USAGE ON SCHEMA public TO \(role); "
        + "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role)")
    let reader = try database.url(role: role)
    #expect(throws: (any Error).self) {
      try database.cluster.psql(
        "BEGIN; LOCK TABLE tag IN SHARE ROW EXCLUSIVE MODE; COMMIT", url: reader)
    }
    // The reader's session: the old advisory key ("CATGWRIT") and ACCESS SHARE on every
    // table, held until its standard input closes.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = ["psql", "-X", "-q", "-A", "-t", "-d", reader]
    let input = Pipe()
    let output = Pipe()
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    let tables = ["tag", "revision", "entry_version", "payload", "kind_version"]
    input.fileHandleForWriting.write(
      Data(
        ("BEGIN;\nSELECT pg_advisory_xact_lock(4846247339411786068);\n"
          + tables.map { "LOCK TABLE \($0) IN ACCESS SHARE MODE;\n" }.joined()
          + "SELECT 'HE' || 'LD';\n").utf8))
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("HELD") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += chunk
    }
    #expect(String(decoding: seen, as: UTF8.self).contains("HELD"))
    let write = try run(["import", "b.json", "--busy-timeout", "5"])
    input.fileHandleForWriting.closeFile()
    holder.waitUntilExit()
    #expect(write.status == 0, "\(write)")
    #expect(try run(["log", "--oneline"]).stdout.split(separator: "\n").count == 2)
  }

  /// A server that is not there, a database that does not exist and a wrong password are
  /// one sentence each and exit 69; no password appears in any of them.
  @Test func connectionFailuresAreOneSentenceAndExit69() throws {
    let nowhere = try TemporaryDirectory()
    let down = try run(["log"], url: "postgresql:///x?host=\(nowhere.url.path)&password=hunter2")
    #expect(down.status == 69, "\(down)")
    #expect(down.stderr.hasPrefix("catalog: error: postgresql:///x?host="), "\(down)")
    #expect(down.stderr.contains("cannot connect to the PostgreSQL server"), "\(down)")
    #expect(!down.stderr.contains("hunter2"), "\(down)")
    #expect(down.stderr.split(separator: "\n").count == 1, "\(down)")

    let missing = try database.url(role: "postgres").replacingOccurrences(
      of: "/\(database.name)", with: "/no_such_catalog_db")
    let absent = try run(["log"], url: missing)
    #expect(absent.status == 69, "\(absent)")
    #expect(absent.stderr.contains("database \"no_such_catalog_db\" does not exist"), "\(absent)")

    let role = "catalog_pw_" + UUID().uuidString.prefix(8).lowercased()
    try database.psql("CREATE ROLE \(role) LOGIN PASSWORD 'right' IN ROLE catalog_password_users")
    let wrong = try run(["log"], url: try database.url(role: role, password: "s3cretWrong"))
    #expect(wrong.status == 69, "\(wrong)")
    #expect(wrong.stderr.contains("password authentication failed"), "\(wrong)")
    #expect(!wrong.stderr.contains("s3cretWrong"), "\(wrong)")
  }

  /// A catalog that is refused: a database whose tables are someone else's.
  @Test func aForeignSchemaIsRefusedUnchanged() throws {
    try database.psql("CREATE TABLE orders (id bigint)")
    try directory.write("a.json", GeneratedCatalog.document(count: 3))
    let result = try run(["import", "a.json"])
    #expect(result.status == 74, "\(result)")
    // PostgreSQL's words, not SQLite's: a schema has no application id.
    #expect(
      result.stderr.hasSuffix(
        ": not a catalog database (its schema holds other tables, and no schema_migration "
          + "table marked as a catalog's); it was left unchanged\n"), "\(result)")
    #expect(!result.stderr.contains("application id"), "\(result)")
    #expect(
      try database.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "1\n")
  }

  /// A role that may not read the tables is told that its read was refused, not a write.
  @Test func aDeniedReadSaysRead() throws {
    try directory.write("a.json", GeneratedCatalog.document(count: 3))
    #expect(try run(["import", "a.json"]).status == 0)
    let role = "stranger_" + UUID().uuidString.prefix(8).lowercased()
    try database.psql(
      "CREATE ROLE \(role) LOGIN; GRANT USAGE ON SCHEMA public TO \(role); "
        + "GRANT SELECT ON schema_migration TO \(role)")
    for command in [["export"], ["log"], ["kinds"]] {
      let result = try run(command, url: try database.url(role: role))
      #expect(result.status == 77, "\(command): \(result)")
      #expect(
        result.stderr.contains(
          ": permission denied: the server refused this read to the role you connect as ("),
        "\(command): \(result)")
      #expect(result.stderr.hasSuffix("); grant it SELECT on the catalog's tables\n"), "\(result)")
      #expect(!result.stderr.contains("write"), "\(command): \(result)")
    }
  }

  /// History is append-only in the database itself, not only in Swift.
  @Test func theDatabaseRefusesToRewriteHistory() throws {
    try directory.write("a.json", GeneratedCatalog.document(count: 3))
    #expect(try run(["import", "a.json"]).status == 0)
    for sql in [
      "UPDATE revision SET author = 'mallory'", "DELETE FROM entry_version",
      "TRUNCATE payload CASCADE",
      "INSERT INTO revision VALUES (5, '2026-01-01T00:00:00.000Z', "
        + "'a', 'm', 's', 'import', 0, 0, 0, 0)",
    ] {
      #expect(throws: PostgreSQLCluster.Unavailable.self, "\(sql)") { try database.psql(sql) }
    }
    #expect(try database.psql("SELECT author FROM revision") == "tester\n")
    try database.psql("INSERT INTO document_frame VALUES (1, 'array', '{}', '{}')")
    for sql in [
      "UPDATE document_frame SET form = 'object'", "DELETE FROM document_frame",
      "TRUNCATE document_frame",
    ] {
      #expect(throws: PostgreSQLCluster.Unavailable.self, "\(sql)") { try database.psql(sql) }
    }
    #expect(try database.psql("SELECT form FROM document_frame") == "array\n")
  }

  /// A client killed (SIGKILL) in the middle of a first import leaves the old head or the
  /// new one, never part of it; the next import works.
  @Test func aClientKilledMidImportLeavesOldOrNewHead() throws {
    let big = try GeneratedCatalog.document(count: 20_000)
    try directory.write("big.json", big)
    for delay in [0.05, 0.3] {
      let database = try PostgreSQLTestDatabase()
      let child = try RunningCatalog(
        ["-d", database.url, "import", "big.json"], in: directory)
      Thread.sleep(forTimeInterval: delay)
      child.sigkill()
      _ = child.wait()
      let catalog = try Catalog(path: database.url)
      let head = try catalog.head()?.id ?? 0
      #expect(head == 0 || head == 1)
      if head == 1 { #expect(try catalog.exportBytes() == big) }
      #expect(try catalog.doctor().isHealthy)
      let again = try run(["import", "big.json"], url: database.url)
      #expect(again.status == 0, "\(again)")
      #expect(try catalog.exportBytes() == big)
    }
  }

  /// The server refusing a row in the middle of a first import's COPY stream (a text its
  /// database's encoding cannot hold, in a batch sent after others) fails the write whole,
  /// every time: one sentence, exit 74, no catalog created, not a table left.
  @Test func aRowTheServerRefusesMidCopyRollsTheImportBack() throws {
    let database = try PostgreSQLTestDatabase(encoding: "LATIN1")
    var entries = try CatalogDocumentReader(
      JSONReader(bytes: try GeneratedCatalog.document(count: 20_000))
    ).readAll()
    entries[15_000].description += " 日本"
    try directory.write("refused.json", GeneratedCatalog.document(entries))
    for _ in 0..<2 {
      let refused = try run(["import", "refused.json"], url: database.url)
      #expect(refused.status == 74, "\(refused)")
      #expect(refused.stderr.contains("22P05"), "\(refused)")
      #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
      let export = try run(["export"], url: database.url)
      #expect(export.status == 66, "\(export)")
      #expect(
        try database.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0\n")
    }
  }

  /// `pg_ctl restart -m fast` between writes: the next command connects again. During a
  /// write: the client says the connection was lost (exit 69), and the catalog keeps its old
  /// head or the new one, whole.
  @Test func serverRestartsBetweenAndDuringWrites() throws {
    let cluster = try PostgreSQLCluster.start()
    defer { cluster.stop() }
    let database = try PostgreSQLTestDatabase(cluster: cluster)
    let first = try GeneratedCatalog.document(count: 50)
    let big = try GeneratedCatalog.document(count: 20_000, variant: 3)
    try directory.write("first.json", first)
    try directory.write("big.json", big)
    #expect(try run(["import", "first.json"], url: database.url).status == 0)
    try cluster.restart()
    #expect(try run(["export"], url: database.url).stdoutBytes == first)

    let child = try RunningCatalog(["-d", database.url, "import", "big.json"], in: directory)
    Thread.sleep(forTimeInterval: 0.2)
    try cluster.restart()
    let result = child.wait()
    #expect(result.status == 0 || result.status == 69, "\(result)")
    if result.status == 69 {
      #expect(result.stderr.contains("PostgreSQL server"), "\(result)")
      // One sentence: libpq's notices (the server's FATAL) are never printed raw.
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }
    #expect(!result.stderr.contains("\nFATAL") && !result.stderr.hasPrefix("FATAL"), "\(result)")
    let catalog = try Catalog(path: database.url)
    let head = try catalog.head()?.id ?? 0
    #expect(head == 1 || head == 2)
    #expect(try catalog.exportBytes() == (head == 1 ? first : big))
    #expect(try catalog.doctor().isHealthy)
  }

  /// SQLite → PostgreSQL → SQLite of a catalog of 1,000 revisions (built through the
  /// library) gives the same bytes at every revision on all three, with tags, authors and
  /// times; a second copy into a catalog that is not empty is refused with exit 65.
  @Test func copyRoundTripOfAThousandRevisions() throws {
    let source = directory.path("source.sqlite")
    let catalog = try Catalog(path: source)
    var entries = (0..<12).map {
      CatalogEntry(kind: "k\($0)", category: "c\($0 % 3)", description: "d", payload: ["n": 0])
    }
    for step in 0..<1000 {
      entries[step % 12].payload = JSONText(["n": .number(JSONNumber(step))])
      if step % 97 == 0 { entries.swapAt(0, 11) }
      if step % 250 == 0 { entries[3].category = "moved \(step)" }
      try catalog.importDocument(
        from: .bytes(CatalogDocumentWriter.document(entries), name: "step-\(step).json"),
        options: WriteOptions(author: "author\(step % 5)", message: "step \(step)"),
        prune: true)
    }
    try catalog.tag("v1", at: 500, author: "rel")
    #expect(try catalog.head()?.id == 1000)

    let toServer = try run(["copy", source, database.url])
    #expect(toServer.status == 0, "\(toServer)")
    let back = directory.path("back.sqlite")
    let toFile = try run(["copy", database.url, back])
    #expect(toFile.status == 0, "\(toFile)")
    let again = try run(["copy", source, database.url])
    #expect(again.status == 65, "\(again)")
    #expect(again.stderr.contains("is not empty"), "\(again)")

    let copies = [try Catalog(path: database.url), try Catalog(path: back)]
    let original = try catalog.revisions()
    for copy in copies {
      #expect(try copy.revisions() == original)
      #expect(try copy.tags() == catalog.tags())
      #expect(try copy.doctor().isHealthy)
    }
    for revision in 1...1000 {
      let expected = try catalog.exportBytes(at: .number(Int64(revision)))
      for copy in copies {
        #expect(try copy.exportBytes(at: .number(Int64(revision))) == expected, "\(revision)")
      }
    }
  }
}

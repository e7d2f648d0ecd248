import CatalogStore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The database file itself is wrong: not SQLite, truncated, damaged, read-only, in a missing
/// directory, or written by a newer `catalog`. Every command says so in one sentence, exits
/// with 74, and leaves the file's bytes as they were.
@Suite("Database files that are damaged, foreign or read-only")
struct DatabaseFileProblemTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
    try directory.write("mutated.json", try Fixtures.bytes("generated-300-mutated.json"))
  }

  /// A catalog of ok.json, closed (so its WAL is checkpointed into the file).
  func makeCatalog(_ name: String = "components.sqlite") throws -> [UInt8] {
    let result = try CatalogProcess.run(["-d", name, "import", "ok.json"], in: directory)
    try #require(result.status == 0, "\(result)")
    return try directory.read(name)
  }

  /// Runs a reading and a writing command and checks that both give `message` with exit 74
  /// and that the file is unchanged.
  func expectRefused(
    _ name: String, _ message: String,
    commands: [[String]] = [["import", "mutated.json"], ["export"], ["log"], ["doctor"]],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try directory.read(name)
    for arguments in commands {
      let result = try CatalogProcess.run(["-d", name] + arguments, in: directory)
      #expect(result.status == 74, "\(arguments): \(result)", sourceLocation: sourceLocation)
      #expect(
        result.stderr == "catalog: error: \(name): \(message)\n", "\(arguments)",
        sourceLocation: sourceLocation)
      #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }
    #expect(try directory.read(name) == before, sourceLocation: sourceLocation)
  }

  @Test func aFileThatIsNotSQLite() throws {
    try directory.write(
      "components.sqlite", String(repeating: "this is not a database\n", count: 500))
    let before = try directory.fileNames()
    try expectRefused(
      "components.sqlite",
      "not a catalog database (the file is not SQLite, or is encrypted or damaged); it was left unchanged"
    )
    #expect(try directory.fileNames() == before, "no journal, -wal or -shm file appears")
  }

  /// An empty file (or one that a first writer has created but not yet set up) holds no
  /// catalog: readers say so, as for a missing file; the first write makes it a catalog.
  @Test func anEmptyFileBecomesACatalog() throws {
    try directory.write("components.sqlite", [UInt8]())
    for arguments in [["export"], ["log"], ["doctor"]] {
      let reader = try CatalogProcess.run(arguments, in: directory)
      #expect(reader.status == 66, "\(arguments): \(reader)")
      #expect(
        reader.stderr
          == "catalog: error: components.sqlite: no catalog database here; 'catalog import FILE' creates one\n"
      )
    }
    #expect(try directory.read("components.sqlite") == [])
    let result = try CatalogProcess.run(["import", "ok.json"], in: directory)
    #expect(result.stdout == "revision 1: 300 added, 0 changed, 0 removed\n", "\(result)")
  }

  @Test func anotherApplicationsDatabase() throws {
    try makeDatabaseFile(directory.path("other.sqlite"), "CREATE TABLE notes (text TEXT)")
    try expectRefused(
      "other.sqlite",
      "not a catalog database (it has tables, but neither the catalog application id nor a "
        + "schema_migration table); it was left unchanged")
  }

  @Test func anotherApplicationsMarkedDatabase() throws {
    try makeDatabaseFile(
      directory.path("marked.sqlite"), "PRAGMA application_id = 42; CREATE TABLE t (x)")
    try expectRefused(
      "marked.sqlite",
      "not a catalog database (its application id is 0x2A, not 0x43415447); it was left unchanged")
  }

  /// A catalog file that cannot be opened at all (no read permission): a sentence, not
  /// SQLite's "unable to open database file".
  @Test(.enabled(if: canDropWriteAccess)) func anUnreadableFile() throws {
    let bytes = try makeCatalog()
    chmod(directory.path("components.sqlite"), 0o000)
    defer { chmod(directory.path("components.sqlite"), 0o644) }
    for arguments in [["export"], ["import", "mutated.json"]] {
      let result = try runWithoutWriteAccess(arguments)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(
        result.stderr
          == "catalog: error: components.sqlite: cannot open the catalog database; check the "
          + "permissions of the file and its directory\n", "\(arguments)")
    }
    chmod(directory.path("components.sqlite"), 0o644)
    #expect(try directory.read("components.sqlite") == bytes)
  }

  @Test func aTruncatedFile() throws {
    let bytes = try makeCatalog()
    try directory.write("truncated.sqlite", Array(bytes.prefix(bytes.count / 2)))
    try expectRefused(
      "truncated.sqlite", "the database is damaged; 'catalog doctor' reports what is wrong",
      commands: [["import", "mutated.json"], ["export"], ["log"]])
    // doctor does not send the user to itself: it runs integrity_check on what is left.
    let doctor = try CatalogProcess.run(["-d", "truncated.sqlite", "doctor"], in: directory)
    #expect(doctor.status == 74, "\(doctor)")
    #expect(
      doctor.stdout
        == "note: the catalog's schema cannot be read, so only SQLite's integrity_check ran\n")
    #expect(doctor.stderr.hasPrefix("catalog: error: integrity_check: "), "\(doctor)")
    #expect(doctor.stderr.hasSuffix(Self.problemsFound(doctor.stderr)), "\(doctor)")
    #expect(!doctor.stderr.contains("'catalog doctor'"))
  }

  /// Pages overwritten (the last quarter of the file: the import writes its payloads and
  /// entry versions after the schema's pages, so these hold only those, whatever the page
  /// size): writers and readers refuse it, and doctor lists what integrity_check finds.
  @Test func aDamagedPage() throws {
    var bytes = try makeCatalog()
    // The page size is in the file's header, big-endian at offset 16
    // (https://sqlite.org/fileformat.html#the_database_header).
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let pages = bytes.count / pageSize
    for i in ((pages - pages / 4) * pageSize)..<(pages * pageSize) {
      bytes[i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7)
    }
    try directory.write("damaged.sqlite", bytes)
    for arguments in [["import", "mutated.json"], ["export"]] {
      let result = try CatalogProcess.run(["-d", "damaged.sqlite"] + arguments, in: directory)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(
        result.stderr
          == "catalog: error: damaged.sqlite: the database is damaged; 'catalog doctor' reports "
          + "what is wrong\n", "\(arguments)")
    }
    let doctor = try CatalogProcess.run(["-d", "damaged.sqlite", "doctor"], in: directory)
    #expect(doctor.status == 74)
    #expect(
      doctor.stdout == "note: the catalog's own checks were skipped because the file is damaged\n")
    #expect(doctor.stderr.hasPrefix("catalog: error: integrity_check: "), "\(doctor)")
    #expect(doctor.stderr.hasSuffix(Self.problemsFound(doctor.stderr)), "\(doctor)")
    #expect(try directory.read("damaged.sqlite") == bytes)
  }

  @Test func aMissingDirectory() throws {
    let result = try CatalogProcess.run(
      ["-d", "missing/sub/c.sqlite", "import", "ok.json"], in: directory)
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "catalog: error: missing/sub/c.sqlite: the directory missing/sub does not exist; "
        + "create it first\n")
    let reader = try CatalogProcess.run(["-d", "missing/sub/c.sqlite", "export"], in: directory)
    #expect(reader.status == 66)
    #expect(
      reader.stderr
        == "catalog: error: missing/sub/c.sqlite: no catalog database here; 'catalog import FILE' creates one\n"
    )
    #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
  }

  /// A catalog written by a newer `catalog`, with a migration this binary does not know.
  @Test func aNewerSchema() throws {
    _ = try makeCatalog()
    do {
      let db = try RawSQLite(path: directory.path("components.sqlite"))
      try db.execute(
        "INSERT INTO schema_migration (name, applied_at) VALUES (?1, ?2)",
        ["0002_from_the_future", "2030-01-01T00:00:00.000Z"])
    }
    try expectRefused(
      "components.sqlite",
      "the catalog's schema is newer than this catalog binary (it has migration "
        + "0002_from_the_future, which this binary does not know); upgrade catalog")
  }

  // MARK: - Permissions

  /// Whether the test can take write access away: as root (which ignores permissions) it runs
  /// `catalog` as `nobody` with setpriv; as anyone else, permissions are enough.
  static let canDropWriteAccess =
    getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  /// Runs `catalog` without write access to files the test made.
  func runWithoutWriteAccess(_ arguments: [String]) throws -> CatalogProcess.Result {
    guard getuid() == 0 else { return try CatalogProcess.run(arguments, in: directory) }
    let process = try RunningCatalog(
      ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CatalogProcess.executable.path]
        + arguments, in: directory, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    return process.wait()
  }

  /// A read-only file in a writable directory: writes are refused, reads work.
  @Test(.enabled(if: canDropWriteAccess)) func aReadOnlyFile() throws {
    let bytes = try makeCatalog()
    let expected = try CatalogProcess.run(["export"], in: directory).stdoutBytes
    chmod(directory.path("components.sqlite"), 0o444)
    chmod(directory.url.path, 0o777)
    defer { chmod(directory.url.path, 0o755) }
    let write = try runWithoutWriteAccess(["import", "mutated.json"])
    #expect(write.status == 74, "\(write)")
    #expect(
      write.stderr
        == "catalog: error: components.sqlite: the catalog cannot be written; check the "
        + "permissions of the file and its directory\n")
    let read = try runWithoutWriteAccess(["export"])
    #expect(read.status == 0, "\(read)")
    #expect(read.stdoutBytes == expected)
    #expect(try directory.read("components.sqlite") == bytes)
  }

  /// A read-only directory: SQLite cannot create the -wal and -shm files a WAL database needs,
  /// so even readers are refused, with a sentence that says why.
  @Test(.enabled(if: canDropWriteAccess)) func aReadOnlyDirectory() throws {
    let bytes = try makeCatalog()
    chmod(directory.path("components.sqlite"), 0o444)
    chmod(directory.url.path, 0o555)
    defer { chmod(directory.url.path, 0o755) }
    let before = try directory.fileNames()
    let message =
      "catalog: error: components.sqlite: the catalog's directory cannot be written, and SQLite "
      + "keeps its -wal and -shm files beside the catalog, even to read it; make the directory writable\n"
    for arguments in [["import", "mutated.json"], ["export"], ["doctor"]] {
      let result = try runWithoutWriteAccess(arguments)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(result.stderr == message, "\(arguments)")
    }
    #expect(try directory.fileNames() == before)
    #expect(try directory.read("components.sqlite") == bytes)
  }

  /// A new catalog in a read-only directory: the sentence, exit 74, nothing created.
  @Test(.enabled(if: canDropWriteAccess)) func aNewCatalogInAReadOnlyDirectory() throws {
    chmod(directory.url.path, 0o555)
    defer { chmod(directory.url.path, 0o755) }
    let before = try directory.fileNames()
    let result = try runWithoutWriteAccess(["-d", "new.sqlite", "import", "ok.json"])
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: new.sqlite: the catalog's directory cannot be written, and SQLite "
        + "keeps its -wal and -shm files beside the catalog, even to read it; make the directory writable\n"
    )
    #expect(try directory.fileNames() == before)
  }

  /// The last line doctor prints for the problem lines above it: `1 problem found`,
  /// `2 problems found`.
  static func problemsFound(_ stderr: String) -> String {
    let count = stderr.split(separator: "\n").count {
      $0.hasPrefix("catalog: error: integrity_check")
    }
    return " \(count) problem\(count == 1 ? "" : "s") found\n"
  }
}

/// Creates an SQLite file at `path` holding `script`'s schema.
private func makeDatabaseFile(_ path: String, _ script: String) throws {
  let db = try RawSQLite(path: path, mode: .create)
  try db.execute(script)
}

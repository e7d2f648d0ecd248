import Components
import Foundation
import TestSupport
import Testing

// A raw connection that keeps the WAL from being checkpointed, for aLostWAL….

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--database` names something that is not a catalog file: a name SQLite treats specially,
/// a directory, a device, a named pipe, a missing directory; or the file cannot grow. Each
/// gets one sentence (never SQLite's own text) and a documented exit status, and nothing is
/// created.
@Suite("Database locations that are not catalog files")
struct DatabaseFileTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
  }

  /// `:memory:`, the empty name and `file:` URIs made `import` print `revision 1` and store
  /// nothing, or open files other than the one named.
  @Test(arguments: [
    (
      ":memory:",
      "':memory:' names SQLite's in-memory database, which keeps nothing; name a file "
        + "(./:memory: for a file of that name)"
    ),
    ("", "the catalog location is empty; name a file such as components.sqlite"),
    (
      "file:c.sqlite?mode=memory",
      "'file:c.sqlite?mode=memory' is an SQLite URI, not a file path; name the catalog file by "
        + "its path (./file:c.sqlite?mode=memory for a file whose name begins with file:)"
    ),
    (
      "file:c.sqlite?nolock=1",
      "'file:c.sqlite?nolock=1' is an SQLite URI, not a file path; name the catalog file by "
        + "its path (./file:c.sqlite?nolock=1 for a file whose name begins with file:)"
    ),
  ])
  func namesSQLiteTreatsSpecially(name: String, message: String) throws {
    let before = try directory.fileNames()
    for arguments in [["import", "ok.json"], ["export"], ["log"], ["doctor"]] {
      let result = try CatalogProcess.run(["-d", name] + arguments, in: directory)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr == "catalog: error: \(message)\n", "\(arguments)")
      #expect(result.stdout.isEmpty)
    }
    #expect(try directory.fileNames() == before)
  }

  /// A name beginning with `file:` is still a file when written as a path: SQLite never
  /// reads it as a URI.
  @Test func aFileWhoseNameBeginsWithFile() throws {
    let name = "./file:c.sqlite?mode=memory"
    let result = try CatalogProcess.run(["-d", name, "import", "ok.json"], in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(try directory.fileNames().contains("file:c.sqlite?mode=memory"))
    let export = try CatalogProcess.run(["-d", name, "export"], in: directory)
    #expect(export.stdoutBytes == (try Fixtures.bytes("generated-300.json")))
  }

  @Test func aDirectory() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("adir"), withIntermediateDirectories: false)
    let before = try directory.fileNames()
    for arguments in [["import", "ok.json"], ["export"], ["doctor"]] {
      let result = try CatalogProcess.run(["-d", "adir"] + arguments, in: directory)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(
        result.stderr == "catalog: error: adir: is a directory, not a catalog database file\n",
        "\(arguments)")
    }
    #expect(try directory.fileNames() == before)
  }

  /// A FIFO as the database blocked readers forever; now it is refused before anything opens
  /// it.
  @Test func aNamedPipe() throws {
    #expect(mkfifo(directory.path("pipe"), 0o644) == 0)
    for arguments in [["import", "ok.json"], ["export"], ["log"]] {
      let result = try CatalogProcess.run(["-d", "pipe"] + arguments, in: directory)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(
        result.stderr
          == "catalog: error: pipe: is a named pipe (FIFO), not a catalog database file; it was left unchanged\n"
      )
    }
  }

  /// A device (here /dev/null, through a link) is refused, and SQLite leaves no -journal
  /// beside it.
  @Test func aDevice() throws {
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("null.sqlite"), withDestinationPath: "/dev/null")
    let before = try directory.fileNames()
    let journalExisted = FileManager.default.fileExists(atPath: "/dev/null-journal")
    for arguments in [["import", "ok.json"], ["export"]] {
      let result = try CatalogProcess.run(["-d", "null.sqlite"] + arguments, in: directory)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(
        result.stderr
          == "catalog: error: null.sqlite: is a device, not a catalog database file; it was left unchanged\n"
      )
    }
    #expect(try directory.fileNames() == before)
    #expect(FileManager.default.fileExists(atPath: "/dev/null-journal") == journalExisted)
  }

  /// A catalog that would grow past `ulimit -f`: a sentence and 74, the catalog unchanged
  /// (not a SIGXFSZ death, not SQLite's "disk I/O error").
  @Test func aFileSizeLimit() throws {
    #expect(try CatalogProcess.run(["import", "ok.json"], in: directory).status == 0)
    let before = try directory.catalogState()
    try directory.write("big.json", try GeneratedCatalog.document(count: 6000, variant: 1))
    let size = try directory.read("components.sqlite").count
    // sh's `ulimit -f` counts 512-byte blocks: room for the catalog, not for the import.
    let blocks = size / 512 + 256
    let result = try CatalogProcess.shell(
      "ulimit -f \(blocks) && exec \"$CATALOG\" import big.json", in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: components.sqlite: the catalog would grow past the file-size limit "
        + "of this process (ulimit -f); nothing was written\n")
    #expect(try directory.catalogState() == before)
    try directory.expectHealthy()
  }

  /// What `doctor` cannot see: a lost write-ahead log (deleted, or a backup that copied the
  /// database file alone while another connection kept the WAL alive) takes the newest
  /// revisions with it, and the file left behind is a consistent, older catalog.
  /// docs/reliability.md records this limit; this test holds it to what it says.
  @Test func aLostWALDropsTheNewestRevisionsSilently() throws {
    try directory.write("mutated.json", try Fixtures.bytes("generated-300-mutated.json"))
    #expect(try CatalogProcess.run(["import", "ok.json"], in: directory).status == 0)
    // An open connection that has read holds the WAL: the next writer's exit does not
    // checkpoint it into the file (https://sqlite.org/wal.html#the_wal_file).
    let holder = try RawSQLite(path: directory.path("components.sqlite"), mode: .readOnly)
    #expect(try holder.text("SELECT count(*) FROM revision") == "1")
    #expect(try CatalogProcess.run(["import", "mutated.json"], in: directory).status == 0)
    try directory.write("copy.sqlite", try directory.read("components.sqlite"))

    let doctor = try CatalogProcess.run(["-d", "copy.sqlite", "doctor"], in: directory)
    #expect(doctor.status == 0, "\(doctor)")
    #expect(doctor.stdout.hasPrefix("ok: 1 revisions"), "\(doctor)")
    let log = try CatalogProcess.run(
      ["-d", "copy.sqlite", "log", "--format", "json"], in: directory)
    #expect(try JSONValue(parsing: log.stdoutBytes).arrayValue?.count == 1)
    // The catalog with its WAL still has both.
    #expect(try directory.catalogState().head == 2)
  }
}

import Foundation
import TestSupport
import Testing

// For a catalog file with no revision, which no command makes any more.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Only a write that lands creates the catalog file: a command that fails, or writes nothing,
/// on a path with no catalog leaves no file and no directory entry behind, so a typo in `-d`
/// never turns a later `export` into an empty manifest.
@Suite("Creating a catalog")
struct CatalogCreationTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
    try directory.write("bad.json", #"{"components": [{"kind": "a"}]}"#)
  }

  @Test(
    arguments: [
      (["import", "bad.json"], 65),
      (["import", "--dry-run", "ok.json"], 0),
      (["import", "missing.json"], 66),
      (["import", "ok.json", "--author", "a\u{1B}b"], 65),
      (["tag", "v1"], 65),
      (["rename", "a", "b"], 65),
      (["restore", "1"], 65),
      (["deprecate", "a"], 65),
      (["undeprecate", "a"], 65),
    ] as [([String], Int32)])
  func aCommandThatWritesNothingCreatesNothing(arguments: [String], status: Int32) throws {
    let before = try directory.fileNames()
    let result = try CatalogProcess.run(["-d", "typo.sqlite"] + arguments, in: directory)
    #expect(result.status == status, "\(arguments): \(result)")
    let after = try directory.fileNames()
    #expect(after == before, "\(arguments): \(after)")
    let export = try CatalogProcess.run(["-d", "typo.sqlite", "export"], in: directory)
    #expect(export.status == 66, "\(export)")
    #expect(
      export.stderr
        == "catalog: error: typo.sqlite: no catalog database here; 'catalog import FILE' creates one\n"
    )
  }

  /// The first write that lands creates the file, in WAL mode like any catalog, and the
  /// temporary file it was built in is gone.
  @Test func theFirstWriteCreatesTheFile() throws {
    let result = try CatalogProcess.run(["-d", "new.sqlite", "import", "ok.json"], in: directory)
    #expect(result.stdout == "revision 1: 300 added, 0 changed, 0 removed\n", "\(result)")
    #expect(try directory.fileNames().filter { $0.hasPrefix(".") }.isEmpty)
    #expect(try directory.fileNames().contains("new.sqlite"))
    let export = try CatalogProcess.run(["-d", "new.sqlite", "export"], in: directory)
    #expect(export.stdoutBytes == (try Fixtures.bytes("generated-300.json")))
    let second = try CatalogProcess.run(["-d", "new.sqlite", "tag", "v1"], in: directory)
    #expect(second.status == 0, "\(second)")
    try directory.expectHealthy("new.sqlite")
  }

  /// The new catalog's directory entry is made durable: after `link(2)` puts the file in
  /// place, the directory the creators lock is synced, before the temporary name goes (a
  /// power loss could otherwise take the whole catalog with it). What `fsync(2)` did cannot
  /// be seen afterwards, so the calls are traced; without `strace` (`.ci/run` installs it),
  /// or where tracing is not allowed, the test does not run.
  @Test(.enabled(if: Self.canTrace))
  func theDirectoryIsSyncedAfterTheLink() throws {
    let trace = directory.path("trace.txt")
    let result = try CatalogProcess.run(
      [
        "-f", "-qq", "-o", trace, "-e", "trace=flock,link,linkat,fsync,unlink,unlinkat",
        CatalogProcess.executable.path, "-d", "new.sqlite", "import", "ok.json",
      ], in: directory, executable: URL(fileURLWithPath: Self.strace))
    #expect(result.status == 0, "\(result)")
    // One call a line, after the thread's id: `1234 fsync(3) = 0`.
    let calls = String(decoding: try directory.read("trace.txt"), as: UTF8.self)
      .split(separator: "\n").map { $0.drop { $0.isNumber || $0 == " " } }
    // The descriptor the creators' lock is taken on: the directory.
    let lock = try #require(
      calls.first { $0.hasPrefix("flock(") && $0.contains("LOCK_EX") }?
        .dropFirst("flock(".count).prefix { $0.isNumber }, "\(calls)")
    let linked = try #require(
      calls.firstIndex {
        ($0.hasPrefix("link(") || $0.hasPrefix("linkat(")) && $0.contains(#""new.sqlite""#)
      }, "\(calls)")
    // The temporary name (`./.new.sqlite.new-XXXXXX`) removed, not its -journal, -wal, -shm.
    let removed = try #require(
      calls[linked...].firstIndex {
        $0.hasPrefix("unlink") && $0.contains(/\.new\.sqlite\.new-\w{6}"[,)]/)
      }, "\(calls)")
    #expect(
      calls[linked..<removed].contains { $0.hasPrefix("fsync(\(lock))") },
      "no fsync(\(lock)) between the link and the unlink: \(calls[linked...removed])")
  }

  /// Where `strace` is, when it is installed.
  static let strace = "/usr/bin/strace"

  /// Whether `strace` is installed and may trace a child here (a container may forbid
  /// `ptrace(2)`).
  static var canTrace: Bool {
    FileManager.default.isExecutableFile(atPath: strace)
      && (try? runCommand(strace, ["-o", "/dev/null", "true"]))?.status == 0
  }

  /// A creator killed before its first commit leaves its temporary file; the next creator of
  /// the same path, holding the creators' lock, removes it (and the files beside it), and
  /// leaves every other name alone.
  @Test func theNextCreatorRemovesAKilledCreatorsFiles() throws {
    let abandoned = [
      ".new.sqlite.new-a1B2c3", ".new.sqlite.new-a1B2c3-journal", ".new.sqlite.new-Zz9yX8-wal",
      ".new.sqlite.new-Zz9yX8-shm",
    ]
    let kept = [".new.sqlite.new-toolong1", ".other.sqlite.new-a1B2c3", "new.sqlite.new-a1B2c3"]
    for name in abandoned + kept { try directory.write(name, "left behind") }
    let result = try CatalogProcess.run(["-d", "new.sqlite", "import", "ok.json"], in: directory)
    #expect(result.status == 0, "\(result)")
    let names = try directory.fileNames()
    #expect(abandoned.allSatisfy { !names.contains($0) }, "\(names)")
    #expect(kept.allSatisfy(names.contains), "\(names)")
  }

  /// A catalog file with no revision (made by an older `catalog`, or by the library) is not
  /// a manifest: `export` says so with 66 instead of printing `{"components": []}`.
  @Test func exportOfACatalogWithNoRevision() throws {
    // A catalog that was migrated but never written: what older versions left behind.
    try RawSQLite.catalogWithoutRevisions(at: directory.path("empty.sqlite"))
    let export = try CatalogProcess.run(["-d", "empty.sqlite", "export"], in: directory)
    #expect(export.status == 66, "\(export)")
    #expect(export.stdout.isEmpty)
    #expect(
      export.stderr
        == "catalog: error: empty.sqlite: the catalog has no revision yet; 'catalog import FILE' writes the first\n"
    )
  }

  /// Two creators of the same path at once: one creates it, the other waits and then writes
  /// into that catalog; no write is lost.
  @Test func twoCreatorsAtOnce() throws {
    try directory.write("other.json", try GeneratedCatalog.document(count: 300, variant: 1))
    let first = try RunningCatalog(["-d", "both.sqlite", "import", "ok.json"], in: directory)
    let second = try RunningCatalog(["-d", "both.sqlite", "import", "other.json"], in: directory)
    let results = [first.wait(), second.wait()]
    #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
    #expect(try directory.catalogState("both.sqlite").head == 2)
    #expect(try directory.fileNames().filter { $0.hasPrefix(".") }.isEmpty)
  }
}

import Foundation
import TestSupport
import Testing

/// Every write to stdout and stderr is checked: a failed one is a sentence on stderr and exit
/// status 74, so `catalog export > components.json` on a full disk never passes with a cut
/// manifest. A broken pipe stays quiet (exit 141 from SIGPIPE, or 74 when SIGPIPE is ignored).
@Suite("Output that cannot be written")
struct OutputFailureTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    // Large enough (about 600 KB) that a pipe's buffer cannot take it all.
    try directory.write("big.json", try GeneratedCatalog.document(count: 1500))
    let result = try CatalogProcess.run(["import", "big.json"], in: directory)
    try #require(result.status == 0, "\(result)")
  }

  @Test(arguments: [
    ["export"], ["log"], ["log", "--format", "json"], ["show", "cell-grid-0"], ["doctor"],
    ["blame", "cell-grid-0"], ["diff", "big.json", "big.json", "--format", "json"],
  ])
  func aFullDisk(arguments: [String]) throws {
    let result = try CatalogProcess.shell(
      "exec \"$CATALOG\" \(arguments.joined(separator: " ")) > /dev/full", in: directory)
    #expect(result.status == 74, "\(arguments): \(result)")
    #expect(result.stderr == "catalog: error: stdout: no space left on device\n", "\(arguments)")
  }

  @Test func aClosedStdout() throws {
    let result = try CatalogProcess.shell("exec \"$CATALOG\" export >&-", in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr == "catalog: error: stdout: bad file descriptor\n")
  }

  /// The same from PostgreSQL. libpq's socket is not guarded as SQLite's files are: with
  /// stdout closed it took descriptor 1, and an export larger than its buffer was written
  /// into the connection in the middle of the protocol (219,264 bytes of it, then "resource
  /// temporarily unavailable"), until the process reserved the number at start
  /// (`CatalogMain.openClosedStandardDescriptors`).
  @Test func aClosedStdoutWithAPostgreSQLCatalog() throws {
    let database = try PostgreSQLTestDatabase()
    let imported = try CatalogProcess.run(
      ["-d", database.url, "import", "big.json"], in: directory)
    try #require(imported.status == 0, "\(imported)")
    let result = try CatalogProcess.shell(
      "exec \"$CATALOG\" -d \"$URL\" export >&-", in: directory,
      environment: ["URL": database.url])
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr == "catalog: error: stdout: bad file descriptor\n", "\(result)")
    let export = try CatalogProcess.run(["-d", database.url, "export"], in: directory)
    #expect(export.status == 0, "\(export)")
    #expect(export.stdoutBytes == (try directory.read("big.json")))
  }

  @Test func aFileSizeLimitOnStdout() throws {
    let result = try CatalogProcess.shell(
      "ulimit -f 256 && exec \"$CATALOG\" export > out.json", in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr == "catalog: error: stdout: file too large\n")
  }

  /// The reader of the pipe went away: with SIGPIPE ignored, the write fails with EPIPE and
  /// `catalog` exits 74 without a message (the reader is gone; nobody needs one).
  @Test func aBrokenPipeWithSIGPIPEIgnored() throws {
    let result = try CatalogProcess.shell(
      "trap '' PIPE; (\"$CATALOG\" export; echo $? > status) | true; cat status", in: directory)
    #expect(result.stdout == "74\n", "\(result)")
    #expect(result.stderr.isEmpty)
  }

  /// With SIGPIPE at its default, the kernel ends the process as it ends any Unix filter.
  /// (`env --default-signal` because the test process may ignore SIGPIPE, and a shell
  /// cannot restore a signal that was ignored when it started.)
  @Test func aBrokenPipe() throws {
    let result = try CatalogProcess.shell(
      "(env --default-signal=PIPE \"$CATALOG\" export; echo $? > status) | true; cat status",
      in: directory)
    #expect(result.stdout == "141\n", "\(result)")
    #expect(result.stderr.isEmpty)
  }

  /// A write whose report cannot be printed still exits with 74, but says that the revision
  /// was written: a script that retries is then told "no changes", and must know why.
  @Test(arguments: [[], ["--format", "json"]])
  func aWriteWhoseReportCannotBePrinted(format: [String]) throws {
    try directory.write("one.json", try GeneratedCatalog.document(count: 1))
    let options = format.joined(separator: " ")
    let result = try CatalogProcess.shell(
      "exec \"$CATALOG\" import one.json --prune \(options) > /dev/full", in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: revision 2 was written, but its report could not be: stdout: "
        + "no space left on device\n")
    // Nothing written, nothing claimed: a repeat, and a dry run.
    for arguments in ["import one.json --prune", "import big.json --dry-run"] {
      let unchanged = try CatalogProcess.shell(
        "exec \"$CATALOG\" \(arguments) \(options) > /dev/full", in: directory)
      #expect(unchanged.status == 74, "\(unchanged)")
      #expect(unchanged.stderr == "catalog: error: stdout: no space left on device\n")
    }

    let renamed = try CatalogProcess.shell(
      "exec \"$CATALOG\" rename cell-grid-0 cell \(options) > /dev/full", in: directory)
    #expect(renamed.status == 74, "\(renamed)")
    #expect(renamed.stderr.hasPrefix("catalog: error: revision 3 was written, but "))
  }

  /// An error whose message cannot be written still exits with its own status.
  @Test func aFullStderr() throws {
    let result = try CatalogProcess.shell(
      "exec \"$CATALOG\" export --at 99 2> /dev/full", in: directory)
    #expect(result.status == 65, "\(result)")
  }
}

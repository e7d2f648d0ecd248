import Foundation
import TestSupport
import Testing

/// A standard descriptor the process started without keeps its number reserved
/// (`CatalogMain.openClosedStandardDescriptors`): nothing the command opens can take it, so
/// what is meant for stdout never lands in a file or connection, and using the descriptor
/// fails as it would have when it was closed.
@Suite("Closed standard descriptors")
struct ClosedStandardDescriptorTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write("components.json", try GeneratedCatalog.document(count: 3))
  }

  /// libpq's socket is not guarded as SQLite's files are: with stdout closed it takes
  /// descriptor 1, and an export larger than its buffer was written into the connection in
  /// the middle of the protocol (219,264 bytes of it, then "resource temporarily
  /// unavailable"). Now the export fails as any write to a closed stdout does.
  @Test func anExportNeverGoesIntoAPostgreSQLConnection() throws {
    // About 600 KB: more than the export's buffer, so it writes while the connection is open.
    try directory.write("big.json", try GeneratedCatalog.document(count: 1500))
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

  /// The same on SQLite, which reserves the number itself when it opens the catalog.
  @Test func aReportToAClosedStdoutOnSQLite() throws {
    let result = try CatalogProcess.shell(
      "exec \"$CATALOG\" -d c.sqlite import components.json >&-", in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: revision 1 was written, but its report could not be: "
        + "stdout: bad file descriptor\n", "\(result)")
  }
}

import Foundation
import TestSupport
import Testing

@Suite("--database and CATALOG_DATABASE locations")
struct DatabaseLocationTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A server that cannot be reached (a socket directory that does not exist) is exit 69
  /// with the location named, its password never shown, and no file created.
  @Test(arguments: [
    ["-d", "postgresql://u:s3cret@/components?host=/nonexistent-socket-dir", "export"],
    ["--database", "host=/nonexistent-socket-dir password=s3cret dbname=c", "log"],
  ])
  func anUnreachablePostgreSQLCatalogIsUnavailable(arguments: [String]) throws {
    let result = try CatalogProcess.run(arguments, in: directory)
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.hasPrefix("catalog: error: "), "\(result)")
    #expect(result.stderr.contains("***"), "\(result)")
    #expect(!result.stderr.contains("s3cret"), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
  }

  @Test func theEnvironmentVariableTakesTheSameLocations() throws {
    let result = try CatalogProcess.run(
      ["export"], in: directory,
      environment: ["CATALOG_DATABASE": "postgres://u:s3cret@/c?host=/nonexistent-socket-dir"])
    #expect(result.status == 69, "\(result)")
    #expect(!result.stderr.contains("s3cret"), "\(result)")
  }

  @Test func aPlainPathIsStillASQLiteFile() throws {
    try directory.write("components.json", try Fixtures.bytes("generated-300.json"))
    // "host=x.sqlite" alone would name a PostgreSQL host; "./" makes it a file.
    let file = try CatalogProcess.run(
      ["-d", "./host=x.sqlite", "import", "components.json"], in: directory)
    #expect(file.status == 0, "\(file)")
    #expect(FileManager.default.fileExists(atPath: directory.url.path + "/host=x.sqlite"))
  }
}

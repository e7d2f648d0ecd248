import Foundation
import TestSupport
import Testing

@Suite("catalog import, export and check")
struct ImportExportCommandTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func importThenExportReproducesTheFile() throws {
    let original = try Fixtures.bytes("generated-300.json")
    try directory.write("components.json", original)
    let imported = try CatalogProcess.run(
      ["import", "components.json", "-m", "first"], in: directory)
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.stdout == "revision 1: 300 added, 0 changed, 0 removed\n")
    let exported = try CatalogProcess.run(["export"], in: directory)
    #expect(exported.status == 0)
    #expect(exported.stdoutBytes == original)
    let again = try CatalogProcess.run(["import", "components.json"], in: directory)
    #expect(again.stdout == "no changes (head is revision 1)\n")
  }

  @Test func exportToAFileAndByCategory() throws {
    try directory.write("components.json", try Fixtures.bytes("generated-300.json"))
    try CatalogProcess.run(["import", "components.json"], in: directory)
    let result = try CatalogProcess.run(["export", "--output", "out.json"], in: directory)
    #expect(result.status == 0 && result.stdout.isEmpty)
    #expect(try directory.read("out.json") == Fixtures.bytes("generated-300.json"))
    let display = try CatalogProcess.run(["export", "--category", "Display"], in: directory)
    #expect(display.status == 0)
    #expect(display.stdout.contains("\"category\": \"Display\""))
    #expect(!display.stdout.contains("\"category\": \"Input\""))
  }

  @Test func invalidJSONIsLocatedAndLeavesTheCatalogAlone() throws {
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
    try CatalogProcess.run(["import", "ok.json"], in: directory)
    try directory.write("bad.json", "{\"components\": [\n  {\"kind\": \"a\",}\n]}")
    let result = try CatalogProcess.run(["import", "bad.json"], in: directory)
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "bad.json:2:16: error: invalid JSON: unexpected character '}'; expected a string key\n")
    let log = try CatalogProcess.run(["log", "--format", "json"], in: directory)
    #expect(log.stdout.components(separatedBy: "\"revision\"").count == 2)
  }

  @Test func documentErrorsAreAllReported() throws {
    try directory.write(
      "bad.json",
      """
      {"components": [
        {"kind": "a", "category": 1, "description": "d", "payload": {}},
        {"kind": "a", "category": "c", "description": "d"}
      ]}
      """)
    let result = try CatalogProcess.run(["check", "bad.json"], in: directory)
    #expect(result.status == 65)
    #expect(
      result.stderr == """
        bad.json:2:29: error: /components/0/category: expected a string, found a number
        bad.json:3:3: error: /components/1: missing "payload"
        bad.json:3:12: error: /components/1/kind: duplicate kind "a": also at /components/0 (line 2, column 12)

        """)
  }

  @Test func checkCountsComponentsAndTouchesNoCatalog() throws {
    try directory.write("components.json", try Fixtures.bytes("generated-300.json"))
    let result = try CatalogProcess.run(["check", "components.json"], in: directory)
    #expect(result.stdout == "ok: 300 components\n")
    #expect(!FileManager.default.fileExists(atPath: directory.path("components.sqlite")))
  }

  @Test func missingFileAndMissingCatalog() throws {
    let missing = try CatalogProcess.run(["import", "nope.json"], in: directory)
    #expect(missing.status == 66)
    #expect(missing.stderr == "catalog: error: nope.json: no such file or directory\n")
    let noCatalog = try CatalogProcess.run(["export"], in: directory)
    #expect(noCatalog.status == 66)
  }

  /// An operating-system error is said as catalog's messages are written (lowercase, no
  /// final period), with the path as it was given, and the missing directory named.
  @Test func systemErrorsAreLowercaseAndNameThePathGiven() throws {
    try directory.write(
      "a.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {}}]"#)
    #expect(try CatalogProcess.run(["import", "a.json"], in: directory).status == 0)
    let export = try CatalogProcess.run(["export", "-o", "no-such-dir/out.json"], in: directory)
    #expect(export.status == 74, "\(export)")
    #expect(
      export.stderr
        == "catalog: error: no-such-dir/out.json: the directory 'no-such-dir' does not exist\n")
    let policy = try CatalogProcess.run(
      ["policy", "export", "-o", "no-such-dir/policies.json"], in: directory)
    #expect(policy.status == 74, "\(policy)")
    #expect(
      policy.stderr
        == "catalog: error: no-such-dir/policies.json: the directory 'no-such-dir' does not exist\n"
    )
    let written = try CatalogProcess.run(
      ["policy", "export", "-o", "policies.json"], in: directory)
    #expect(written.status == 0 && written.stderr.isEmpty, "\(written)")
    #expect(String(decoding: try directory.read("policies.json"), as: UTF8.self).hasPrefix("{"))
    let overCatalog = try CatalogProcess.run(
      ["policy", "export", "-o", "components.sqlite"], in: directory)
    #expect(overCatalog.status != 0, "\(overCatalog)")
    #expect(try CatalogProcess.run(["export"], in: directory).status == 0)
  }

  @Test func importFromStandardInputAndDatabaseFromEnvironment() throws {
    let bytes = try Fixtures.bytes("generated-300.json")
    let result = try CatalogProcess.run(
      ["import", "-"], in: directory, stdin: bytes, environment: ["CATALOG_DATABASE": "env.sqlite"])
    #expect(result.status == 0, "\(result)")
    #expect(FileManager.default.fileExists(atPath: directory.path("env.sqlite")))
    let log = try CatalogProcess.run(
      ["-d", "env.sqlite", "log", "--format", "json"], in: directory)
    #expect(log.stdout.contains("\"source\": \"-\""))
    #expect(log.stdout.contains("\"author\": \"tester\""))
  }

  @Test func usageErrorsExit64() throws {
    let result = try CatalogProcess.run(["import", "--prnue", "x.json"], in: directory)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("catalog: error: unknown option '--prnue'"))
  }
}

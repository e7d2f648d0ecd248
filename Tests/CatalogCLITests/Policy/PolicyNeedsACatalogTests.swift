import Foundation
import TestSupport
import Testing

/// Commands that only change a catalog's policies never create a catalog: a mistyped `-d`
/// with `policy set` used to make a new catalog holding only the policy. A missing catalog,
/// (or one without a revision) is refused (exit 66) with the hint to import first, and the
/// location is left as it was: no file on SQLite, no schema on PostgreSQL.
@Suite("policy commands need an existing catalog")
struct PolicyNeedsACatalogTests {
  static let commands: [[String]] = [
    ["policy", "set", "FULL"], ["policy", "set", "--kind", "k", "BACKWARD"],
    ["policy", "unset"],
    ["policy", "ignore", "--kind", "k", "--rule", "KEY_REMOVED", "--pointer", "/a"],
    ["policy", "import", "p.json"],
  ]

  @Test(arguments: TestEngine.allCases, commands)
  func aMissingCatalogIsRefused(engine: TestEngine, command: [String]) throws {
    let location = try engine.makeLocation(fileName: "typo.sqlite")
    try location.directory.write("p.json", #"{"catalog": "FULL"}"#)
    let result = try CatalogProcess.run(["-d", location.text] + command, in: location.directory)
    #expect(result.status == 66, "\(command): \(result)")
    #expect(
      result.stderr.hasPrefix("catalog: error: \(location.text): "), "\(result)")
    #expect(
      result.stderr.hasSuffix(": no catalog database here; 'catalog import FILE' creates one\n"),
      "\(result)")
    #expect(try location.directory.fileNames() == ["p.json"])
    // The location still holds no catalog at all: a reader says it is missing.
    let export = try CatalogProcess.run(["-d", location.text, "export"], in: location.directory)
    #expect(export.status == 66, "\(export)")
    #expect(export.stderr.hasSuffix("; 'catalog import FILE' creates one\n"), "\(export)")
  }

  /// Once the catalog has a revision, the same command works.
  @Test(arguments: TestEngine.allCases)
  func anExistingCatalogTakesThePolicy(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    try location.directory.write(
      "a.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {"a": 1}}]"#)
    let run = { (arguments: [String]) in
      try CatalogProcess.run(["-d", location.text] + arguments, in: location.directory)
    }
    #expect(try run(["import", "a.json"]).status == 0)
    let set = try run(["policy", "set", "FULL"])
    #expect(set.status == 0, "\(set)")
    #expect(set.stdout == "policy change 1: FULL set on the catalog\n")
  }
}

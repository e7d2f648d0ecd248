import Foundation
import TestSupport
import Testing

/// `--format json` on the commands that report: one object on stdout, parsed here, with the
/// field names docs/cli.md documents.
@Suite("catalog --format json results")
struct JSONResultTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  init() throws {
    runner = try CatalogRunner()
    try directory.write(
      "a.json",
      """
      {"components": [
        {"kind": "tile", "category": "Display", "description": "d", "payload": {"x": 1}},
        {"kind": "button", "category": "Input", "description": "d", "payload": {}}
      ]}
      """)
    try directory.write(
      "b.json",
      """
      {"components": [
        {"kind": "tile", "category": "Display", "description": "d", "payload": {"x": 2}},
        {"kind": "new", "category": "Display", "description": "d", "payload": {}}
      ]}
      """)
  }

  /// Runs `arguments`, checks the status, and parses stdout as one JSON object.
  func json(_ arguments: [String], expect status: Int32, stdin: [UInt8]? = nil) throws
    -> [String: Any]
  {
    let result = try runner.run(arguments, expect: status, stdin: stdin)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes))
    return try #require(object as? [String: Any], "\(arguments): \(result)")
  }

  @Test func importReportsTheRevisionCountsAndNotes() throws {
    let first = try json(["import", "a.json", "--format", "json", "-m", "one"], expect: 0)
    #expect(first["command"] as? String == "import")
    #expect(first["revision"] as? Int == 1)
    #expect(first["head"] as? Int == 1)
    #expect(first["dryRun"] as? Bool == false)
    let counts = try #require(first["counts"] as? [String: Int])
    #expect(counts == ["added": 2, "changed": 0, "removed": 0, "moved": 0])
    #expect((first["problems"] as? [Any])?.isEmpty == true)

    // b.json lacks "button": kept, and said so in the notes.
    let second = try json(["import", "b.json", "--format", "json"], expect: 0)
    #expect(second["revision"] as? Int == 2)
    let kinds = try #require(second["kinds"] as? [String: [String]])
    #expect(kinds["added"] == ["new"] && kinds["changed"] == ["tile"])
    let notes = try #require(second["notes"] as? [String: [String]])
    #expect(notes["keptKinds"] == ["button"] && notes["keptDeprecations"] == [])

    let unchanged = try json(["import", "b.json", "--format", "json"], expect: 0)
    #expect(unchanged["revision"] is NSNull)
    #expect(unchanged["head"] as? Int == 2)

    let dryRun = try json(["import", "a.json", "--dry-run", "--format", "json"], expect: 0)
    #expect(dryRun["revision"] is NSNull && dryRun["dryRun"] as? Bool == true)
  }

  @Test func importOfABadFileListsItsProblems() throws {
    try directory.write("bad.json", "{\"components\": [\n  {\"kind\": 3}\n]}")
    let result = try json(["import", "bad.json", "--format", "json"], expect: 65)
    #expect(result["revision"] is NSNull)
    let problems = try #require(result["problems"] as? [[String: Any]])
    let problem = try #require(problems.first)
    #expect(problem["file"] as? String == "bad.json")
    #expect(problem["line"] as? Int == 2)
    #expect(problem["column"] is Int)
    #expect(problem["pointer"] as? String == "/components/0/kind")
    #expect((problem["message"] as? String)?.isEmpty == false)
    #expect(!FileManager.default.fileExists(atPath: directory.path("components.sqlite")))
  }

  @Test func everyWritingCommandReportsItsRevision() throws {
    _ = try json(["import", "a.json", "--format", "json"], expect: 0)
    let deprecated = try json(["deprecate", "tile", "--format", "json"], expect: 0)
    #expect(deprecated["command"] as? String == "deprecate" && deprecated["revision"] as? Int == 2)
    let again = try json(["deprecate", "tile", "--format", "json"], expect: 0)
    #expect(again["revision"] is NSNull)
    let undeprecated = try json(["undeprecate", "tile", "--format", "json"], expect: 0)
    #expect(undeprecated["revision"] as? Int == 3)
    let renamed = try json(["rename", "tile", "card", "--format", "json"], expect: 0)
    #expect(renamed["command"] as? String == "rename" && renamed["revision"] as? Int == 4)
    let restored = try json(["restore", "1", "--format", "json"], expect: 0)
    #expect(restored["command"] as? String == "restore" && restored["revision"] as? Int == 5)
    try directory.write(
      "p.json", #"[{"op": "replace", "path": "/components/0/description", "value": "e"}]"#)
    let patched = try json(["patch", "p.json", "--format", "json"], expect: 0)
    #expect(patched["command"] as? String == "patch" && patched["revision"] as? Int == 6)
    #expect((patched["counts"] as? [String: Int])?["changed"] == 1)
  }

  @Test func tagAndTagListAndDoctor() throws {
    _ = try json(["import", "a.json", "--format", "json"], expect: 0)
    let tagged = try json(["tag", "v1", "--format", "json"], expect: 0)
    #expect(tagged["action"] as? String == "created")
    let tag = try #require(tagged["tag"] as? [String: Any])
    #expect(tag["name"] as? String == "v1" && tag["revision"] as? Int == 1)
    #expect(tag["author"] as? String == "tester" && tag["time"] is String)
    let list = try json(["tag", "--list", "--format", "json"], expect: 0)
    let tags = try #require(list["tags"] as? [[String: Any]])
    #expect(tags.map { $0["name"] as? String } == ["v1"])
    let deleted = try json(["tag", "--delete", "v1", "--format", "json"], expect: 0)
    #expect(deleted["action"] as? String == "deleted")

    let doctor = try json(["doctor", "--format", "json"], expect: 0)
    #expect(doctor["ok"] as? Bool == true)
    #expect((doctor["problems"] as? [Any])?.isEmpty == true)
    let counts = try #require(doctor["counts"] as? [String: Int])
    #expect(counts["revisions"] == 1 && counts["components"] == 2)
  }

  @Test func policyChangesReportTheirRecords() throws {
    try runner.run(["import", "a.json"], expect: 0)
    let set = try json(["policy", "set", "FULL", "--author", "ann", "--format", "json"], expect: 0)
    #expect(set["command"] as? String == "policy" && set["action"] as? String == "set")
    let changes = try #require(set["changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["id"] as? Int == 1 && changes.first?["afterRevision"] as? Int == 1)
    #expect(
      changes.first?["author"] as? String == "ann" && changes.first?["mode"] as? String == "FULL")
    #expect(changes.first?["scope"] as? String == "catalog" && changes.first?["rule"] is NSNull)
    let again = try json(["policy", "set", "FULL", "--format", "json"], expect: 0)
    #expect((again["changes"] as? [Any])?.isEmpty == true)
    let ignore = try json(
      [
        "policy", "ignore", "--kind", "tile", "--rule", "KEY_REMOVED", "--pointer", "/payload/x",
        "--format", "json",
      ], expect: 0)
    let ignored = try #require((ignore["changes"] as? [[String: Any]])?.first)
    #expect(
      ignored["action"] as? String == "ignore" && ignored["pointer"] as? String == "/payload/x")
    #expect(ignored["scope"] as? String == "kind" && ignored["name"] as? String == "tile")
    try directory.write("policies.json", #"{"catalog": "BACKWARD"}"#)
    let imported = try json(["policy", "import", "policies.json", "--format", "json"], expect: 0)
    #expect(imported["action"] as? String == "import")
    let actions = try #require(imported["changes"] as? [[String: Any]]).compactMap {
      $0["action"] as? String
    }
    #expect(Set(actions) == ["set", "unignore"])
  }

  @Test func checkReportsEachFileAndEachProblem() throws {
    try directory.write("bad.json", "{\"components\": [\n  {\"kind\": 3}\n]}")
    let good = try json(["check", "a.json", "b.json", "--format", "json"], expect: 0)
    #expect(good["ok"] as? Bool == true)
    let files = try #require(good["files"] as? [[String: Any]])
    #expect(files.map { $0["file"] as? String } == ["a.json", "b.json"])
    #expect(files.map { $0["components"] as? Int } == [2, 2])

    let bad = try json(["check", "a.json", "bad.json", "--format", "json"], expect: 65)
    #expect(bad["ok"] as? Bool == false)
    let problems = try #require(bad["problems"] as? [[String: Any]])
    #expect(!problems.isEmpty)
    #expect(problems.allSatisfy { $0["file"] as? String == "bad.json" && $0["line"] is Int })
    #expect(problems.contains { $0["pointer"] as? String == "/components/0/kind" })
  }
}

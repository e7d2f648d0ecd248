import Foundation
import TestSupport
import Testing

/// `check`'s CI formats never go silent: a file that cannot be read, is not JSON or is not
/// a valid document is reported in the format asked for (an annotation GitHub's runner
/// parses, a JUnit failure valid against the schema, a JSON problem), with and without
/// `--against`; and the gate's exit statuses tell findings (1), an unknown ref (2) and bad
/// input (65, 66) apart.
@Suite("check: the CI formats on bad input, and the gate's exit statuses")
struct CheckFormatTests {
  static let valid =
    #"{"components": [{"kind": "knob", "category": "Input", "description": "A knob", "#
    + #""payload": {"size": 1}}]}"#
  /// Not JSON: the problem is at line 2, column 3.
  static let notJSON = "{\"components\": [\n  %]}\n"
  /// JSON, but an entry without a kind.
  static let notACatalog =
    #"{"components": [{"category": "Input", "description": "A knob", "payload": {}}]}"#

  /// The located problems `check FILE` prints on stderr, without their `FILE:L:C: error: `.
  static func stderrProblems(_ runner: CatalogRunner, _ file: String, expect status: Int32)
    throws -> [String]
  {
    try runner.run(["check", file], expect: status).stderr.split(separator: "\n").map {
      String($0)
    }
  }

  @Test func everyProblemOfEveryFileIsAnAnnotation() throws {
    let runner = try CatalogRunner()
    // Property values with the characters GitHub's syntax needs escaped.
    let hostile = "we,ird: 100%.json"
    try runner.directory.write(hostile, Self.notJSON)
    try runner.directory.write("doc.json", Self.notACatalog)
    try runner.directory.write("ok.json", Self.valid)
    let result = try runner.run(
      ["check", "ok.json", hostile, "doc.json", "gone\nline.json", "--format", "github"],
      expect: 65)
    let commands = WorkflowCommand.parseAll(result.stdout)
    #expect(commands.allSatisfy { $0 != nil }, "\(result.stdout)")
    let parsed = commands.compactMap { $0 }
    #expect(parsed.map(\.name) == ["error", "error", "error"], "\(result.stdout)")
    #expect(parsed.map { $0.properties["file"] } == [hostile, "doc.json", "gone\nline.json"])
    #expect(parsed[0].properties["line"] == "2" && parsed[0].properties["col"] == "3")
    #expect(parsed[0].properties["title"] == "invalid JSON")
    #expect(parsed[1].properties["title"] == "invalid document")
    #expect(parsed[2].properties["line"] == nil && parsed[2].properties["title"] == "unreadable")
    // The data is the message of the located line on stderr, byte for byte once unescaped.
    let located = try Self.stderrProblems(runner, hostile, expect: 65)
    #expect(located == ["\(hostile):2:3: error: \(parsed[0].data)"], "\(located)")
    #expect(parsed[2].data.hasPrefix("gone\nline.json: "), "\(parsed[2].data)")
  }

  @Test func everyProblemIsAJUnitFailureValidAgainstTheSchema() throws {
    let runner = try CatalogRunner()
    try runner.directory.write("bad.json", Self.notJSON)
    try runner.directory.write("doc.json", Self.notACatalog)
    try runner.directory.write("ok.json", Self.valid)
    let result = try runner.run(
      ["check", "ok.json", "bad.json", "doc.json", "missing.json", "--format", "junit"],
      expect: 65)
    try JUnitSchema.validate(result.stdout, in: runner.directory)
    #expect(
      try PolicyCommandTests.parseJUnit(result.stdout, in: runner.directory)
        == "testsuites 4 3|ok.json 1 0|document 0|bad.json 1 1|document 1|doc.json 1 1|"
        + "document 1|missing.json 1 1|document 1")
    // A file alone that cannot be read: 66, and still a report.
    let missing = try runner.run(["check", "missing.json", "--format", "junit"], expect: 66)
    try JUnitSchema.validate(missing.stdout, in: runner.directory)
    #expect(missing.stdout.contains(#"<failure type="unreadable""#), "\(missing.stdout)")
  }

  @Test func jsonIsOneObjectWithAndWithoutAgainst() throws {
    let runner = try CatalogRunner()
    try runner.directory.write("bad.json", Self.notJSON)
    let plain = try runner.run(["check", "bad.json", "--format", "json"], expect: 65)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
    #expect(object["command"] as? String == "check" && object["ok"] as? Bool == false)
    #expect(object["against"] is NSNull)
    #expect((object["findings"] as? [Any])?.isEmpty == true)
    let problem = try #require((object["problems"] as? [[String: Any]])?.first)
    #expect(problem["file"] as? String == "bad.json" && problem["line"] as? Int == 2)
    #expect(problem["column"] as? Int == 3)
    #expect(
      Set(object.keys) == ["command", "ok", "against", "files", "problems", "findings"])
  }

  @Test(arguments: TestEngine.allCases)
  func checkAgainstReportsBadInputAndUnknownRefsInTheFormat(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    try runner.directory.write("ok.json", Self.valid)
    try runner.directory.write("bad.json", Self.notJSON)
    try runner.directory.write("doc.json", Self.notACatalog)
    try runner.run(["import", "ok.json"], environment: ["CATALOG_AUTHOR": "ann"])
    for (file, status, title) in [
      ("bad.json", Int32(65), "invalid JSON"), ("doc.json", 65, "invalid document"),
      ("missing.json", 66, "unreadable"),
    ] {
      let github = try runner.run(
        ["check", file, "--against", "head", "--format", "github"], expect: status)
      let command = try #require(WorkflowCommand.parseAll(github.stdout).first ?? nil)
      #expect(command.name == "error" && command.properties["file"] == file, "\(github)")
      #expect(command.properties["title"] == title, "\(github)")
      let junit = try runner.run(
        ["check", file, "--against", "head", "--format", "junit"], expect: status)
      try JUnitSchema.validate(junit.stdout, in: runner.directory)
      #expect(junit.stdout.contains("<failure type=\"\(title)\""), "\(junit)")
      let json = try runner.run(
        ["check", file, "--against", "head", "--format", "json"], expect: status)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      #expect(object["ok"] as? Bool == false)
      #expect((object["against"] as? [String: Any])?["reference"] as? String == "head")
      #expect((object["problems"] as? [Any])?.count == 1, "\(json)")
    }
    // A mistyped ref is 2, not a finding (1) nor bad input (65), and says so in the format.
    let text = try runner.run(["check", "ok.json", "--against", "haed"], expect: 2)
    #expect(text.stderr.hasPrefix("catalog: error: "), "\(text)")
    #expect(text.stdout.isEmpty)
    let github = try runner.run(
      ["check", "ok.json", "--against", "haed", "--format", "github"], expect: 2)
    let command = try #require(WorkflowCommand.parseAll(github.stdout).first ?? nil)
    #expect(command.properties["title"] == "unknown ref")
    #expect(text.stderr == "catalog: error: \(command.data)\n")
    let junit = try runner.run(
      ["check", "ok.json", "--against", "haed", "--format", "junit"], expect: 2)
    try JUnitSchema.validate(junit.stdout, in: runner.directory)
    // The clean case: 0.
    try runner.run(["check", "ok.json", "--against", "head", "--format", "github"])
  }

  @Test(arguments: TestEngine.allCases)
  func diffSharesTheGateStatuses(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    try runner.directory.write("ok.json", Self.valid)
    try runner.directory.write("bad.json", Self.notJSON)
    try runner.run(["import", "ok.json"], environment: ["CATALOG_AUTHOR": "ann"])
    try runner.run(["diff", "@head", "ok.json"], expect: 0)
    try runner.run(["diff", "@nope", "ok.json"], expect: 2)
    try runner.run(["diff", "@head", "bad.json"], expect: 65)
    try runner.run(["diff", "@head", "missing.json"], expect: 66)
    try runner.run(["diff", "ok.json", "bad.json"], expect: 65)
  }
}

import Components
import Foundation
import TestSupport
import Testing

/// `check --clients` in every format check supports, alone and with `--against`: one finding
/// shape with the policies (mode CLIENTS, rule DECODE_FAILS), located at the offending value.
@Suite("check --clients in every format")
struct CheckClientsFormatTests {
  /// The column of the first `needle` on the document's line `line` (1-based), after it.
  static func column(after needle: String, line: Int, in document: String) throws -> Int {
    let text = String(document.split(separator: "\n")[line - 1])
    let range = try #require(text.range(of: needle))
    return text.utf8.distance(from: text.startIndex, to: range.upperBound) + 1
  }

  @Test(arguments: TestEngine.allCases)
  func jsonFindingsHaveThePoliciesShape(_ engine: TestEngine) throws {
    let (location, runner) = try ClientGateTests.makeCatalog(engine)
    let v2 = ClientGateTests.document(count: "1.5", badge: #"{"style": "info"}"#)
    try location.directory.write("v2.json", v2)
    let result = try runner.run(["check", "v2.json", "--clients", "--format", "json"], expect: 1)
    let json = try JSONValue(parsing: result.stdoutBytes)
    #expect(json[JSONPointer(["ok"])] == .bool(false))
    guard case .array(let findings)? = json[JSONPointer(["findings"])] else {
      Issue.record("no findings: \(result)")
      return
    }
    #expect(findings.count == 2)
    let keys: [String] = [
      "rule", "class", "mode", "origin", "kind", "pointer", "old", "new", "file", "line",
      "column", "hint", "against", "againstName", "fails",
    ]
    for finding in findings {
      guard case .object(let object) = finding else { continue }
      #expect(object.members.map(\.key) == keys)
    }
    // A missing key is located at the payload that lacks it.
    let badge = findings[0]
    #expect(badge[JSONPointer(["rule"])] == .string("DECODE_FAILS"))
    #expect(badge[JSONPointer(["pointer"])] == .string("/payload/title"))
    #expect(badge[JSONPointer(["new"])] == .null)
    #expect(badge[JSONPointer(["line"])] == .number(JSONNumber(2)))
    let payloadColumn = try Self.column(after: #""payload": "#, line: 2, in: v2)
    #expect(badge[JSONPointer(["column"])] == .number(JSONNumber(payloadColumn)))
    let counter = findings[1]
    #expect(counter[JSONPointer(["mode"])] == .string("CLIENTS"))
    #expect(counter[JSONPointer(["class"])] == .string("breaking"))
    #expect(counter[JSONPointer(["origin"])] == .string("app ios@5.2.0"))
    #expect(counter[JSONPointer(["kind"])] == .string("counter"))
    #expect(counter[JSONPointer(["old"])] == .null)
    #expect(counter[JSONPointer(["new"])]?.canonicalText == "1.5")
    #expect(counter[JSONPointer(["line"])] == .number(JSONNumber(3)))
    let countColumn = try Self.column(after: #""count": "#, line: 3, in: v2)
    #expect(counter[JSONPointer(["column"])] == .number(JSONNumber(countColumn)))
    #expect(counter[JSONPointer(["fails"])] == .bool(true))
    #expect(json[JSONPointer(["clients", "builds", "0", "build"])] == .string("ios@5.2.0"))
  }

  @Test(arguments: TestEngine.allCases)
  func githubAndJUnit(_ engine: TestEngine) throws {
    let (location, runner) = try ClientGateTests.makeCatalog(engine)
    let v2 = ClientGateTests.document(count: "1.5")
    try location.directory.write("v2.json", v2)
    let column = try Self.column(after: #""count": "#, line: 3, in: v2)
    let github = try runner.run(["check", "v2.json", "--clients", "--format", "github"], expect: 1)
    #expect(
      github.stdout
        == "::error file=v2.json,line=3,col=\(column),title=DECODE_FAILS in counter::CLIENTS "
        + "refuses kind counter: /payload/count: app ios@5.2.0 decodes an integer, found 1.5\n",
      "\(github)")
    let junit = try runner.run(["check", "v2.json", "--clients", "--format", "junit"], expect: 1)
    #expect(
      junit.stdout.contains(
        #"<testsuite name="v2.json" tests="5" failures="1" errors="0" skipped="0">"#),
      "\(junit)")
    #expect(
      junit.stdout.contains(
        #"<failure type="DECODE_FAILS" message="DECODE_FAILS /payload/count">v2.json:3:\#(column): CLIENTS refuses"#
      ), "\(junit)")
    // Nothing rejected: an empty annotation list, a passing suite.
    try location.directory.write("v3.json", ClientGateTests.document())
    let clean = try runner.run(["check", "v3.json", "--clients", "--format", "github"])
    #expect(clean.stdout.isEmpty)
    let passing = try runner.run(["check", "v3.json", "--clients", "--format", "junit"])
    #expect(passing.stdout.contains(#"tests="5" failures="0""#), "\(passing)")
  }

  /// With `--against`, the policies' findings and the builds' are one report.
  @Test(arguments: TestEngine.allCases)
  func oneReportWithThePolicies(_ engine: TestEngine) throws {
    let (location, runner) = try ClientGateTests.makeCatalog(engine)
    try runner.run(["policy", "set", "FORWARD"])
    try location.directory.write("v2.json", ClientGateTests.document(count: "1.5"))
    let result = try runner.run(
      ["check", "v2.json", "--clients", "--against", "head", "--format", "json"], expect: 1)
    let json = try JSONValue(parsing: result.stdoutBytes)
    #expect(json[JSONPointer(["findings", "0", "rule"])] == .string("INTEGER_BECAME_FRACTION"))
    #expect(json[JSONPointer(["findings", "0", "mode"])] == .string("FORWARD"))
    #expect(json[JSONPointer(["findings", "1", "rule"])] == .string("DECODE_FAILS"))
    #expect(
      json[JSONPointer(["findings", "1", "line"])] == json[JSONPointer(["findings", "0", "line"])])
    #expect(
      json[JSONPointer(["findings", "1", "column"])]
        == json[JSONPointer(["findings", "0", "column"])])
    #expect(json[JSONPointer(["against", "revision"])] == .number(JSONNumber(1)))
    let text = try runner.run(["check", "v2.json", "--clients", "--against", "head"], expect: 1)
    #expect(text.stderr.contains("refuses INTEGER_BECAME_FRACTION /payload/count"), "\(text)")
    #expect(text.stderr.contains("CLIENTS refuses kind counter: /payload/count"), "\(text)")
    let github = try runner.run(
      ["check", "v2.json", "--clients", "--against", "head", "--format", "github"], expect: 1)
    #expect(github.stdout.split(separator: "\n").count == 2, "\(github)")
  }
}

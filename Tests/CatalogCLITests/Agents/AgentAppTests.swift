import Components
import Foundation
import TestSupport
import Testing

/// `--app APP@VERSION` for `export --format a2ui|json-schema|prompt` and `validate-ui`
/// (issue 33): the shapes of a recorded contract instead of the inferred ones, the kinds the
/// build does not decode left out, an unknown build refused with the recorded ones named.
@Suite("--app: the catalog as one app build decodes it")
struct AgentAppTests {
  static func make(_ engine: TestEngine) throws -> CatalogRunner {
    let location = try engine.makeLocation()
    let runner = try AgentFixture.make(location)
    try location.directory.write("contract.json", ContractFiles.ios("5.2.0"))
    try runner.run(["contract", "record", "contract.json"])
    return runner
  }

  @Test(
    "exports use the contract's shapes and only the kinds it decodes",
    arguments: TestEngine.allCases)
  func exports(_ engine: TestEngine) throws {
    let runner = try Self.make(engine)
    let schema = try JSONValue(
      parsing: try runner.run(["export", "--format", "json-schema", "--app", "ios@5.2.0"])
        .stdoutBytes)
    #expect(schema[JSONPointer(["$defs"])]?.objectValue?.keys == ["badge"])
    #expect(schema[JSONPointer(["$defs", "badge", "x-contract"])] == "ios@5.2.0")
    #expect(schema[JSONPointer(["$defs", "badge", "x-inferred"])] == nil)
    #expect(
      schema[JSONPointer(["$defs", "badge", "properties", "payload", "required"])]
        == ["style", "title"])
    #expect(
      schema[JSONPointer(["title"])] == "Component catalog at revision 4 as ios@5.2.0 decodes it")
    // Without --app the inferred shape: the fixture's badge has text and tone.
    let inferred = try JSONValue(
      parsing: try runner.run(["export", "--format", "json-schema"]).stdoutBytes)
    #expect(
      inferred[JSONPointer(["$defs", "badge", "properties", "payload", "required"])]
        == ["text", "tone"])
    let a2ui = try JSONValue(
      parsing: try runner.run(["export", "--format", "a2ui", "--app", "ios@5.2.0"]).stdoutBytes)
    #expect(a2ui[JSONPointer(["components"])]?.objectValue?.keys == ["badge"])
    #expect(a2ui[JSONPointer(["components", "badge", "x-contract"])] == "ios@5.2.0")
    let prompt = try runner.run(["export", "--format", "prompt", "--app", "ios@5.2.0"]).stdout
    #expect(prompt.contains("Payload (JSON Schema, as ios@5.2.0 decodes it):"))
    #expect(!prompt.contains("### stack"))
  }

  @Test(
    "an unknown build is 65 naming the recorded ones; a malformed one is 64",
    arguments: TestEngine.allCases)
  func unknownBuild(_ engine: TestEngine) throws {
    let runner = try Self.make(engine)
    let unknown = try runner.run(["export", "--format", "a2ui", "--app", "ios@9"], expect: 65)
    #expect(
      unknown.stderr
        == "catalog: error: no contract of ios@9 is recorded by revision 4 (recorded builds: ios@5.2.0)\n"
    )
    let before = try runner.run(
      ["validate-ui", "-", "--app", "ios@5.2.0", "--at", "1"], expect: 65,
      stdin: Array("{}".utf8))
    #expect(
      before.stderr
        == "catalog: error: no contract of ios@5.2.0 is recorded by revision 1 (no contract is "
        + "recorded: 'catalog contract record' records one)\n")
    let malformed = try runner.run(["validate-ui", "-", "--app", "ios"], expect: 64)
    #expect(
      malformed.stderr.hasPrefix("catalog: error: '--app': expected APP@VERSION, found 'ios'"))
    try runner.run(["export", "--app", "ios@5.2.0"], expect: 64)
  }

  @Test("validate-ui checks the data against the build's contract", arguments: TestEngine.allCases)
  func validateUI(_ engine: TestEngine) throws {
    let runner = try Self.make(engine)
    let decoded = Array(#"{"kind": "badge", "payload": {"style": "info", "title": "New"}}"#.utf8)
    let fixture = Array(#"{"kind": "badge", "payload": {"text": "New", "tone": "info"}}"#.utf8)
    let stack = Array(#"{"kind": "stack", "payload": {"spacing": 1, "children": []}}"#.utf8)
    #expect(
      try runner.run(["validate-ui", "-", "--app", "ios@5.2.0"], stdin: decoded).stdout
        == "valid: 1 components (revision 4)\n")
    let rejected = try runner.run(
      ["validate-ui", "-", "--app", "ios@5.2.0"], expect: 1, stdin: fixture
    ).stdout
    #expect(
      rejected.contains(
        "-:1:30: error: data: /payload/style: decodes one of \"info\", \"warning\", found no member\n"
      ))
    try runner.run(["validate-ui", "-"], stdin: fixture)
    let unknown = try runner.run(
      ["validate-ui", "-", "--app", "ios@5.2.0"], expect: 1, stdin: stack
    ).stdout
    #expect(
      unknown.hasPrefix(
        "-:1:10: error: vocabulary: /kind: unknown kind stack (not decoded by ios@5.2.0)\n"))
  }
}

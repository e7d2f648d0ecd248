import Components
import Foundation
import TestSupport
import Testing

/// `catalog contract record|list|show|retire` through the binary, on both engines (issue 32,
/// item 3): recorded append-only, the same contract twice a no-op, another contract for a
/// recorded build refused, malformed files refused with located messages, the recorded bytes
/// given back exactly, carried by `copy` and checked by `doctor`.
@Suite("App contracts in the catalog")
struct ContractCommandTests {
  static let entries =
    #"[{"kind": "counter", "category": "c", "description": "d", "payload": {"count": 1}}]"#

  /// A catalog with one revision, and `ios@5.2.0`'s contract in `contract.json`.
  static func makeCatalog(_ engine: TestEngine) throws -> (TestLocation, CatalogRunner) {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write("v1.json", entries)
    try location.directory.write("contract.json", ContractFiles.ios("5.2.0"))
    try runner.run(["import", "v1.json"])
    return (location, runner)
  }

  @Test(arguments: TestEngine.allCases)
  func recordListShowRetire(_ engine: TestEngine) throws {
    let (_, runner) = try Self.makeCatalog(engine)
    let recorded = try runner.run(["contract", "record", "contract.json"])
    #expect(
      recorded.stdout == "recorded ios@5.2.0 (3 kinds)\nhead: ios@5.2.0 decodes every payload\n")
    let again = try runner.run(["contract", "record", "contract.json"])
    #expect(
      again.stdout
        == "ios@5.2.0 is already recorded with this contract: no change\n"
        + "head: ios@5.2.0 decodes every payload\n")
    // Byte-exact: the recorded contract.json comes back as it was written.
    let shown = try runner.run(["contract", "show", "ios@5.2.0", "--format", "json"])
    #expect(shown.stdoutBytes == ContractFiles.ios("5.2.0"))
    let text = try runner.run(["contract", "show", "ios@5.2.0"]).stdout
    #expect(text.contains("build: ios@5.2.0\n"))
    #expect(text.hasSuffix("kinds: 3\n  badge\n  counter\n  swatch\n"))
    let kind = try runner.run(["contract", "show", "ios@5.2.0", "--kind", "counter"]).stdout
    let schema = try JSONValue(parsing: Array(kind.utf8))
    #expect(schema[JSONPointer(["properties", "count", "type"])] == .string("integer"))
    try runner.run(["contract", "show", "ios@5.2.0", "--kind", "nope"], expect: 65)
    try runner.run(["contract", "show", "ios@9"], expect: 65)

    var list = try runner.run(["contract", "list"]).stdout
    #expect(list.hasPrefix("ios@5.2.0\tretained\t3 kinds\trecorded "))
    #expect(list.hasSuffix(" by ann\n"))

    #expect(try runner.run(["contract", "retire", "ios@5.2.0"]).stdout == "retired ios@5.2.0\n")
    #expect(
      try runner.run(["contract", "retire", "ios@5.2.0"]).stdout
        == "ios@5.2.0 is retired already: no change\n")
    list = try runner.run(["contract", "list"]).stdout
    #expect(list.hasPrefix("ios@5.2.0\tretired "))
    let json = try runner.run(["contract", "list", "--format", "json"]).stdoutBytes
    let builds = try JSONValue(parsing: json)
    #expect(builds[JSONPointer(["builds", "0", "retained"])] == .bool(false))
    #expect(
      builds[JSONPointer(["builds", "0", "retired", "event"])] == .number(JSONNumber(2)))
    // Recorded again after its retirement, the build is retained again.
    let reinstated = try runner.run(["contract", "record", "contract.json", "--format", "json"])
    let result = try JSONValue(parsing: reinstated.stdoutBytes)
    #expect(result[JSONPointer(["outcome"])] == .string("reinstated"))
    #expect(result[JSONPointer(["build", "retained"])] == .bool(true))
    try runner.run(["contract", "retire", "android@1"], expect: 65)
    let doctor = try runner.run(["doctor"])
    #expect(doctor.stdout.contains("; 3 contract events ok"), "\(doctor)")
  }

  @Test(arguments: TestEngine.allCases)
  func anotherContractForARecordedBuildIsRefused(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try runner.run(["contract", "record", "contract.json"])
    try location.directory.write("other.json", ContractFiles.iosFractional("5.2.0"))
    let refused = try runner.run(["contract", "record", "other.json"], expect: 65)
    #expect(refused.stderr.contains("ios@5.2.0 is already recorded with another contract"))
    let shown = try runner.run(["contract", "show", "ios@5.2.0", "--format", "json"])
    #expect(shown.stdoutBytes == ContractFiles.ios("5.2.0"))
  }

  @Test(arguments: TestEngine.allCases)
  func malformedContractsAreLocated(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try location.directory.write("syntax.json", "{\n  \"app\": \"ios\",,\n}")
    let syntax = try runner.run(["contract", "record", "syntax.json"], expect: 65)
    #expect(syntax.stderr.hasPrefix("syntax.json:2:16: error: invalid JSON: "), "\(syntax)")
    try location.directory.write(
      "bad.json",
      """
      {"app": "i@os", "contract": 1, "kinds": {
        "a": {"type": "strin"}}, "unknownKinds": "fail-entry", "version": "1"}
      """)
    let bad = try runner.run(["contract", "record", "bad.json"], expect: 65)
    #expect(
      bad.stderr
        == """
        bad.json:1:9: error: /app: app must not contain '@'
        bad.json:2:17: error: /kinds/a/type: type must be one of string, boolean, integer, number, array, object, alone or with "null"

        """, "\(bad)")
    let list = try runner.run(["contract", "list"])
    #expect(list.stdout.isEmpty)
  }

  @Test(arguments: TestEngine.allCases)
  func copyCarriesContracts(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try runner.run(["contract", "record", "contract.json"])
    try runner.run(["contract", "retire", "ios@5.2.0"])
    let before = try runner.run(["contract", "list", "--format", "json"]).stdout
    // Each engine copies to the other.
    let target = try (engine == .sqlite ? TestEngine.postgresql : .sqlite).makeLocation()
    try runner.run(["copy", location.text, target.text])
    let copied = CatalogRunner(location: target)
    #expect(try copied.run(["contract", "list", "--format", "json"]).stdout == before)
    #expect(
      try copied.run(["contract", "show", "ios@5.2.0", "--format", "json"]).stdoutBytes
        == ContractFiles.ios("5.2.0"))
    #expect(try copied.run(["doctor"]).stdout.contains("; 2 contract events ok"))
  }
}

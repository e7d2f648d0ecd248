import Foundation
import TestSupport
import Testing

/// Whether `python3` with the `jsonpatch` package is on this machine (.ci/run installs it).
let pythonJSONPatchAvailable: Bool = {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", "import jsonpatch"]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  do {
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  } catch {
    return false
  }
}()

@Suite("catalog diff and patch")
struct DiffPatchCommandTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write("old.json", try Fixtures.bytes("generated-300.json"))
    try directory.write("new.json", try Fixtures.bytes("generated-300-mutated.json"))
  }

  /// Runs `catalog`; with `database`, on that catalog (a path or a PostgreSQL URL, through
  /// `CATALOG_DATABASE`).
  @discardableResult
  func run(
    _ arguments: [String], expect status: Int32, stdin: [UInt8]? = nil, database: String? = nil
  ) throws -> CatalogProcess.Result {
    let result = try CatalogProcess.run(
      arguments, in: directory, stdin: stdin,
      environment: database.map { ["CATALOG_DATABASE": $0] } ?? [:])
    #expect(result.status == status, "\(arguments): \(result)")
    return result
  }

  @Test func exitStatusFollowsDiff() throws {
    #expect(try run(["diff", "old.json", "old.json"], expect: 0).stdout.isEmpty)
    let text = try run(["diff", "old.json", "new.json"], expect: 1).stdout
    #expect(text.contains("[breaking: ENTRY_REMOVED]"))
    try run(["diff", "old.json", "missing.json"], expect: 66)
    try directory.write("broken.json", "{\"components\": [")
    let broken = try run(["diff", "old.json", "broken.json"], expect: 65)
    #expect(broken.stderr.hasPrefix("broken.json:1:17: error: invalid JSON:"))
    try run(["diff", "-", "-"], expect: 64)
  }

  @Test func failOnBreakingSeparatesAdditiveFromBreaking() throws {
    try directory.write(
      "a.json",
      #"[{"kind": "k", "category": "c", "description": "d", "payload": {"x": 1, "y": 2}}]"#)
    try directory.write(
      "added.json",
      #"[{"kind": "k", "category": "c", "description": "d", "payload": {"x": 1, "y": 2, "z": 3}}]"#)
    try directory.write(
      "removed.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {"x": 1}}]"#)
    try run(["diff", "a.json", "added.json", "--fail-on", "breaking"], expect: 0)
    try run(["diff", "a.json", "added.json"], expect: 1)
    let removed = try run(["diff", "a.json", "removed.json", "--fail-on", "breaking"], expect: 1)
    #expect(removed.stdout == "~ k\n  /payload/y: 2 → (absent)  [breaking: KEY_REMOVED]\n")
  }

  @Test(arguments: TestEngine.allCases)
  func patchFromDiffLandsAsTheNewFile(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let patch = try run(
      ["diff", "old.json", "new.json", "--format", "json-patch"], expect: 1, database: location.text
    )
    .stdoutBytes
    try directory.write("change.json", patch)
    try run(["import", "old.json"], expect: 0, database: location.text)
    let applied = try run(
      ["patch", "change.json", "-m", "patched"], expect: 0, database: location.text)
    #expect(applied.stdout == "revision 2: 3 added, 22 changed, 3 removed\n")
    #expect(
      try run(["export"], expect: 0, database: location.text).stdoutBytes
        == Fixtures.bytes("generated-300-mutated.json"))
    #expect(
      try run(["diff", "@head", "new.json"], expect: 0, database: location.text).stdout.isEmpty)
    #expect(
      try run(["diff", "@1", "@2", "--stat"], expect: 1, database: location.text).stdout.contains(
        "28 kinds: 3 added, 3 removed, 22 changed"))
  }

  @Test(arguments: TestEngine.allCases)
  func guardedPatchRefusesACatalogThatMovedOn(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let patch = try run(
      ["diff", "old.json", "new.json", "--format", "json-patch", "--with-tests"], expect: 1,
      database: location.text)
    try directory.write("change.json", patch.stdoutBytes)
    try run(["import", "new.json"], expect: 0, database: location.text)
    let refused = try run(["patch", "change.json"], expect: 65, database: location.text)
    // Located at the failing test's value in change.json (nothing is written).
    #expect(refused.stderr.hasPrefix("change.json:"), "\(refused)")
    #expect(refused.stderr.contains(": error: /0/value: operation 0 (test "), "\(refused)")
    #expect(
      try run(["log", "--format", "json"], expect: 0, database: location.text).stdout.components(
        separatedBy: "\"revision\":"
      ).count == 2)
  }

  @Test(arguments: TestEngine.allCases)
  func failingOperationIsNamed(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    try run(["import", "old.json"], expect: 0, database: location.text)
    try directory.write(
      "bad.json", #"[{"op": "replace", "path": "/components/0/payload/nope/x", "value": 1}]"#)
    let result = try run(["patch", "bad.json"], expect: 65, database: location.text)
    #expect(
      result.stderr.hasPrefix(
        "bad.json:1:28: error: /0/path: operation 0 (replace /components/0/payload/nope/x):"))
  }

  /// The issue's independent check: Python's `jsonpatch` applies our patch to the old file
  /// and gets the new one, byte for byte once dumped the way exports are written.
  @Test(.enabled(if: pythonJSONPatchAvailable, "python3 with jsonpatch is not installed"))
  func independentImplementationAppliesOurPatch() throws {
    let patch = try run(["diff", "old.json", "new.json", "--format", "json-patch"], expect: 1)
    try directory.write("change.json", patch.stdoutBytes)
    let script = """
      import json, jsonpatch, sys
      doc = json.load(open('old.json', encoding='utf-8'))
      out = jsonpatch.JsonPatch(json.load(open('change.json', encoding='utf-8'))).apply(doc)
      with open('applied.json', 'w', encoding='utf-8') as f:
          json.dump(out, f, indent=2, ensure_ascii=False); f.write('\\n')
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    process.currentDirectoryURL = directory.url
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try directory.read("applied.json") == Fixtures.bytes("generated-300-mutated.json"))
  }
}

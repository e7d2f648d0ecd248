import Foundation
import TestSupport
import Testing

/// `patch` under other writers: without `--expect-head` it computes the patch again on the
/// head another write made and lands it when it makes the same changes there; the last
/// attempt runs under the writer lock, so a steady stream of writes cannot starve it (it
/// used to give up with "head is revision 49, expected 45", issue 30 item 17). The other
/// writes land exactly between patch's read and its write through the test hook
/// `CATALOG_TEST_PATCH_INTERLEAVE`: no timing.
@Suite("patch: rebased on a moved head, never starved")
struct PatchRebaseTests {
  static func document(title: String, count: Int, first: String? = nil) -> String {
    var entries: [String] = []
    if let first {
      entries.append(
        #"{"kind": "\#(first)", "category": "c", "description": "d", "payload": {"title": "A"}}"#)
    }
    entries.append(
      #"{"kind": "tile", "category": "c", "description": "d", "payload": {"title": "\#(title)"}}"#)
    entries.append(
      #"{"kind": "counter", "category": "c", "description": "d", "payload": {"n": \#(count)}}"#)
    return "[" + entries.joined(separator: ", ") + "]\n"
  }

  /// A catalog at revision 1 and a patch of tile's title; the interleaved writes are
  /// `other-N.json`.
  static func runner(_ engine: TestEngine, others: [String]) throws -> (
    CatalogRunner, [String: String]
  ) {
    let runner = CatalogRunner(
      location: try engine.makeLocation(), environment: ["CATALOG_AUTHOR": "ann"])
    try runner.directory.write("v1.json", document(title: "A", count: 0))
    try runner.run(["import", "v1.json"])
    try runner.directory.write(
      "patch.json", #"[{"op": "replace", "path": "/components/0/payload/title", "value": "B"}]"#)
    var files: [String] = []
    for (i, other) in others.enumerated() {
      try runner.directory.write("other-\(i).json", other)
      files.append(runner.directory.path("other-\(i).json"))
    }
    return (runner, ["CATALOG_TEST_PATCH_INTERLEAVE": files.joined(separator: "\n")])
  }

  @Test(arguments: TestEngine.allCases)
  func aStreamOfWritesDelaysButNeverStarvesAPatch(engine: TestEngine) throws {
    // More competing writes than patch has unlocked attempts: the locked one lands.
    let others = (1...10).map { Self.document(title: "A", count: $0) }
    let (runner, hook) = try Self.runner(engine, others: others)
    let result = try runner.run(["patch", "patch.json"], environment: hook)
    #expect(result.stdout == "revision 5: 0 added, 1 changed, 0 removed\n", "\(result)")
    #expect(
      result.stderr
        == "note: head moved from 1 to 4 while patching; the patch makes the same changes on "
        + "revision 4, so it was applied there\n")
    let exported = try runner.run(["export"]).stdout
    #expect(exported.contains(#""title": "B""#), "\(exported)")
    #expect(exported.contains(#""n": 3"#), "\(exported)")
    let log = try runner.run(["log", "--oneline"]).stdout
    #expect(log.hasPrefix("5 "), "\(log)")
  }

  @Test(arguments: TestEngine.allCases)
  func expectHeadStillRefusesAMovedHead(engine: TestEngine) throws {
    let (runner, hook) = try Self.runner(engine, others: [Self.document(title: "A", count: 1)])
    let result = try runner.run(
      ["patch", "patch.json", "--expect-head", "1"], expect: 75, environment: hook)
    #expect(result.stderr == "catalog: error: head is revision 2, expected 1\n", "\(result)")
    #expect(try runner.run(["export"]).stdout.contains(#""title": "A""#))
  }

  @Test(arguments: TestEngine.allCases)
  func aPatchThatNoLongerAppliesSaysHeadMoved(engine: TestEngine) throws {
    let other = #"[{"kind": "tile", "category": "c", "description": "d", "payload": {}}]"# + "\n"
    let (runner, hook) = try Self.runner(engine, others: [other])
    let result = try runner.run(["patch", "patch.json"], expect: 65, environment: hook)
    #expect(
      result.stderr.hasPrefix(
        "catalog: error: head moved from 1 to 2 while patching, and the patch no longer "
          + "applies to it:\n"), "\(result)")
    #expect(result.stderr.contains("path does not exist"), "\(result)")
    #expect(try runner.run(["log", "--oneline"]).stdout.hasPrefix("2 "))
  }

  /// The same operation on the new head would edit another kind (an index moved), or
  /// overwrite the other writer's value: refused, 75.
  @Test(arguments: TestEngine.allCases)
  func aPatchThatWouldMeanSomethingElseIsRefused(engine: TestEngine) throws {
    let inserted = Self.document(title: "A", count: 0, first: "banner")
    let (runner, hook) = try Self.runner(engine, others: [inserted])
    let shifted = try runner.run(["patch", "patch.json"], expect: 75, environment: hook)
    #expect(
      shifted.stderr
        == "catalog: error: head moved from 1 to 2 while patching, and the patch makes other "
        + "changes there (it changed \"tile\" and would now change \"banner\"), so nothing was "
        + "written; read head again and make the patch against it\n", "\(shifted)")
    #expect(try runner.run(["log", "--oneline"]).stdout.hasPrefix("2 "))

    let (other, overwrite) = try Self.runner(engine, others: [Self.document(title: "C", count: 0)])
    let lost = try other.run(["patch", "patch.json"], expect: 75, environment: overwrite)
    #expect(
      lost.stderr.contains(
        "(it would change \"tile\" from other values or to other values)"), "\(lost)")
    #expect(try other.run(["export"]).stdout.contains(#""title": "C""#))
  }
}

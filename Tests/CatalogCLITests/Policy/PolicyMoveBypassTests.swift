import Foundation
import TestSupport
import Testing

/// A kind moved out of a guarded category, changed there and moved back is judged as a
/// change of the guarded kind: against its last state in the guarded category, and by a
/// transitive mode against every earlier state, whatever its category was then. The three
/// steps used to pass under every mode, with no waiver recorded (issue 30, item 12).
@Suite("Policies: moving a kind out and back does not bypass its guard")
struct PolicyMoveBypassTests {
  /// One mode, the break it refuses, and the finding's rule and pointer.
  struct Case: Sendable, CustomTestStringConvertible {
    var mode: String
    var broken: String
    var rule: String
    var pointer: String
    var testDescription: String { mode }
  }

  static let original = #"{"title": "Now", "size": 3}"#
  static let cases: [Case] = ["", "_TRANSITIVE"].flatMap { suffix in
    [
      Case(
        mode: "BACKWARD" + suffix, broken: #"{"title": "Now", "size": 3, "subtitle": "x"}"#,
        rule: "KEY_ADDED", pointer: "/payload/subtitle"),
      Case(
        mode: "FORWARD" + suffix, broken: #"{"size": 3}"#, rule: "KEY_REMOVED",
        pointer: "/payload/title"),
      Case(
        mode: "FULL" + suffix, broken: #"{"title": "Now", "size": "3"}"#, rule: "TYPE_CHANGED",
        pointer: "/payload/size"),
    ]
  }

  static func document(category: String, payload: String) -> String {
    #"[{"kind": "tile", "category": "\#(category)", "description": "A tile", "payload": \#(payload)}]"#
      + "\n"
  }

  @Test(arguments: TestEngine.allCases, cases)
  func theMoveBackIsRefusedUnlessWaived(engine: TestEngine, test: Case) throws {
    let runner = CatalogRunner(
      location: try engine.makeLocation(), environment: ["CATALOG_AUTHOR": "ann"])
    let directory = runner.directory
    try directory.write("v1.json", Self.document(category: "Display", payload: Self.original))
    try directory.write("out.json", Self.document(category: "Scratch", payload: Self.original))
    try directory.write("broken.json", Self.document(category: "Scratch", payload: test.broken))
    try directory.write("back.json", Self.document(category: "Display", payload: test.broken))
    try runner.run(["import", "v1.json"])
    try runner.run(["policy", "set", "--category", "Display", test.mode])
    // Moving out and changing the kind where no policy applies are allowed.
    try runner.run(["import", "out.json"])
    try runner.run(["import", "broken.json"])
    let before = try runner.run(["export"]).stdoutBytes
    // The move back is the guarded kind's change from revision 1, its last state in Display.
    // Located at the changed value in back.json, as every finding is.
    let finding =
      ": error: policy \(test.mode) of kind tile (set on category Display) "
      + "refuses \(test.rule) \(test.pointer): "
    let check = try runner.run(["check", "back.json", "--against", "head"], expect: 1)
    #expect(check.stderr.hasPrefix("back.json:1:"), "\(check)")
    #expect(check.stderr.contains(finding), "\(check)")
    #expect(check.stderr.contains("(against revision 1); fix: "), "\(check)")
    let refused = try runner.run(["import", "back.json"], expect: 65)
    #expect(refused.stderr.hasPrefix("back.json:1:"), "\(refused)")
    #expect(refused.stderr.contains(finding), "\(refused)")
    #expect(
      refused.stderr.hasSuffix(
        "catalog: error: the compatibility policies refuse 1 change, so nothing was written "
          + "(--allow-breaking \"REASON\" records a deliberate break)\n"), "\(refused)")
    #expect(try runner.run(["export"]).stdoutBytes == before)
    // A waiver lets it through, and is recorded.
    let waived = try runner.run(["import", "back.json", "--allow-breaking", "tile redesigned"])
    #expect(waived.stdout == "revision 4: 0 added, 1 changed, 0 removed\n", "\(waived)")
    let waivers = try runner.run(["log", "--waivers"]).stdout
    #expect(waivers.hasPrefix("revision 4\nWaiver:  tile redesigned (by ann, "), "\(waivers)")
    #expect(
      waivers.contains("\(test.rule) \(test.pointer) in tile (\(test.mode))\n"), "\(waivers)")
    // The waived state is the new baseline: the kind stays in Display untouched.
    try runner.run(["check", "back.json", "--against", "head"])
  }

  /// A transitive mode judges the states the kind had outside the guard too; a
  /// non-transitive one only the last state it had under the guard.
  @Test(arguments: TestEngine.allCases)
  func transitiveModesJudgeStatesOutsideTheGuard(engine: TestEngine) throws {
    let runner = CatalogRunner(
      location: try engine.makeLocation(), environment: ["CATALOG_AUTHOR": "ann"])
    let directory = runner.directory
    let withExtra = #"{"title": "Now", "size": 3, "extra": true}"#
    try directory.write("v1.json", Self.document(category: "Display", payload: Self.original))
    try directory.write("out.json", Self.document(category: "Scratch", payload: Self.original))
    try directory.write("extra.json", Self.document(category: "Scratch", payload: withExtra))
    try directory.write("back.json", Self.document(category: "Display", payload: Self.original))
    try runner.run(["import", "v1.json"])
    try runner.run(["import", "out.json"])
    try runner.run(["import", "extra.json"])
    try runner.run(["import", "out.json"])
    try runner.run(["policy", "set", "--category", "Display", "FULL"])
    try runner.run(["check", "back.json", "--against", "head"])
    try runner.run(["policy", "set", "--category", "Display", "FULL_TRANSITIVE"])
    let check = try runner.run(["check", "back.json", "--against", "head"], expect: 1)
    #expect(
      check.stderr.hasPrefix(
        "back.json:1:78: error: policy FULL_TRANSITIVE of kind tile (set on category Display) "
          + "refuses KEY_REMOVED /payload/extra: was true, now absent (against revision 3); "),
      "\(check)")
    try runner.run(["import", "back.json"], expect: 65)
  }
}

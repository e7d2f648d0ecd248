import Foundation
import TestSupport
import Testing

/// `catalog merge` through the built binary: output, messages and exit statuses.
@Suite("catalog merge")
struct MergeCommandTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  static func document(title: String, count: Int) -> String {
    """
    {"components": [
      {"kind": "tile", "category": "Display", "description": "A tile", "payload": {"title": "\(title)"}},
      {"kind": "badge", "category": "Display", "description": "A badge", "payload": {"count": \(count)}}
    ]}
    """
  }

  init() throws {
    runner = try CatalogRunner()
    try directory.write("base.json", Self.document(title: "Hero", count: 1))
  }

  /// OURS' own bytes where the merge kept OURS' entry, THEIRS' change in OURS' indentation.
  @Test func cleanMergeKeepsOursTextAndExitsZero() throws {
    try directory.write("ours.json", Self.document(title: "Hero v2", count: 1))
    try directory.write("theirs.json", Self.document(title: "Hero", count: 2))
    let result = try runner.run(["merge", "base.json", "ours.json", "theirs.json"], expect: 0)
    #expect(result.stderr == "")
    let expected = """
      {"components": [
        {"kind": "tile", "category": "Display", "description": "A tile", "payload": {"title": "Hero v2"}},
        {
          "kind": "badge",
          "category": "Display",
          "description": "A badge",
          "payload": {
            "count": 2
          }
        }
      ]}
      """
    #expect(result.stdout == expected)

    // --output may be OURS, as git passes it; stdin may be one operand.
    try runner.run(
      ["merge", "base.json", "ours.json", "-", "--output", "ours.json"], expect: 0,
      stdin: Array(Self.document(title: "Hero", count: 2).utf8))
    #expect(try directory.read("ours.json") == Array(expected.utf8))
  }

  @Test func conflictsExitOneWithTheirLinesOnStderr() throws {
    try directory.write("ours.json", Self.document(title: "A", count: 5))
    try directory.write("theirs.json", Self.document(title: "B", count: 2))
    let result = try runner.run(
      ["merge", "base.json", "ours.json", "theirs.json", "--output", "out.json"], expect: 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == """
        out.json:8: conflict: /components/0/payload/title: ours "A", theirs "B"
        out.json:20: conflict: /components/1/payload/count: ours 5, theirs 2

        """)
    let check = try runner.run(["check", "out.json"], expect: 65)
    let message =
      "error: invalid JSON: unresolved merge conflict: a line starting with '<<<<<<<'; keep one "
      + "side, delete the lines from '<<<<<<<' to '>>>>>>>' that are not wanted, then check again"
    #expect(check.stderr == "out.json:8:1: \(message)\nout.json:20:1: \(message)\n")
  }

  @Test func jsonReportListsWhatWasTakenAndTheConflicts() throws {
    try directory.write("ours.json", Self.document(title: "A", count: 1))
    try directory.write("theirs.json", Self.document(title: "B", count: 2))
    let result = try runner.run(
      ["merge", "base.json", "ours.json", "theirs.json", "--format", "json", "-o", "out.json"],
      expect: 1)
    let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(report?["clean"] as? Bool == false)
    let taken = report?["taken"] as? [[String: Any]]
    #expect(taken?.first?["from"] as? String == "theirs")
    #expect(taken?.first?["path"] as? String == "/components/1/payload/count")
    #expect(taken?.first?["rule"] as? String == "VALUE_CHANGED")
    let conflict = (report?["conflicts"] as? [[String: Any]])?.first
    #expect(conflict?["path"] as? String == "/components/0/payload/title")
    #expect(conflict?["line"] as? Int == 8)
    #expect(conflict?["base"] as? String == "Hero")
    #expect(conflict?["ours"] as? String == "A")
    #expect(conflict?["theirs"] as? String == "B")
    #expect(try directory.read("out.json").starts(with: Array("{\n".utf8)))
  }

  /// The labels and size git passes reach the markers; a control character in a label is a
  /// space, and a size under seven is seven, so that `check` still sees every marker.
  @Test func markersCarryTheLabelsAndSizeGiven() throws {
    try directory.write("ours.json", Self.document(title: "A", count: 1))
    try directory.write("theirs.json", Self.document(title: "B", count: 1))
    let labelled = try runner.run(
      [
        "merge", "base.json", "ours.json", "theirs.json", "--ours-label", "HEAD",
        "--theirs-label", "feature\nx", "--marker-size", "9", "--base-label",
        "merged common ancestors",
      ], expect: 1)
    let lines = labelled.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("<<<<<<<<< HEAD"))
    #expect(lines.contains("========="))
    #expect(lines.contains(">>>>>>>>> feature x"))
    try directory.write("out.json", labelled.stdout)
    try runner.run(["check", "out.json"], expect: 65)
    let small = try runner.run(
      ["merge", "base.json", "ours.json", "theirs.json", "--marker-size", "3"], expect: 1)
    #expect(small.stdout.contains("\n<<<<<<< OURS\n"))
    // What git before 2.44 passes for %X and %Y: the placeholders, read as no label.
    let old = try runner.run(
      [
        "merge", "base.json", "ours.json", "theirs.json", "--ours-label", "%X", "--theirs-label",
        "%Y",
      ],
      expect: 1)
    #expect(old.stdout.contains("\n<<<<<<< OURS\n") && old.stdout.contains("\n>>>>>>> THEIRS\n"))
  }

  @Test func outputIsWrittenAsExportWritesIt() throws {
    try directory.write("target.json", "old")
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link.json"), withDestinationPath: "target.json")
    try runner.run(
      ["merge", "base.json", "base.json", "base.json", "--output", "link.json"], expect: 0)
    // The link is followed, not replaced.
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("link.json"))
        == "target.json")
    #expect(try directory.read("target.json") == directory.read("base.json"))
  }

  @Test func troubleExitsTwo() throws {
    try directory.write("ours.json", "{\"components\": [}")
    let invalid = try runner.run(["merge", "base.json", "ours.json", "base.json"], expect: 2)
    #expect(invalid.stderr.hasPrefix("ours.json:1:17: error: invalid JSON"))
    let missing = try runner.run(["merge", "base.json", "nope.json", "base.json"], expect: 2)
    #expect(missing.stderr == "catalog: error: nope.json: no such file or directory\n")
    try runner.run(["merge", "-", "-", "base.json"], expect: 64)
  }
}

import Foundation
import TestSupport
import Testing

@Suite("catalog log, show, blame, tag, restore, rename, deprecate")
struct HistoryCommandTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  init() throws {
    runner = try CatalogRunner()
    try directory.write(
      "v1.json",
      """
      {"components": [
        {"kind": "tile-preview", "category": "Display", "description": "A tile",
         "payload": {"title": "Hero", "insets": {"top": 1}}},
        {"kind": "badge", "category": "Badges", "description": "A badge", "payload": {"n": 1}}
      ]}
      """)
    try directory.write(
      "v2.json",
      """
      {"components": [
        {"kind": "tile-preview", "category": "Display", "description": "A tile",
         "payload": {"title": "Hero v2", "insets": {"top": 1}}},
        {"kind": "badge", "category": "Badges", "description": "A badge", "payload": {"n": 1}}
      ]}
      """)
    try runner.run(["import", "v1.json", "-m", "first", "--author", "ann"])
    try runner.run(["import", "v2.json", "-m", "second", "--author", "bob"])
  }

  /// An empty range lists nothing (it trapped on `1...0` before: exit 132).
  @Test func emptyRangesListNothing() throws {
    for range in ["2..2", "head..", "head..head", "2..1"] {
      let result = try runner.run(["log", range])
      #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(range): \(result)")
      #expect(try runner.run(["log", range, "--format", "json"]).stdout == "[]\n", "\(range)")
    }
    #expect(try runner.run(["log", "1..2", "--oneline"]).stdout == "2 second\n")
  }

  /// A catalog that has policies but no revision yet reads like one that has no revision:
  /// exit 66 and the same message as export, never an empty list or a crash.
  @Test func aCatalogWithoutRevisionsIsSaidToHaveNone() throws {
    try runner.run(["-d", "policies-only.sqlite", "policy", "set", "FULL"])
    for command in [
      ["export"], ["kinds"], ["categories"], ["log"], ["log", "--limit", "1"],
      ["blame", "tile-preview"], ["show", "tile-preview"], ["site", "--output", "site"],
    ] {
      let result = try runner.run(["-d", "policies-only.sqlite"] + command, expect: 66)
      #expect(
        result.stderr
          == "catalog: error: policies-only.sqlite: the catalog has no revision yet; "
          + "'catalog import FILE' writes the first\n", "\(command)")
    }
  }

  /// `copy` writes only into an empty catalog: one with policy changes but no revision is
  /// not empty (its policies would be mixed into the copied history).
  @Test func copyRefusesACatalogThatOnlyHasPolicies() throws {
    try runner.run(["-d", "target.sqlite", "policy", "set", "FULL"])
    let refused = try runner.run(["copy", "components.sqlite", "target.sqlite"], expect: 65)
    #expect(
      refused.stderr
        == "catalog: error: target.sqlite is not empty (it has 1 policy change and no "
        + "revision); copy writes only into an empty catalog\n")
    #expect(try runner.run(["-d", "target.sqlite", "export"], expect: 66).stdout.isEmpty)
    try runner.run(["copy", "components.sqlite", "copy.sqlite"])
    #expect(
      try runner.run(["-d", "copy.sqlite", "export"]).stdout
        == (try runner.run(["export"]).stdout))
  }

  /// An option that the command would ignore in that form is a usage error (64).
  @Test func optionsThatWouldBeIgnoredAreRefused() throws {
    for extra in [["--oneline"], ["-p"], ["tile-preview"], ["--author", "ann"], ["--limit", "1"]] {
      let result = try runner.run(["log", "--waivers"] + extra, expect: 64)
      #expect(result.stderr.hasPrefix("catalog: error: "), "\(extra): \(result)")
    }
    #expect(
      try runner.run(["show", "tile-preview", "--stat"], expect: 64).stderr.hasPrefix(
        "catalog: error: '--stat' shows a revision's changes, but 'tile-preview' is a kind\n"))
    try runner.run(["show", "2", "--stat"])
    for operands in [["v1.json", "v2.json"], ["@1", "@2"], ["v1.json", "@2"]] {
      #expect(
        try runner.run(["diff"] + operands + ["--prune"], expect: 64).stderr.hasPrefix(
          "catalog: error: '--prune' applies only to @REF FILE"), "\(operands)")
    }
    try runner.run(["diff", "@1", "v2.json", "--prune"], expect: 1)
  }

  /// Small wording: one revision is "revision 3 (head)", not "3–3"; a dry run's notes say
  /// what would be kept; one tag is "1 tag"; `help import --man` is refused, not ignored.
  @Test func messagesSayWhatIsTrue() throws {
    try directory.write(
      "v3.json",
      """
      {"components": [
        {"kind": "badge", "category": "Badges", "description": "A badge", "payload": {"n": 1}},
        {"kind": "new", "category": "Badges", "description": "New", "payload": {}}
      ]}
      """)
    let dryRun = try runner.run(["import", "v3.json", "--dry-run"])
    #expect(dryRun.stderr.contains(" and would be kept (--prune removes them): tile-preview"))
    try runner.run(["import", "v3.json"])
    let missing = try runner.run(["show", "new", "--at", "1"], expect: 65)
    #expect(missing.stderr.contains("revision 3 (head)"), "\(missing)")
    try runner.run(["tag", "v1", "1"])
    #expect(
      try runner.run(["copy", "components.sqlite", "copy.sqlite"]).stdout.hasPrefix(
        "copied 3 revisions ("))
    #expect(
      try runner.run(["copy", "components.sqlite", "copy2.sqlite"]).stdout.contains(", 1 tag)"))
    try runner.run(["help", "import", "--man"], expect: 64)
  }

  /// Reading stops after 50 problems, and says so on a last line.
  @Test func aLongListOfProblemsSaysItStopped() throws {
    let entries = (0..<60).map { _ in
      #"{"kind": 1, "category": "c", "description": "d", "payload": {}}"#
    }
    try directory.write("bad.json", "[" + entries.joined(separator: ",\n") + "]")
    for command in [["check", "bad.json"], ["import", "bad.json"]] {
      let lines = try runner.run(command, expect: 65).stderr.split(separator: "\n")
      #expect(lines.count == 51, "\(command)")
      #expect(
        lines.last
          == "catalog: error: bad.json: reading stopped after 50 problems; there may be more")
    }
    try directory.write("few.json", "[" + entries.prefix(3).joined(separator: ",\n") + "]")
    #expect(
      try runner.run(["check", "few.json"], expect: 65).stderr.split(separator: "\n").count == 3)
  }

  @Test func logTextAndJSON() throws {
    let text = try runner.run(["log", "--limit", "1"]).stdout
    #expect(text.hasPrefix("revision 2\nAuthor:  bob\nDate:    "))
    #expect(
      text.contains(
        "Source:  v2.json (import)\nCounts:  0 added, 1 changed, 0 removed\n\n    second\n"))
    let kind = try runner.run(["log", "tile-preview", "--format", "json"]).stdout
    let items = try JSONSerialization.jsonObject(with: Data(kind.utf8)) as? [[String: Any]]
    #expect(items?.count == 2)
    #expect(items?.first?["paths"] as? [String] == ["/payload/title"])
    #expect(items?.first?["change"] as? String == "changed")
    #expect(items?.last?["change"] as? String == "added")
  }

  @Test func showAtARevision() throws {
    let shown = try runner.run(["show", "tile-preview", "--at", "1"]).stdout
    #expect(
      shown == """
        {
          "kind": "tile-preview",
          "category": "Display",
          "description": "A tile",
          "payload": {
            "title": "Hero",
            "insets": {
              "top": 1
            }
          }
        }

        """)
    let missing = try runner.run(["show", "nope"], expect: 65)
    #expect(
      missing.stderr
        == "catalog: error: no component of kind \"nope\" has ever been in the catalog\n")
  }

  @Test func blameJSON() throws {
    let blame = try runner.run(["blame", "tile-preview", "--format", "json"]).stdout
    let lines = try JSONSerialization.jsonObject(with: Data(blame.utf8)) as? [[String: Any]]
    let byPath = Dictionary(
      uniqueKeysWithValues: (lines ?? []).map { ($0["path"] as? String ?? "", $0) })
    #expect(byPath["/payload/title"]?["revision"] as? Int == 2)
    #expect(byPath["/payload/title"]?["author"] as? String == "bob")
    #expect(byPath["/payload/insets/top"]?["revision"] as? Int == 1)
    #expect(byPath["/category"]?["message"] as? String == "first")
  }

  @Test func tagsAndReferences() throws {
    #expect(try runner.run(["tag", "v1", "1"]).stdout == "tagged revision 1 as v1\n")
    #expect(try runner.run(["tag", "--list"]).stdout.hasPrefix("v1\trevision 1\t"))
    #expect(try runner.run(["export", "--at", "v1"]).stdout.contains("\"title\": \"Hero\""))
    let bad = try runner.run(["tag", "head"], expect: 65)
    #expect(bad.stderr.contains("reads as a revision number, head or a time"))
    // Digits alone are a number, of any length (issue 30, item 20: 23 digits were a name).
    for name in ["7", "0", "9223372036854775807", "9223372036854775808", "12345678901234567890123"]
    {
      let number = try runner.run(["tag", name, "1"], expect: 65)
      #expect(
        number.stderr
          == "catalog: error: tag name '\(name)' reads as a revision number, head or a time; "
          + "choose another name\n", "\(name)")
    }
    #expect(try runner.run(["tag", "v1.0.1x", "1"]).stdout == "tagged revision 1 as v1.0.1x\n")
    _ = try runner.run(["tag", "--delete", "v1.0.1x"])
    let unknown = try runner.run(["export", "--at", "v9"], expect: 65)
    #expect(unknown.stderr.hasPrefix("catalog: error: unknown revision 'v9'"))
    #expect(
      try runner.run(["tag", "--delete", "v1"]).stdout == "deleted tag v1 (it named revision 1)\n")
  }

  @Test func restoreRenameDeprecate() throws {
    #expect(
      try runner.run(["restore", "1", "-m", "back"]).stdout
        == "revision 3: 0 added, 1 changed, 0 removed\n")
    #expect(try runner.run(["restore", "1"]).stdout == "no changes (head is revision 3)\n")
    #expect(
      try runner.run(["rename", "badge", "status-badge"]).stdout
        == "revision 4: 0 added, 1 changed, 0 removed\n")
    #expect(
      try runner.run(["deprecate", "status-badge"]).stdout
        == "revision 5: 0 added, 1 changed, 0 removed\n"
    )
    let exported = try runner.run(["export"]).stdout
    #expect(exported.contains("\"kind\": \"status-badge\""))
    #expect(exported.contains("\"deprecated\": true"))
    let log = try runner.run(["log", "status-badge"]).stdout
    #expect(log.contains("Change:  deprecated"))
    #expect(log.contains("Change:  renamed from badge to status-badge"))
    try runner.run(["undeprecate", "status-badge"])
    #expect(!(try runner.run(["export"]).stdout.contains("deprecated")))
  }

  @Test func expectHeadRefusesStaleWriters() throws {
    let stale = try runner.run(["import", "v1.json", "--expect-head", "1"], expect: 75)
    #expect(stale.stderr == "catalog: error: head is revision 2, expected 1\n")
    for arguments in [
      ["restore", "1"], ["rename", "badge", "b2"], ["deprecate", "badge"],
      ["undeprecate", "badge"],
    ] {
      let result = try runner.run(arguments + ["--expect-head", "7"], expect: 75)
      #expect(result.stderr == "catalog: error: head is revision 2, expected 7\n")
    }
    #expect(
      try runner.run(["import", "v1.json", "--expect-head", "2"]).stdout
        == "revision 3: 0 added, 1 changed, 0 removed\n")
  }
}

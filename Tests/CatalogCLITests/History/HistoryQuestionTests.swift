import Foundation
import TestSupport
import Testing

/// The git-style history questions: `show REV`, `log` options and ranges, `REF~N` and
/// `REF^`, `revert`, `kinds` and `categories`, and "did you mean".
@Suite("history questions: show REV, log options, revisions expressions, revert, kinds")
struct HistoryQuestionTests {
  let session: CatalogSession

  init() throws {
    session = try CatalogSession(
      importing: """
        {"components": [
          {"kind": "tile", "category": "Display", "description": "A tile",
           "payload": {"title": "Hero", "n": 1, "tags": ["a", "b"]}},
          {"kind": "badge", "category": "Badges", "description": "A badge", "payload": {"n": 1}},
          {"kind": "old", "category": "Display", "description": "Old", "payload": {}}
        ]}
        """,
      tag: "v1")
    try session.patch(
      """
      [{"op": "replace", "path": "/components/0/payload/title", "value": "Hero v2"},
       {"op": "remove", "path": "/components/2"}]
      """, author: "bob")
    try session.patch(
      #"[{"op": "replace", "path": "/components/1/payload/n", "value": 2}]"#, author: "ann")
    try session.run(["rename", "badge", "pill"], author: "cy")
  }

  @Test func showARevisionLikeGitShow() throws {
    let output = try session.run(["show", "2"]).stdout
    // The two digests (issue 34, item 3), each sha256: and 64 hexadecimal digits.
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    let digestLines = lines.indices.filter {
      lines[$0].hasPrefix("Export:  sha256:") || lines[$0].hasPrefix("Digest:  sha256:")
    }
    #expect(digestLines.count == 2 && digestLines.allSatisfy { lines[$0].count == 80 }, "\(output)")
    for index in digestLines.reversed() { lines.remove(at: index) }
    let shown = lines.joined(separator: "\n")
    #expect(shown.hasPrefix("revision 2\nAuthor:  bob\nDate:    "))
    #expect(
      shown.hasSuffix(
        """
        Source:  patch.json (patch)
        Counts:  0 added, 1 changed, 1 removed

        - old  [breaking: ENTRY_REMOVED]
        ~ tile
          /payload/title: "Hero" → "Hero v2"  [value: VALUE_CHANGED]

        """))
    // A kind wins over a revision of the same name; --revision says which is meant.
    #expect(try session.run(["show", "v1~0"]).stdout.hasPrefix("revision 1 (tag: v1)\n"))
    #expect(try session.run(["show", "tile"]).stdout.hasPrefix("{\n  \"kind\": \"tile\""))
    let json = try session.run(["show", "--revision", "head", "--format", "json"]).stdout
    #expect(json.contains(#""renamedFrom": "badge""#))
    #expect(try session.run(["show", "head^", "--stat"]).stdout.contains(" badge | 1 ~\n"))
  }

  @Test func revisionExpressions() throws {
    #expect(try session.run(["show", "head^"]).stdout.hasPrefix("revision 3\n"))
    #expect(try session.run(["show", "head^^"]).stdout.hasPrefix("revision 2\n"))
    #expect(
      try session.run(["show", "--revision", "4~3"]).stdout.hasPrefix("revision 1 (tag: v1)\n"))
    #expect(
      try session.run(["export", "--at", "v1~0"]).stdout
        == session.run(["export", "--at", "1"]).stdout)
    let before = try session.run(["show", "v1^"], expect: 65).stderr
    #expect(
      before
        == "catalog: error: unknown revision 'v1^': v1 is revision 1, so there is no revision 1 before it\n"
    )
  }

  @Test func logRangesFiltersAndFormats() throws {
    #expect(
      try session.run(["log", "--oneline"]).stdout
        == "4 rename badge pill (rename)\n3 patch.json (patch)\n2 patch.json (patch)\n"
        + "1 (tag: v1) first\n")
    #expect(
      try session.run(["log", "v1..head^", "--oneline"]).stdout
        == "3 patch.json (patch)\n2 patch.json (patch)\n")
    #expect(
      try session.run(["log", "--oneline", "--reverse", "--author", "ann"]).stdout
        == "1 (tag: v1) first\n3 patch.json (patch)\n")
    #expect(
      try session.run(["log", "--oneline", "--path", "/payload/title"]).stdout
        == "2 patch.json (patch)  tile\n1 (tag: v1) first  tile\n")
    #expect(try session.run(["log", "--oneline", "--since", "2999-01-01"]).stdout == "")
    #expect(try session.run(["log", "--oneline", "--until", "2000-01-01"]).stdout == "")
    let patched = try session.run(["log", "-p", "--limit", "1"]).stdout
    #expect(
      patched.hasSuffix(
        """
        Counts:  0 added, 1 changed, 0 removed

        ~ pill (renamed from badge)
          /kind: "badge" → "pill"  [breaking: ENTRY_RENAMED]

        """))
    let stat = try session.run(["log", "pill", "--stat", "--limit", "1"]).stdout
    #expect(stat.contains("Change:  renamed from badge to pill\n\n badge => pill | 1 -\n"))
    let bad = try session.run(["log", "--since", "yesterday"], expect: 64).stderr
    #expect(bad.hasPrefix("catalog: error: invalid value 'yesterday' for '--since <time>'"))
  }

  @Test func revertUndoesOneRevision() throws {
    // Revision 2 changed tile's title and removed old; revision 3 changed badge.
    let reverted = try session.run(["revert", "2", "-m", "back"]).stdout
    #expect(reverted == "revision 5: 1 added, 1 changed, 0 removed\n")
    let export = try session.run(["export"]).stdout
    #expect(export.contains(#""title": "Hero""#) && export.contains(#""kind": "old""#))
    #expect(export.contains(#""n": 2"#))
    let order = try session.run(["kinds"]).stdout
    #expect(order == "tile  Display\npill  Badges\nold   Display\n")
    // The rename is reverted on the same component.
    #expect(
      try session.run(["revert", "4"]).stdout == "revision 6: 0 added, 1 changed, 0 removed\n")
    let log = try session.run(["log", "badge", "--oneline"]).stdout
    #expect(log.hasPrefix("6 revert 4 (revert)  renamed from pill to badge\n"))

    // A later change to the same path is a conflict: nothing written, exit 65.
    try session.patch(
      #"[{"op": "replace", "path": "/components/1/payload/n", "value": 3}]"#, author: "dee")
    let conflict = try session.run(["revert", "3"], expect: 65)
    #expect(
      conflict.stderr
        == "catalog: error: cannot revert revision 3: later revisions changed the same places, "
        + "so nothing was written:\n  badge: /payload/n\n")
    #expect(try session.run(["log", "--limit", "1", "--oneline"]).stdout.hasPrefix("7 "))
  }

  @Test func kindsCategoriesAndSuggestions() throws {
    #expect(try session.run(["kinds"]).stdout == "tile  Display\npill  Badges\n")
    #expect(
      try session.run(["kinds", "--at", "v1", "--category", "Display"]).stdout
        == "tile  Display\nold   Display\n")
    let json = try session.run(["kinds", "--format", "json"]).stdout
    #expect(json.contains(#""kind": "pill""#) && json.contains(#""deprecated": false"#))
    #expect(try session.run(["categories"]).stdout == "Badges   1\nDisplay  1\n")
    #expect(
      try session.run(["kinds", "--category", "Dispaly"], expect: 65).stderr
        == "catalog: error: no kind has category \"Dispaly\" at head; did you mean \"Display\"?\n")
    #expect(
      try session.run(["show", "tlie"], expect: 65).stderr
        == "catalog: error: no component of kind \"tlie\" has ever been in the catalog; did you mean \"tile\"?\n"
    )
    #expect(
      try session.run(["diff", "@v1", "@head", "--format", "jsonpatch"], expect: 64).stderr
        .hasPrefix(
          "catalog: error: invalid value 'jsonpatch' for '--format <format>': expected one of: "
            + "text, json, json-patch, github, junit; did you mean 'json-patch'?\n"))
  }
}

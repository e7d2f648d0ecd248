import Foundation
import TestSupport
import Testing

/// A name at revision R means the component that holds that name in R's catalog, for every
/// command that takes a kind (show, blame, log, diff, restore, revert, export, site), even
/// when a restore gave the name back to a component while it removed another that had
/// taken it.
@Suite("name lookup: a name at a revision means the component that holds it there")
struct NameLookupTests {
  /// The issue's repro: import f.json (kind a); rename a b; import f.json (a second a);
  /// restore 1 (b renamed back to a, the second a removed).
  static func reusedName(_ engine: TestEngine) throws -> (TestLocation, CatalogRunner) {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "f.json",
      #"[{"kind": "a", "category": "c", "description": "first a", "payload": {"n": 1}}]"#)
    try runner.run(["import", "f.json"])
    try runner.run(["rename", "a", "b"])
    try location.directory.write(
      "g.json",
      """
      [{"kind": "b", "category": "c", "description": "first a", "payload": {"n": 1}},
       {"kind": "a", "category": "c", "description": "second a", "payload": {"n": 2}}]
      """)
    try runner.run(["import", "g.json"])
    #expect(
      try runner.run(["restore", "1"]).stdout == "revision 4: 0 added, 1 changed, 1 removed\n")
    return (location, runner)
  }

  @Test(arguments: TestEngine.allCases)
  func aNameGivenBackByARestoreMeansItsHolder(_ engine: TestEngine) throws {
    let (_, runner) = try Self.reusedName(engine)
    #expect(try runner.run(["kinds"]).stdout == "a  c\n")
    let shown = try runner.run(["show", "a"]).stdout
    #expect(shown.contains(#""description": "first a""#), "\(shown)")
    #expect(try runner.run(["show", "a", "--at", "3"]).stdout.contains("second a"))
    let blame = try runner.run(["blame", "a"]).stdout
    #expect(blame.contains("/description") && blame.contains("\"first a\""), "\(blame)")
    // log a is the history of the component that holds a: added, renamed to b, renamed back.
    #expect(
      try runner.run(["log", "a", "--oneline"]).stdout
        == "4 restore 1 (restore)  renamed from b to a\n2 rename a b (rename)  renamed from a to b\n"
        + "1 f.json (import)  added as a\n")
    // At revision 3, a is the second component.
    #expect(try runner.run(["blame", "a", "--at", "3"]).stdout.contains("\"second a\""))
  }

  /// Reverting the restore brings the second a back as the component it was, and renames
  /// the first back to b; reverting that again gives the restore's catalog.
  @Test(arguments: TestEngine.allCases)
  func revertOfSuchARestoreWorks(_ engine: TestEngine) throws {
    let (_, runner) = try Self.reusedName(engine)
    #expect(
      try runner.run(["revert", "4"]).stdout == "revision 5: 1 added, 1 changed, 0 removed\n")
    #expect(try runner.run(["export"]).stdout == runner.run(["export", "--at", "3"]).stdout)
    // The second a continues its own history.
    #expect(
      try runner.run(["log", "a", "--oneline"]).stdout
        == "5 revert 4 (revert)  added as a\n4 restore 1 (restore)  removed\n"
        + "3 g.json (import)  added as a\n")
    #expect(
      try runner.run(["revert", "5"]).stdout == "revision 6: 0 added, 1 changed, 1 removed\n")
    #expect(try runner.run(["export"]).stdout == runner.run(["export", "--at", "4"]).stdout)
    // And a restore across all of it works the same way.
    #expect(
      try runner.run(["restore", "3"]).stdout == "revision 7: 1 added, 1 changed, 0 removed\n")
    #expect(try runner.run(["export"]).stdout == runner.run(["export", "--at", "3"]).stdout)
    #expect(try runner.run(["doctor"]).status == 0)
  }

  /// A restore that brings back two kinds one removed component bore (x, renamed to y,
  /// removed; the restore's catalog has x, and y from another component) writes each once.
  @Test(arguments: TestEngine.allCases)
  func aComponentComesBackOnce(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "one.json", #"[{"kind": "x", "category": "c", "description": "x", "payload": {}}]"#)
    try runner.run(["import", "one.json"])
    try runner.run(["rename", "x", "y"])
    try location.directory.write(
      "two.json", #"[{"kind": "z", "category": "c", "description": "z", "payload": {}}]"#)
    try runner.run(["import", "two.json", "--prune"])
    // x and y both name the removed component; importing both adds two components.
    try location.directory.write(
      "both.json",
      """
      [{"kind": "x", "category": "c", "description": "x", "payload": {}},
       {"kind": "y", "category": "c", "description": "y", "payload": {}}]
      """)
    #expect(
      try runner.run(["import", "both.json", "--prune"]).stdout
        == "revision 4: 2 added, 0 changed, 1 removed\n")
    #expect(try runner.run(["kinds"]).stdout == "x  c\ny  c\n")
    #expect(try runner.run(["doctor"]).status == 0)
  }
}

/// Renames are followed the same way everywhere: `blame` as `show` (with the same note),
/// and `diff --stat` and `--name-only` name a rename `old => new`, as git does.
@Suite("renames followed everywhere: blame as show, old => new in --stat and --name-only")
struct RenameFollowingTests {
  static func renamed(_ engine: TestEngine) throws -> CatalogRunner {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "v1.json",
      """
      [{"kind": "tile-preview", "category": "Display", "description": "A tile",
        "payload": {"title": "Hero"}}]
      """)
    try runner.run(["import", "v1.json"])
    try runner.run(["rename", "tile-preview", "tile-card"])
    return runner
  }

  @Test(arguments: TestEngine.allCases)
  func blameFollowsARenameAsShowDoes(_ engine: TestEngine) throws {
    let runner = try Self.renamed(engine)
    // Before the rename, by the new name.
    let before = try runner.run(["blame", "tile-card", "--at", "1", "--format", "json"])
    #expect(
      before.stderr
        == "note: tile-card was named tile-preview at 1; showing it under that name\n")
    #expect(before.stdout.contains(#""value": "tile-preview""#))
    let shown = try runner.run(["show", "tile-card", "--at", "1"])
    #expect(shown.stderr == before.stderr)
    // By the old name, after it.
    let old = try runner.run(["blame", "tile-preview"])
    #expect(
      old.stderr == "note: tile-preview was named tile-card at head; showing it under that name\n")
    #expect(old.stdout.hasPrefix("/kind           r2  "), "\(old.stdout)")
    #expect(old.stdout.contains(#""tile-card""#))
    #expect(try runner.run(["show", "tile-preview"]).stderr == old.stderr)
  }

  @Test(arguments: TestEngine.allCases)
  func statAndNameOnlyNameARenameOldToNew(_ engine: TestEngine) throws {
    let runner = try Self.renamed(engine)
    #expect(
      try runner.run(["diff", "@1", "@2", "--name-only"], expect: 1).stdout
        == "tile-preview => tile-card\n")
    #expect(
      try runner.run(["diff", "@1", "@2", "--stat"], expect: 1).stdout
        == " tile-preview => tile-card | 1 -\n"
        + " 1 kind: 0 added, 0 removed, 1 changed, 0 moved; "
        + "1 change: 1 breaking, 0 additive, 0 value, 0 metadata\n")
  }

  /// A revision that removes a and renames b to a (the restore of the name-lookup repro)
  /// prints two different lines, not two `a`.
  @Test(arguments: TestEngine.allCases)
  func aRemovalAndARenameToTheSameNameAreTwoLines(_ engine: TestEngine) throws {
    let (_, runner) = try NameLookupTests.reusedName(engine)
    #expect(
      try runner.run(["diff", "@3", "@4", "--name-only"], expect: 1).stdout == "a\nb => a\n")
    let stat = try runner.run(["show", "4", "--stat"]).stdout
    #expect(
      stat.hasSuffix(
        "\n\n a      | removed\n b => a | 1 -\n"
          + " 2 kinds: 0 added, 1 removed, 1 changed, 0 moved; "
          + "2 changes: 2 breaking, 0 additive, 0 value, 0 metadata\n"), "\(stat)")
  }
}

/// Audits without noise: a member inserted in the middle of an object, or brought back by a
/// restore, is a KEY_ADDED and no MEMBERS_REORDERED; the first revision changes no frame.
@Suite("audit noise: reorders only when members change relative order; no frame change at 1")
struct AuditNoiseTests {
  @Test(arguments: TestEngine.allCases)
  func anInsertedMemberIsNoReorder(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    func write(_ payload: String) throws {
      try location.directory.write(
        "c.json",
        #"{"version": 1, "components": [{"kind": "k", "category": "c", "description": "d", "payload": "#
          + payload + "}]}")
    }
    try write(#"{"a": 1, "c": 3}"#)
    try runner.run(["import", "c.json"])
    try write(#"{"a": 1, "b": 2, "c": 3}"#)
    try runner.run(["import", "c.json"])
    try write(#"{"c": 3, "a": 1, "b": 2}"#)
    try runner.run(["import", "c.json"])
    try runner.run(["restore", "1"])
    // The first revision: entries added, no phantom frame change.
    let first = try runner.run(["show", "1"]).stdout
    #expect(
      first.hasSuffix("Counts:  1 added, 0 changed, 0 removed\n\n+ k  [additive: ENTRY_ADDED]\n"),
      "\(first)")
    #expect(
      try runner.run(["log", "--oneline", "--reverse"]).stdout.hasPrefix("1 c.json (import)\n"))
    #expect(
      !(try runner.run(["log", "--format", "json"]).stdout.contains(#""frameChanged": true"#)))
    #expect(
      try runner.run(["show", "2"]).stdout.hasSuffix(
        "~ k\n  /payload/b: (absent) → 2  [additive: KEY_ADDED]\n"))
    // Moving c first changes the relative order of members both sides have.
    #expect(try runner.run(["show", "3"]).stdout.contains("[metadata: MEMBERS_REORDERED]"))
    // The restore removes b and puts c back after a: a reorder too; revision 2 restored
    // onto revision 1 is only the key coming back.
    #expect(try runner.run(["show", "4"]).stdout.contains("[metadata: MEMBERS_REORDERED]"))
    #expect(try runner.run(["restore", "2"]).stdout.hasPrefix("revision 5:"))
    try runner.run(["restore", "1"])
    #expect(
      try runner.run(["restore", "2"]).stdout.hasPrefix("revision 7:"))
    #expect(
      try runner.run(["show", "7"]).stdout.hasSuffix(
        "~ k\n  /payload/b: (absent) → 2  [additive: KEY_ADDED]\n"))
    // The patch diff writes still reproduces the order byte for byte.
    let patch = try runner.run(["diff", "@6", "@7", "--format", "json-patch"], expect: 1).stdout
    #expect(
      try PatchCheck.apply(patch, to: runner.run(["export", "--at", "6"]).stdoutBytes)
        == runner.run(["export", "--at", "7"]).stdoutBytes)
  }
}

/// The rename trap: after `rename tile-preview tile-card`, the team's unchanged file still
/// says tile-preview. Import refuses it (65, located, naming the revision and the new name)
/// unless --follow-renames (the entry updates tile-card) or --allow-former-names (a new
/// tile-preview); `diff @head FILE` and `check --against` say the same.
@Suite("the rename trap: a file that still uses a name the catalog renamed")
struct RenameTrapTests {
  @Test(arguments: TestEngine.allCases)
  func importDiffAndCheckSayTheFileUsesAFormerName(_ engine: TestEngine) throws {
    let runner = try RenameFollowingTests.renamed(engine)
    let directory = runner.directory
    try directory.write(
      "v1.json",
      """
      [{"kind": "tile-preview", "category": "Display", "description": "A tile",
        "payload": {"title": "Hero v2"}}]
      """)
    let note =
      #"v1.json:1:2: "tile-preview" was renamed to "tile-card" in revision 2; "#
      + "the file still uses the old name"
    let refused = try runner.run(["import", "v1.json"], expect: 65)
    #expect(
      refused.stderr
        == "\(note.replacingOccurrences(of: "v1.json:1:2:", with: "v1.json:1:2: error: /0/kind:")) "
        + #"(--follow-renames applies the entry to "tile-card", --allow-former-names adds it "#
        + "as a new component, or rename it in the file)\n")
    #expect(try runner.run(["log", "--oneline"]).stdout.hasPrefix("2 "))
    let ways =
      #"import refuses it (--follow-renames applies the entry to "tile-card", "#
      + "--allow-former-names adds it as a new component, or rename it in the file)\n"
    let diff = try runner.run(["diff", "@head", "v1.json"], expect: 1)
    #expect(diff.stderr.hasPrefix("note: \(note): \(ways)"), "\(diff.stderr)")
    let check = try runner.run(["check", "v1.json", "--against", "head"], expect: 1)
    #expect(
      check.stderr
        == "note: \(note): \(ways)catalog: error: v1.json uses 1 name the catalog renamed\n")
    // Followed: the entry updates tile-card, which keeps its name.
    let followedDiff = try runner.run(["diff", "@head", "v1.json", "--follow-renames"], expect: 1)
    #expect(followedDiff.stdout.hasPrefix("~ tile-card\n  /payload/title: \"Hero\" → \"Hero v2\""))
    try runner.run(["check", "v1.json", "--against", "head", "--follow-renames"])
    let followed = try runner.run(["import", "v1.json", "--follow-renames"])
    #expect(followed.stdout == "revision 3: 0 added, 1 changed, 0 removed\n")
    #expect(
      followed.stderr
        == "note: \(note): the entry was applied to \"tile-card\" (--follow-renames)\n")
    #expect(try runner.run(["kinds"]).stdout == "tile-card  Display\n")
    // Or added as a new component under the old name.
    let added = try runner.run(["import", "v1.json", "--allow-former-names"])
    #expect(added.stdout == "revision 4: 1 added, 0 changed, 0 removed\n")
    #expect(try runner.run(["kinds"]).stdout.contains("tile-preview"))
    // A file that has the new name too knows about the rename: its old name is a new kind.
    try directory.write(
      "both.json",
      """
      [{"kind": "tile-preview", "category": "Display", "description": "A tile",
        "payload": {"title": "Hero v2"}},
       {"kind": "tile-card", "category": "Display", "description": "A tile",
        "payload": {"title": "Hero v2"}}]
      """)
    try runner.run(["import", "both.json"])
    try runner.run(["import", "v1.json", "--follow-renames", "--allow-former-names"], expect: 64)
  }
}

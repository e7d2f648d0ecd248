import Foundation
import TestSupport
import Testing

/// The six wrong answers of issue 10, each run through the built binary: what it printed
/// before one change model answered every "what changed" question, and what it prints now.
@Suite("one change model: the answers diff, log, blame, show, restore and import agree on")
struct ChangeModelTests {
  let session: CatalogSession
  var directory: TemporaryDirectory { session.directory }

  init() throws {
    session = try CatalogSession(
      importing: """
        {"components": [
          {"kind": "tile-preview", "category": "Display", "description": "A tile",
           "payload": {"title": "Hero", "isActive": true, "legacy": 1, "tags": ["a", "b", "c"]}},
          {"kind": "badge", "category": "Badges", "description": "A badge",
           "payload": {"n": 1, "m": 2}}
        ]}
        """,
      tag: "v1")

  }

  // 1. Before: `+ tile-card  [additive: ENTRY_ADDED]` / `- tile-preview  [breaking:
  // ENTRY_REMOVED]`, and none of the payload changes.
  @Test func diffBetweenRevisionsKeepsRenames() throws {
    try session.run(["rename", "tile-preview", "tile-card"])
    try session.patch(
      """
      [{"op": "replace", "path": "/components/0/payload/isActive", "value": "yes"},
       {"op": "remove", "path": "/components/0/payload/legacy"}]
      """)
    let text = try session.run(["diff", "@v1", "@head"], expect: 1).stdout
    #expect(
      text == """
        ~ tile-card (renamed from tile-preview)
          /kind: "tile-preview" → "tile-card"  [breaking: ENTRY_RENAMED]
          /payload/isActive: true → "yes"  [breaking: TYPE_CHANGED]
          /payload/legacy: 1 → (absent)  [breaking: KEY_REMOVED]

        """)
    #expect(!text.contains("ENTRY_ADDED") && !text.contains("ENTRY_REMOVED"))
    let json = try session.run(["diff", "@v1", "@head", "--format", "json"], expect: 1).stdout
    let summary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let changed = summary?["changed"] as? [[String: Any]]
    #expect(changed?.first?["renamedFrom"] as? String == "tile-preview")
    #expect((summary?["added"] as? [Any])?.isEmpty == true)
    let patch = try session.run(["diff", "@v1", "@head", "--format", "json-patch"], expect: 1)
      .stdout
    #expect(patch.contains(#""op": "replace",\#n    "path": "/components/0/kind""#))
    #expect(try PatchCheck.apply(patch, to: session.export(at: "v1")) == session.export(at: "head"))
  }

  // 2. Before: blame credited the inserter with a, b and c, and log listed four paths; a key
  // removed and added back was credited to the revision before the removal.
  @Test func blameAndLogAlignArrays() throws {
    try session.patch(
      #"[{"op": "add", "path": "/components/0/payload/tags/0", "value": "z"}]"#, author: "eve")
    let blame = try session.run(["blame", "tile-preview", "--format", "json"]).stdout
    let lines = try JSONSerialization.jsonObject(with: Data(blame.utf8)) as? [[String: Any]]
    var credit: [String: String] = [:]
    for line in lines ?? [] {
      credit[line["path"] as? String ?? ""] = line["author"] as? String
    }
    #expect(credit["/payload/tags/0"] == "eve")
    #expect(credit["/payload/tags/1"] == "ann")
    #expect(credit["/payload/tags/2"] == "ann")
    #expect(credit["/payload/tags/3"] == "ann")
    let log = try session.run(["log", "tile-preview", "--limit", "1"]).stdout
    #expect(log.contains("Change:  changed /payload/tags/0\n"))

    try session.patch(#"[{"op": "remove", "path": "/components/1/payload/m"}]"#, author: "bob")
    try session.patch(
      #"[{"op": "add", "path": "/components/1/payload/m", "value": 2}]"#, author: "cy")
    let badge = try session.run(["blame", "badge"]).stdout
    let m = badge.split(separator: "\n").first { $0.hasPrefix("/payload/m") } ?? ""
    #expect(m.contains("r4") && m.contains("cy"), "\(badge)")
  }

  // 3. Before: kinds missing from the file were breaking removals (exit 1) and a member
  // reorder diffed as identical (exit 0) while import wrote a revision.
  @Test func diffOfAFileIsWhatImportWouldRecord() throws {
    try directory.write(
      "partial.json",
      """
      {"components": [
        {"kind": "badge", "category": "Badges", "description": "A badge",
         "payload": {"n": 1, "m": 2}}
      ]}
      """)
    let kept = try session.run(["diff", "@head", "partial.json"])
    #expect(kept.stdout == "")
    #expect(kept.stderr.contains("1 kind is in the catalog but not in the file, and would be kept"))
    #expect(
      try session.run(["import", "partial.json", "--dry-run"]).stdout.hasPrefix("no changes"))
    let pruned = try session.run(["diff", "@head", "partial.json", "--prune"], expect: 1).stdout
    #expect(pruned == "- tile-preview  [breaking: ENTRY_REMOVED]\n")

    let v1 = String(decoding: try directory.read("v1.json"), as: UTF8.self)
    try directory.write(
      "reordered.json",
      v1.replacingOccurrences(
        of: #""payload": {"n": 1, "m": 2}"#, with: #""payload": {"m": 2, "n": 1}"#)
    )
    try directory.write(
      "inserted.json",
      v1.replacingOccurrences(
        of: #""payload": {"n": 1, "m": 2}"#, with: #""payload": {"n": 1, "new": 0, "m": 2}"#))
    let reordered = try session.run(["diff", "@head", "reordered.json"], expect: 1).stdout
    #expect(
      reordered == """
        ~ badge
          /payload: ["n","m"] → ["m","n"]  [metadata: MEMBERS_REORDERED]

        """)
    #expect(
      try session.run(["import", "reordered.json", "--dry-run"]).stdout.hasPrefix(
        "dry run: would write revision 2: 0 added, 1 changed, 0 removed"))
    for file in ["reordered.json", "inserted.json"] {
      let patch = try session.run(["diff", "@head", file, "--format", "json-patch"], expect: 1)
        .stdout
      let before = try session.export(at: "head")
      try session.run(["import", file])
      #expect(try PatchCheck.apply(patch, to: before) == session.export(at: "head"), "\(file)")
      #expect(try session.run(["diff", "@head", file]).stdout == "")
    }
  }

  // 4. Before: importing a file without "deprecated" cleared the mark without a word.
  @Test func importKeepsACatalogDeprecation() throws {
    try session.run(["deprecate", "badge"])
    let diff = try session.run(["diff", "@head", "v1.json"])
    #expect(diff.stdout == "")
    let imported = try session.run(["import", "v1.json"])
    #expect(imported.stdout == "no changes (head is revision 2)\n")
    #expect(
      imported.stderr
        == "note: 1 kind is deprecated in the catalog and the file does not say \"deprecated\", "
        + "so it stays deprecated (\"deprecated\": false or 'catalog undeprecate' clears it): badge\n"
    )
    #expect(try session.run(["show", "badge"]).stdout.contains("\"deprecated\": true"))

    let v1 = String(decoding: try directory.read("v1.json"), as: UTF8.self)
    try directory.write(
      "yes.json",
      v1.replacingOccurrences(
        of: #""kind": "badge","#, with: #""kind": "badge", "deprecated": "yes","#))
    let bad = try session.run(["import", "yes.json"], expect: 65)
    #expect(
      bad.stderr.contains(
        "yes.json:4:35: error: /components/1/deprecated: expected a boolean for \"deprecated\", found a string"
      ), "\(bad.stderr)")
    try directory.write(
      "no.json",
      v1.replacingOccurrences(
        of: #""kind": "badge","#, with: #""kind": "badge", "deprecated": false,"#))
    try session.run(["import", "no.json"])
    #expect(try session.run(["show", "badge"]).stdout.contains("\"deprecated\": false"))
  }

  // 5. Before: restore brought tile-preview back as a new component whose log and blame
  // started at the restore.
  @Test func restoreReversesARename() throws {
    try session.run(["rename", "tile-preview", "tile-card"])
    let restored = try session.run(["restore", "v1"]).stdout
    #expect(restored == "revision 3: 0 added, 1 changed, 0 removed\n")
    let log = try session.run(["log", "tile-preview", "--format", "json"]).stdout
    let items = try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [[String: Any]]
    #expect(items?.map { $0["revision"] as? Int } == [3, 2, 1])
    #expect(items?.first?["previousKind"] as? String == "tile-card")
    let blame = try session.run(["blame", "tile-preview"]).stdout
    #expect(blame.hasPrefix("/kind  "))
    #expect(blame.split(separator: "\n").dropFirst().allSatisfy { $0.contains(" r1 ") })
    #expect(try session.run(["diff", "@v1", "@head"]).stdout == "")
  }

  // 6. Before: `show tile-card --at v1` said tile-card was not in the catalog at revision 1.
  @Test func showFollowsRenames() throws {
    try session.run(["rename", "tile-preview", "tile-card"])
    let shown = try session.run(["show", "tile-card", "--at", "v1"])
    #expect(shown.stdout.hasPrefix("{\n  \"kind\": \"tile-preview\",\n"))
    #expect(
      shown.stderr == "note: tile-card was named tile-preview at v1; showing it under that name\n")
  }

  /// A kind re-spelled in another Unicode normalization (`café` precomposed, then `cafe` and a
  /// combining accent) is the same component to an import, which records it renamed (its
  /// bytes are kept, so it is a change); `diff @head FILE` shows what the import records.
  /// Before: the diff said `+ café ENTRY_ADDED` and `- café ENTRY_REMOVED` while the import
  /// said `0 added, 1 changed`, and `diff @1 @2` after it `ENTRY_RENAMED`.
  @Test func aKindRespelledInAnotherNormalizationIsARenameInEveryAnswer() throws {
    func document(kind: String) -> String {
      #"{"components": [{"kind": "\#(kind)", "category": "c", "description": "d", "payload": 1}]}"#
    }
    let session = try CatalogSession(importing: document(kind: #"caf\u00e9"#))
    try session.directory.write("nfd.json", document(kind: #"cafe\u0301"#))
    let (precomposed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
    let expected = """
      ~ \(decomposed) (renamed from \(precomposed))
        /kind: "\(precomposed)" → "\(decomposed)"  [breaking: ENTRY_RENAMED]

      """
    let preview = try session.run(["diff", "@head", "nfd.json"], expect: 1).stdout
    #expect(Array(preview.utf8) == Array(expected.utf8), "\(preview)")
    let json = try session.run(["diff", "@head", "nfd.json", "--format", "json"], expect: 1)
    let counts = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?[
        "counts"] as? [String: Int])
    #expect(counts["added"] == 0 && counts["changed"] == 1 && counts["removed"] == 0)
    let imported = try session.run(["import", "nfd.json"]).stdout
    #expect(imported.hasPrefix("revision 2: 0 added, 1 changed, 0 removed"), "\(imported)")
    let recorded = try session.run(["diff", "@1", "@2"], expect: 1).stdout
    #expect(Array(recorded.utf8) == Array(preview.utf8), "\(recorded)")
    try session.run(["diff", "@head", "nfd.json"])
  }
}

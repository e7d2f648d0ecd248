import Components
import Foundation
import TestSupport
import Testing

/// The document frame through the built binary, on both engines: top-level members other
/// than `components` (a `"$schema"`, a `"version"`) and the bare-array form are kept with
/// the revision and exported back in place, byte for byte; a change to them alone is a
/// revision; broken or duplicated top-level members are located errors.
@Suite("document frame: top-level members and form")
struct DocumentFrameTests {
  /// A file with members before and after `components`, in the export's layout.
  static let framed = """
    {
      "$schema": "https://example.com/components.schema.json",
      "components": [
        {
          "kind": "tile",
          "category": "Display",
          "description": "A tile",
          "payload": {
            "title": "Größe",
            "sizes": [
              1,
              2.50
            ],
            "empty": {}
          }
        },
        {
          "kind": "badge",
          "description": "A badge",
          "category": "Display",
          "payload": [],
          "owner": "ui"
        }
      ],
      "version": 3,
      "meta": {
        "owners": [
          "ann",
          "bob"
        ],
        "notes": []
      }
    }

    """

  /// The same entries as a bare array, in the export's layout for one.
  static let bare = """
    [
      {
        "kind": "tile",
        "category": "Display",
        "description": "A tile",
        "payload": {
          "title": "Größe",
          "sizes": [
            1,
            2.50
          ],
          "empty": {}
        }
      }
    ]

    """

  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test(arguments: TestEngine.allCases)
  func membersAroundComponentsExportInPlace(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write("framed.json", Self.framed)
    #expect(
      try directory.runCatalog(["import", "framed.json"], expect: 0, database: db).stdout
        == "revision 1: 2 added, 0 changed, 0 removed\n")
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == Self.framed)
    // The same file again writes nothing.
    #expect(
      try directory.runCatalog(["import", "framed.json"], expect: 0, database: db).stdout
        == "no changes (head is revision 1)\n")
    // An export of one category keeps the frame too.
    let display = try directory.runCatalog(
      ["export", "--category", "Display"], expect: 0, database: db)
    #expect(display.stdout == Self.framed)
    try directory.runCatalog(["doctor"], expect: 0, database: db)
  }

  @Test(arguments: TestEngine.allCases)
  func aBareArrayRoundTrips(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write("bare.json", Self.bare)
    try directory.runCatalog(["import", "bare.json"], expect: 0, database: db)
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == Self.bare)
    #expect(
      try directory.runCatalog(["import", "bare.json"], expect: 0, database: db).stdout
        == "no changes (head is revision 1)\n")
    // The same entries wrapped: only the form changed, and that is a revision.
    let wrapped =
      "{\n  \"components\": " + Self.bare.dropLast().replacingOccurrences(of: "\n", with: "\n  ")
      + "\n}\n"
    try directory.write("wrapped.json", wrapped)
    #expect(
      try directory.runCatalog(["import", "wrapped.json"], expect: 0, database: db).stdout
        == "revision 2: 0 added, 0 changed, 0 removed, document frame changed\n")
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == wrapped)
    #expect(
      try directory.runCatalog(["export", "--at", "1"], expect: 0, database: db).stdout == Self.bare
    )
    // An empty bare array, as Python writes it.
    try directory.write("empty.json", "[]\n")
    try directory.runCatalog(["import", "empty.json", "--prune"], expect: 0, database: db)
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == "[]\n")
  }

  @Test(arguments: TestEngine.allCases)
  func changingOnlyAMemberIsARevision(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write("v3.json", Self.framed)
    let v4 = Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4")
    try directory.write("v4.json", v4)
    try directory.runCatalog(["import", "v3.json"], expect: 0, database: db)
    #expect(
      try directory.runCatalog(["import", "v4.json", "--dry-run"], expect: 0, database: db).stdout
        == "dry run: would write revision 2: 0 added, 0 changed, 0 removed, document frame changed\n"
    )
    #expect(
      try directory.runCatalog(["import", "v4.json", "-m", "bump"], expect: 0, database: db).stdout
        == "revision 2: 0 added, 0 changed, 0 removed, document frame changed\n")
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == v4)
    #expect(
      try directory.runCatalog(["export", "--at", "1"], expect: 0, database: db).stdout
        == Self.framed)
    let json = try directory.runCatalog(
      ["import", "v3.json", "--format", "json"], expect: 0, database: db)
    #expect(json.stdout.contains(#""frameChanged": true"#), "\(json)")
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == Self.framed)
    // Restore brings back the frame of the revision restored.
    try directory.runCatalog(["restore", "2"], expect: 0, database: db)
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == v4)
    try directory.runCatalog(["doctor"], expect: 0, database: db)
  }

  @Test(arguments: TestEngine.allCases)
  func brokenAndDuplicatedMembersAreLocated(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write(
      "broken.json", "{\n  \"$schema\": \"x\",\n  \"components\": [],\n  \"version\": [1, }\n}\n")
    #expect(
      try directory.runCatalog(["import", "broken.json"], expect: 65, database: db).stderr
        == "broken.json:4:18: error: invalid JSON: unexpected character '}'; expected a JSON value\n"
    )
    try directory.write(
      "twice.json",
      "{\n  \"version\": 1,\n  \"components\": [],\n  \"version\": 2,\n  \"components\": []\n}\n")
    #expect(
      try directory.runCatalog(["import", "twice.json"], expect: 65, database: db).stderr
        == """
        twice.json:4:3: error: /version: duplicate key "version"
        twice.json:5:3: error: /components: duplicate key "components"

        """)
    try directory.write("nested.json", "{\"components\": [], \"meta\": {\"a\": \"\\ud800\"}}")
    #expect(
      try directory.runCatalog(["import", "nested.json"], expect: 65, database: db).stderr
        .hasPrefix(
          "nested.json:1:35: error: /meta/a: string holds a lone surrogate"))
    // Nothing was written by any of them: the first revision is the next import's.
    try directory.write("framed.json", Self.framed)
    #expect(
      try directory.runCatalog(["import", "framed.json"], expect: 0, database: db).stdout
        == "revision 1: 2 added, 0 changed, 0 removed\n")
  }

  @Test(arguments: TestEngine.allCases)
  func copyCarriesFrames(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write("framed.json", Self.framed)
    try directory.write("bare.json", Self.bare)
    try directory.runCatalog(["import", "framed.json"], expect: 0, database: db)
    try directory.runCatalog(["import", "bare.json", "--prune"], expect: 0, database: db)
    // To the other engine and back.
    let other = try (engine == .sqlite ? TestEngine.postgresql : .sqlite).makeLocation()
    defer { withExtendedLifetime(other) {} }
    try directory.runCatalog(["copy", db, other.text], expect: 0, database: db)
    for revision in ["1", "2"] {
      #expect(
        try directory.runCatalog(["export", "--at", revision], expect: 0, database: other.text)
          .stdoutBytes
          == directory.runCatalog(["export", "--at", revision], expect: 0, database: db).stdoutBytes
      )
    }
    #expect(
      try directory.runCatalog(["export"], expect: 0, database: other.text).stdout == Self.bare)
    try directory.runCatalog(["doctor"], expect: 0, database: other.text)
  }

  @Test(arguments: TestEngine.allCases)
  func patchChangesATopLevelMember(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write("framed.json", Self.framed)
    try directory.runCatalog(["import", "framed.json"], expect: 0, database: db)
    try directory.write(
      "bump.json",
      #"[{"op": "test", "path": "/version", "value": 3}, {"op": "replace", "path": "/version", "value": 4}]"#
    )
    #expect(
      try directory.runCatalog(["patch", "bump.json"], expect: 0, database: db).stdout
        == "revision 2: 0 added, 0 changed, 0 removed, document frame changed\n")
    #expect(
      try directory.runCatalog(["export"], expect: 0, database: db).stdout
        == Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4"))
  }

  /// The framed file with `"version": 4`, a `"$id"` added first, `"meta"` removed and a
  /// `"$schema"` moved after `components`.
  static let reframed =
    (["{", #"  "$id": "catalog","#]
    + framed.split(separator: "\n").dropFirst(2).prefix { !$0.hasPrefix(#"  "version""#) }
    .map(String.init)
    + [#"  "version": 4,"#, #"  "$schema": "https://example.com/components.schema.json""#, "}"])
    .joined(separator: "\n") + "\n"

  @Test(arguments: TestEngine.allCases)
  func diffReportsFrameChanges(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write("v3.json", Self.framed)
    let v4 = Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4")
    try directory.write("v4.json", v4)
    let text = "* document\n  /version: 3 → 4\n"
    #expect(
      try directory.runCatalog(["diff", "v3.json", "v4.json"], expect: 1, database: db).stdout
        == text)
    try directory.runCatalog(["import", "v3.json"], expect: 0, database: db)
    // What an import would record, a file against a revision, and the revision after it.
    #expect(
      try directory.runCatalog(["diff", "@head", "v4.json"], expect: 1, database: db).stdout == text
    )
    #expect(
      try directory.runCatalog(["diff", "v4.json", "@head"], expect: 1, database: db).stdout
        == "* document\n  /version: 4 → 3\n")
    try directory.runCatalog(["import", "v4.json"], expect: 0, database: db)
    #expect(try directory.runCatalog(["diff", "@1", "@2"], expect: 1, database: db).stdout == text)
    #expect(
      try directory.runCatalog(["diff", "@1", "@2", "--stat"], expect: 1, database: db).stdout
        == " document frame changed\n")
    // A frame change has no class: --fail-on breaking passes, --quiet still says "differs".
    try directory.runCatalog(
      ["diff", "@1", "@2", "--fail-on", "breaking"], expect: 0, database: db)
    try directory.runCatalog(["diff", "@1", "@2", "--quiet"], expect: 1, database: db)
    #expect(
      try directory.runCatalog(["diff", "@1", "@2", "--name-only"], expect: 1, database: db).stdout
        == "* document\n")
    let json = try directory.runCatalog(
      ["diff", "@1", "@2", "--format", "json"], expect: 1, database: db)
    let summary = try JSONValue(parsing: json.stdout)
    #expect(
      summary[JSONPointer(["document"])]
        == (try JSONValue(parsing: #"{"members": [{"path": "/version", "old": 3, "new": 4}]}"#)))
    let patch = try directory.runCatalog(
      ["diff", "@1", "@2", "--format", "json-patch"], expect: 1, database: db)
    #expect(
      try JSONValue(parsing: patch.stdout)
        == JSONValue(parsing: #"[{"op": "replace", "path": "/version", "value": 4}]"#))
    // log and show say what the revision did.
    let show = try directory.runCatalog(["show", "2"], expect: 0, database: db).stdout
    #expect(show.contains("Counts:  0 added, 0 changed, 0 removed, document frame changed\n"))
    #expect(show.hasSuffix(text))
    let log = try directory.runCatalog(["log", "--format", "json"], expect: 0, database: db).stdout
    // Only the second changed it: the first is where the catalog starts (no phantom change
    // from the plain {"components": [...]} of revision 0).
    #expect(log.components(separatedBy: #""frameChanged": true"#).count == 2, "\(log)")
  }

  /// The JSON Patch of a reordered, added, removed and changed set of top-level members,
  /// applied to the old document (by the catalog's own apply and by `catalog patch`), gives
  /// the new document byte for byte.
  @Test(arguments: TestEngine.allCases)
  func aJSONPatchOfFramesAppliesToGiveTheNewDocument(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let db = location.text
    try directory.write("old.json", Self.framed)
    try directory.write("new.json", Self.reframed)
    for withTests in [false, true] {
      let patch = try directory.runCatalog(
        ["diff", "old.json", "new.json", "--format", "json-patch"]
          + (withTests ? ["--with-tests"] : []), expect: 1, database: db
      ).stdout
      #expect(try PatchCheck.apply(patch, to: Array(Self.framed.utf8)) == Array(Self.reframed.utf8))
    }
    try directory.runCatalog(["import", "old.json"], expect: 0, database: db)
    try directory.runCatalog(["import", "new.json"], expect: 0, database: db)
    let patch = try directory.runCatalog(
      ["diff", "@1", "@2", "--format", "json-patch"], expect: 1, database: db)
    #expect(
      try PatchCheck.apply(patch.stdout, to: Array(Self.framed.utf8))
        == Array(Self.reframed.utf8))
    try directory.write("change.json", patch.stdout)
    try directory.runCatalog(["restore", "1"], expect: 0, database: db)
    try directory.runCatalog(["patch", "change.json"], expect: 0, database: db)
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == Self.reframed)
    // A change of form, both ways: an object's entries become the whole document
    // (`move /components → ""`); a bare array cannot be wrapped in an object without
    // repeating its entries, so NEW replaces the root.
    try directory.write("bare.json", Self.bare)
    for (old, new) in [
      ("old.json", "bare.json"), ("bare.json", "old.json"), ("bare.json", "new.json"),
    ] {
      for withTests in [false, true] {
        let patch = try directory.runCatalog(
          ["diff", old, new, "--format", "json-patch"] + (withTests ? ["--with-tests"] : []),
          expect: 1, database: db
        ).stdout
        #expect(
          try PatchCheck.apply(patch, to: directory.read(old)) == directory.read(new),
          "\(old) → \(new): \(patch)")
      }
    }
    let wrapped = try directory.runCatalog(
      ["diff", "bare.json", "new.json", "--format", "json-patch"], expect: 1, database: db)
    #expect(
      try JSONValue(parsing: wrapped.stdout)
        == .array([
          .object(
            JSONObject([
              .init(key: "op", value: "replace"), .init(key: "path", value: ""),
              .init(key: "value", value: try JSONValue(parsing: Self.reframed)),
            ]))
        ]))
    // NEW on stdin, which is read once, and NEW a revision.
    let piped = try CatalogProcess.run(
      ["diff", "bare.json", "-", "--format", "json-patch", "--with-tests"], in: directory,
      stdin: Array(Self.framed.utf8), environment: ["CATALOG_DATABASE": db])
    #expect(piped.status == 1, "\(piped)")
    #expect(
      try PatchCheck.apply(piped.stdout, to: Array(Self.bare.utf8)) == Array(Self.framed.utf8))
    let fromRevision = try directory.runCatalog(
      ["diff", "bare.json", "@head", "--format", "json-patch"], expect: 1, database: db)
    #expect(
      try PatchCheck.apply(fromRevision.stdout, to: Array(Self.bare.utf8))
        == Array(Self.reframed.utf8))
    // Between revisions too, and `catalog patch` makes the catalog a bare array.
    try directory.runCatalog(["import", "bare.json", "--prune"], expect: 0, database: db)
    let toBare = try directory.runCatalog(
      ["diff", "@4", "@5", "--format", "json-patch"], expect: 1, database: db)
    #expect(
      try PatchCheck.apply(toBare.stdout, to: Array(Self.reframed.utf8)) == Array(Self.bare.utf8))
    try directory.write("to-bare.json", toBare.stdout)
    try directory.runCatalog(["restore", "4"], expect: 0, database: db)
    try directory.runCatalog(["patch", "to-bare.json"], expect: 0, database: db)
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == Self.bare)
  }

  /// `revert` undoes a frame change like any other, and refuses when a later revision
  /// changed the same member.
  @Test func revertUndoesAFrameChange() throws {
    let location = try TestEngine.sqlite.makeLocation()
    let db = location.text
    try directory.write("v3.json", Self.framed)
    try directory.write(
      "v4.json", Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4"))
    try directory.write(
      "v5.json", Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 5"))
    try directory.runCatalog(["import", "v3.json"], expect: 0, database: db)
    try directory.runCatalog(["import", "v4.json"], expect: 0, database: db)
    #expect(
      try directory.runCatalog(["revert", "2"], expect: 0, database: db).stdout
        == "revision 3: 0 added, 0 changed, 0 removed, document frame changed\n")
    #expect(try directory.runCatalog(["export"], expect: 0, database: db).stdout == Self.framed)
    try directory.runCatalog(["import", "v4.json"], expect: 0, database: db)
    try directory.runCatalog(["import", "v5.json"], expect: 0, database: db)
    let refused = try directory.runCatalog(["revert", "4"], expect: 65, database: db)
    #expect(refused.stderr.contains("the document: /version"), "\(refused)")
  }

  /// `merge` merges top-level members as an entry's other members: a change on one side is
  /// taken; different changes to one member are a conflict, reported, with ours kept.
  @Test func mergeMergesTopLevelMembers() throws {
    let v4 = Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4")
    let withID = Self.framed.replacingOccurrences(
      of: "{\n  \"$schema\"", with: "{\n  \"$id\": \"catalog\",\n  \"$schema\"")
    try directory.write("base.json", Self.framed)
    try directory.write("ours.json", v4)
    try directory.write("theirs.json", withID)
    let clean = try CatalogProcess.run(
      ["merge", "base.json", "ours.json", "theirs.json"], in: directory)
    #expect(clean.status == 0, "\(clean)")
    #expect(
      clean.stdout
        == withID.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4"))
    try directory.write(
      "theirs5.json", Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 5")
    )
    let conflict = try CatalogProcess.run(
      ["merge", "base.json", "ours.json", "theirs5.json", "--name", "components.json"],
      in: directory)
    #expect(conflict.status == 1, "\(conflict)")
    #expect(conflict.stdout == v4)
    #expect(
      conflict.stderr
        == "components.json:1: conflict: top-level member /version: both sides changed it "
        + "differently; the result keeps ours\n")
    // The JSON report lists it with the entries' conflicts.
    let report = try CatalogProcess.run(
      ["merge", "base.json", "ours.json", "theirs5.json", "--format", "json", "-o", "out.json"],
      in: directory)
    #expect(report.status == 1, "\(report)")
    let value = try JSONValue(parsing: report.stdout)
    #expect(value[JSONPointer(["clean"])] == .bool(false))
    #expect(
      value[JSONPointer(["conflicts"])]
        == (try JSONValue(
          parsing:
            #"[{"kind": null, "path": "/version", "line": 1, "reason": "BOTH_CHANGED", "base": 3, "ours": 4, "theirs": 5}]"#
        )))
    #expect(value[JSONPointer(["counts", "conflicts"])] == (try JSONValue(parsing: "1")))
  }

  /// git's drivers keep the frame: textconv writes the file in its own frame, and the
  /// external diff shows a change of a top-level member.
  @Test func gitDriversShowTheFrame() throws {
    let compact = Self.framed.replacingOccurrences(of: "\n", with: "")
      .replacingOccurrences(of: "  ", with: "")
    try directory.write("compact.json", compact)
    let textconv = try CatalogProcess.run(["git", "textconv", "compact.json"], in: directory)
    #expect(textconv.status == 0, "\(textconv)")
    #expect(textconv.stdout == Self.framed)
    try directory.write("v3.json", Self.framed)
    try directory.write(
      "v4.json", Self.framed.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4"))
    let diff = try CatalogProcess.run(
      [
        "git", "diff", "components.json", "v3.json", "0000000", "100644", "v4.json", "1111111",
        "100644",
      ], in: directory)
    #expect(diff.status == 0, "\(diff)")
    #expect(diff.stdout.hasSuffix("* document\n  /version: 3 → 4\n"), "\(diff)")
  }
}

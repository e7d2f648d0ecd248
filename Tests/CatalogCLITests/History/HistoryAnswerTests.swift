import Foundation
import TestSupport
import Testing

/// `log --path P` with `-p` and `--oneline`, a user's `"deprecated": false` through deprecate
/// and undeprecate, and the did-you-mean of a former name.
@Suite("history answers: log --path -p and --oneline, deprecated false, former-name hints")
struct HistoryAnswerTests {
  static func catalog(_ engine: TestEngine) throws -> CatalogRunner {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "v1.json",
      """
      [{"kind": "tile", "category": "Display", "description": "A tile",
        "payload": {"title": "Hero", "n": 1}},
       {"kind": "badge", "category": "Badges", "description": "A badge",
        "payload": {"title": "B", "n": 1}}]
      """)
    try runner.run(["import", "v1.json"])
    try location.directory.write(
      "v2.json",
      """
      [{"kind": "tile", "category": "Display", "description": "A tile v2",
        "payload": {"title": "Hero v2", "n": 2}},
       {"kind": "badge", "category": "Badges", "description": "A badge",
        "payload": {"title": "B", "n": 2}}]
      """)
    try runner.run(["import", "v2.json"])
    return runner
  }

  @Test(arguments: TestEngine.allCases)
  func logPathShowsOnlyThatPath(_ engine: TestEngine) throws {
    let runner = try Self.catalog(engine)
    let patched = try runner.run(["log", "--path", "/payload/title", "-p", "--limit", "1"]).stdout
    #expect(
      patched.hasSuffix(
        "Counts:  0 added, 2 changed, 0 removed\n\n~ tile\n"
          + "  /payload/title: \"Hero\" → \"Hero v2\"  [value: VALUE_CHANGED]\n"), "\(patched)")
    #expect(!patched.contains("/payload/n") && !patched.contains("badge"))
    #expect(
      try runner.run(["log", "--path", "/payload/title", "--oneline"]).stdout
        == "2 v2.json (import)  tile\n1 v1.json (import)  badge, tile\n")
    #expect(
      try runner.run(["log", "--path", "/payload/n", "--oneline"]).stdout
        == "2 v2.json (import)  badge, tile\n1 v1.json (import)  badge, tile\n")
    let stat = try runner.run(["log", "--path", "/description", "--stat", "--limit", "1"]).stdout
    #expect(stat.contains("\n tile | 1 ~\n 1 kind: "), "\(stat)")
    // A kind's log with --path -p: that kind's changes there only.
    let kind = try runner.run(["log", "tile", "--path", "/payload/n", "-p", "--limit", "1"]).stdout
    #expect(kind.hasSuffix("~ tile\n  /payload/n: 1 → 2  [value: VALUE_CHANGED]\n"), "\(kind)")
  }

  @Test(arguments: TestEngine.allCases)
  func aWrittenDeprecatedFalseSurvivesDeprecateAndUndeprecate(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    let document = """
      {
        "components": [
          {
            "kind": "k",
            "deprecated": false,
            "category": "c",
            "description": "d",
            "payload": {}
          },
          {
            "kind": "plain",
            "category": "c",
            "description": "d",
            "payload": {}
          }
        ]
      }

      """
    try location.directory.write("k.json", document)
    try runner.run(["import", "k.json"])
    try runner.run(["deprecate", "k"])
    try runner.run(["deprecate", "plain"])
    let deprecated = try runner.run(["export"]).stdout
    #expect(deprecated.contains(#""kind": "k",\#n      "deprecated": true,"#), "\(deprecated)")
    try runner.run(["undeprecate", "k"])
    try runner.run(["undeprecate", "plain"])
    #expect(try runner.run(["export"]).stdout == document)
    #expect(
      try runner.run(["show", "4"]).stdout.hasSuffix(
        "/deprecated: true → false  [metadata: METADATA_CHANGED]\n"))
  }

  @Test(arguments: TestEngine.allCases)
  func aTypoOfAFormerNameGetsADidYouMean(_ engine: TestEngine) throws {
    let runner = try RenameFollowingTests.renamed(engine)
    let message =
      "catalog: error: no component of kind \"tile-previw\" has ever been in the catalog; "
      + "did you mean "
      + #""tile-card"? ("tile-preview" was renamed to "tile-card" in revision 2)"#
    let shown = try runner.run(["show", "tile-previw", "--at", "head"], expect: 65).stderr
    #expect(shown.hasPrefix(message), "\(shown)")
    #expect(try runner.run(["blame", "tile-previw"], expect: 65).stderr.hasPrefix(message))
    // A typo of a kind at head still names it.
    #expect(
      try runner.run(["blame", "tile-crd"], expect: 65).stderr.contains(
        #"did you mean "tile-card"?"#))
  }
}

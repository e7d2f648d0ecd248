import Foundation
import TestSupport
import Testing

/// `log`'s git habits: `-n N`, `--grep`, repeated `--author`, `-p --stat` together, and an
/// option a format would ignore refused (64); on both engines.
@Suite("log: -n, --grep, repeated --author, -p --stat")
struct LogOptionsTests {
  static func entry(_ kind: String, title: String) -> String {
    #"{"kind": "\#(kind)", "category": "Display", "description": "A tile", "payload": {"title": "\#(title)"}}"#
  }

  /// Three revisions: ann's first, bob's title fix, carol's new kind.
  static func runner(_ engine: TestEngine) throws -> (CatalogRunner, TestLocation) {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    let revisions = [
      ("ann", "first import", [entry("tile", title: "Now")]),
      ("bob", "fix the title", [entry("tile", title: "Later")]),
      ("carol", "add a knob", [entry("tile", title: "Later"), entry("knob", title: "K")]),
    ]
    for (author, message, entries) in revisions {
      try runner.directory.write(
        "c.json", #"{"components": [\#(entries.joined(separator: ", "))]}"#)
      try runner.run(
        ["import", "c.json", "-m", message], environment: ["CATALOG_AUTHOR": author])
    }
    return (runner, location)
  }

  static func revisions(_ oneline: String) -> [String] {
    oneline.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) }
  }

  @Test(arguments: TestEngine.allCases)
  func filtersAndLimitsAsGitDoes(engine: TestEngine) throws {
    let (runner, location) = try Self.runner(engine)
    _ = location
    #expect(
      try runner.run(["log", "-n", "1", "--oneline"]).stdout
        == runner.run(["log", "--limit", "1", "--oneline"]).stdout)
    #expect(Self.revisions(try runner.run(["log", "-n", "2", "--oneline"]).stdout) == ["3", "2"])
    let either = try runner.run(["log", "--author", "ann", "--author", "bob", "--oneline"])
    #expect(Self.revisions(either.stdout) == ["2", "1"], "\(either)")
    #expect(
      Self.revisions(try runner.run(["log", "--grep", "title", "--oneline"]).stdout) == ["2"])
    #expect(
      Self.revisions(
        try runner.run(["log", "--grep", "knob", "--grep", "first", "--oneline"])
          .stdout) == ["3", "1"])
    // The filters combine: bob's revision is not carol's.
    #expect(try runner.run(["log", "--grep", "title", "--author", "carol"]).stdout == "")
    // In JSON too, and for one kind's history.
    let json = try runner.run(["log", "--author", "bob", "--author", "carol", "--format", "json"])
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(items.map { $0["revision"] as? Int } == [3, 2])
    #expect(
      Self.revisions(try runner.run(["log", "tile", "--grep", "fix", "--oneline"]).stdout) == ["2"])
  }

  @Test(arguments: TestEngine.allCases)
  func patchAndStatTogether(engine: TestEngine) throws {
    let (runner, location) = try Self.runner(engine)
    _ = location
    let stat = Array(try runner.run(["log", "-n", "1", "--stat"]).stdout.utf8)
    let patch = Array(try runner.run(["log", "-n", "1", "-p"]).stdout.utf8)
    let both = try runner.run(["log", "-n", "1", "-p", "--stat"]).stdout
    // The revision's header is what the two outputs share; then the stat lines, a blank
    // line, and the changes.
    let shared = zip(stat, patch).prefix(while: { $0 == $1 }).count
    #expect(shared > 0 && shared < stat.count && shared < patch.count)
    #expect(
      Array(both.utf8) == stat + Array("\n".utf8) + patch[shared...],
      "\(both)")
    #expect(both.contains(" knob | added") && both.contains("+ knob  [additive: ENTRY_ADDED]"))
  }

  @Test func anOptionTheFormatIgnoresIsAUsageError() throws {
    let (runner, _) = try Self.runner(.sqlite)
    let result = try runner.run(["log", "--format", "json", "--oneline"], expect: 64)
    #expect(
      result.stderr.hasPrefix(
        "catalog: error: '--oneline' cannot be used with '--format json'"), "\(result)")
    #expect(result.stdout.isEmpty)
    try runner.run(["log", "--oneline", "--stat"], expect: 64)
  }
}

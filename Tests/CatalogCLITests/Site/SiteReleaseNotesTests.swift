import Foundation
import TestSupport
import Testing

/// Releases as release notes (issue 35, item 3): `releases.html` and each release page show
/// the tag's message, its date, who tagged it, when it moved (from the tag's recorded
/// events) and the counts of what changed since the release before, from the change model;
/// the release page the tag's recorded digest. Both engines, through the built binary.
@Suite("catalog site: release notes")
struct SiteReleaseNotesTests {
  static func document(_ entries: [(String, Int)]) -> String {
    let items = entries.map {
      #"{"kind": "\#($0.0)", "category": "C", "description": "d", "payload": {"v": \#($0.1)}}"#
    }
    return "{\"components\": [" + items.joined(separator: ", ") + "]}\n"
  }

  @Test(arguments: TestEngine.allCases)
  func releasesShowMessageTaggerMoveAndCounts(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    let directory = location.directory
    try directory.write("one.json", Self.document([("a", 1), ("b", 1), ("c", 1)]))
    // Against one: d added, c removed, a changed.
    try directory.write("two.json", Self.document([("a", 2), ("b", 1), ("d", 1)]))
    try directory.write("three.json", Self.document([("a", 3), ("b", 1), ("d", 1)]))
    for file in ["one.json", "two.json", "three.json"] {
      try runner.run(["import", file, "--prune"])
    }
    try runner.run(["tag", "v1", "1", "-m", "First <release>"])
    try runner.run(["tag", "v2", "2", "--author", "bob"])
    try runner.run(["tag", "-f", "v2", "3", "--author", "carol"])
    try runner.run(["site", "-o", "site"])

    let events =
      try #require(
        try JSONSerialization.jsonObject(
          with: Data(try runner.run(["tag", "--history", "--format", "json"]).stdout.utf8))
          as? [String: Any])["events"] as? [[String: Any]]
    let times = (events ?? []).map { $0["time"] as? String ?? "" }
    try #require(times.count == 3)

    let list = try String(contentsOfFile: directory.path("site/releases.html"), encoding: .utf8)
    #expect(
      list.contains(
        "v2</a> at <a href=\"revisions/3.html\">r3</a>, tagged by bob on <time>\(times[1])</time>, "
          + "moved <time>\(times[2])</time> <span class=\"counts\">(1 added, 1 removed, 1 changed)"
          + "</span>"), "\(list)")
    #expect(
      list.contains(
        "tagged by ann on <time>\(times[0])</time> <q class=\"message\">First &lt;release&gt;</q>"),
      "\(list)")

    let v2 = try String(contentsOfFile: directory.path("site/releases/v2.html"), encoding: .utf8)
    #expect(v2.contains("<dt>Tagged by</dt><dd>bob</dd>"), "\(v2)")
    #expect(
      v2.contains(
        "<dt>Moved</dt><dd><time>\(times[2])</time> by carol, from <a href=\"../revisions/2.html\">"
      ),
      "\(v2)")
    let digest = try runner.run(["export", "--at", "3", "--digest"]).stdout
    #expect(v2.contains("<dt>Digest</dt><dd><code>\(digest.dropLast())</code>"), "\(v2)")
    #expect(v2.contains("<p class=\"counts\">1 added, 1 removed, 1 changed</p>"), "\(v2)")
    let v1 = try String(contentsOfFile: directory.path("site/releases/v1.html"), encoding: .utf8)
    #expect(v1.contains("<p class=\"message\">First &lt;release&gt;</p>"), "\(v1)")
  }
}

import Foundation
import TestSupport
import Testing

/// `catalog tag` like git's: re-tagging is a no-op, `-f` moves a tag and the move is
/// recorded, `-m` annotates, `--author` and `--expect-head` as for every write; on both
/// engines, through the built binary.
@Suite struct TagCommandTests {
  static func document(_ kinds: [String]) -> String {
    let entries = kinds.map {
      #"{"kind": "\#($0)", "category": "C", "description": "d", "payload": {}}"#
    }
    return "{\"components\": [" + entries.joined(separator: ", ") + "]}\n"
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(arguments: TestEngine.allCases) func tagsMoveAndAnnotateLikeGits(_ engine: TestEngine)
    throws
  {
    let location = try engine.makeLocation()
    let directory = location.directory
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try directory.write("one.json", Self.document(["a"]))
    try directory.write("two.json", Self.document(["a", "b"]))
    try runner.run(["import", "one.json"])
    try runner.run(["import", "two.json"])

    #expect(
      try runner.run(["tag", "v1", "1", "-m", "First"]).stdout == "tagged revision 1 as v1\n")
    // A release job run twice: the same name on the same revision is a no-op.
    #expect(try runner.run(["tag", "v1", "1"]).stdout == "tag v1 already names revision 1\n")
    let again = try Self.json(try runner.run(["tag", "v1", "1", "--format", "json"]).stdout)
    #expect(again["action"] as? String == "unchanged")
    // Another revision needs -f.
    #expect(
      try runner.run(["tag", "v1"], expect: 65).stderr
        == "catalog: error: tag 'v1' already names revision 1; use -f to move it\n")
    // Compare-and-set on head, as for every writing command: nothing written.
    #expect(
      try runner.run(["tag", "v2", "--expect-head", "1"], expect: 75).stderr
        == "catalog: error: head is revision 2, expected 1\n")
    #expect(try runner.run(["tag", "--list"]).stdout.hasPrefix("v1\trevision 1\t"))

    #expect(
      try runner.run(["tag", "-f", "v1", "--author", "release-bot", "--expect-head", "2"]).stdout
        == "moved tag v1 from revision 1 to revision 2\n")
    let line = try runner.run(["tag", "--list"]).stdout
    // The tagger stays; the move is said beside it.
    #expect(
      line.hasPrefix("v1\trevision 2\t") && line.contains("\tann\tsha256:")
        && line.hasSuffix(" by release-bot\tFirst\n"), "\(line)")
    // A new message on the same revision needs -f too, and is not a move.
    try runner.run(["tag", "v1", "-m", "Second"], expect: 65)
    #expect(
      try runner.run(["tag", "-f", "v1", "-m", "Second"]).stdout
        == "changed the message of tag v1\n")

    let listed = try Self.json(try runner.run(["tag", "--list", "--format", "json"]).stdout)
    let tags = try #require(listed["tags"] as? [[String: Any]])
    #expect(tags.count == 1)
    #expect(tags.first?["revision"] as? Int == 2)
    #expect(tags.first?["message"] as? String == "Second")
    let moves = try #require(tags.first?["moves"] as? [[String: Any]])
    #expect(moves.count == 1)
    #expect(moves.first?["from"] as? Int == 1 && moves.first?["to"] as? Int == 2)
    #expect(moves.first?["author"] as? String == "release-bot")
    #expect((moves.first?["time"] as? String)?.hasPrefix("20") == true)
    #expect(try runner.run(["export", "--at", "v1"]).stdout.contains("\"b\""))

    // A copy keeps the tag, its message and its recorded move.
    let copy = directory.path("copy.sqlite")
    try runner.run(["copy", location.text, copy])
    let copied = try CatalogProcess.run(
      ["-d", copy, "tag", "--list", "--format", "json"], in: directory)
    let copiedTags = try #require(try Self.json(copied.stdout)["tags"] as? [[String: Any]])
    #expect((copiedTags.first?["moves"] as? [[String: Any]])?.count == 1)
    #expect(copiedTags.first?["message"] as? String == "Second")
  }
}

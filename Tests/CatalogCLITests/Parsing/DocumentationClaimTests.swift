import CatalogCLI
import Foundation
import TestSupport
import Testing

/// What docs/cli.md and README.md say about the command line, checked against the built
/// binary, so that a wrong example or claim is a failing test.
@Suite("docs match the binary")
struct DocumentationClaimTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  /// The repository's root, two levels above Tests/Fixtures.
  static let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

  init() throws {
    runner = try CatalogRunner()
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The fenced block of `document` that follows the line `marker`.
  static func block(after marker: String, in document: String) throws -> String {
    let start = try #require(document.range(of: marker + "\n"), "no \(marker)")
    let rest = document[start.upperBound...]
    let end = try #require(rest.range(of: "\n```\n"))
    return String(rest[..<end.lowerBound]) + "\n"
  }

  @Test func docsStayInsideTheRepository() throws {
    let docs = Self.root.appendingPathComponent("docs")
    let names = try #require(FileManager.default.enumerator(atPath: docs.path)).compactMap {
      $0 as? String
    }.filter { $0.hasSuffix(".md") }
    #expect(names.contains("cli.md"))
    for name in ["README.md"] + names.map({ "docs/" + $0 }) {
      #expect(!(try Self.text(name)).contains("../shared"), "\(name) points outside the repository")
    }
  }

  @Test func theFirstExampleCountsTheExampleFile() throws {
    let example = Self.root.appendingPathComponent("docs/examples/components.json").path
    let result = try runner.run(["import", example, "-m", "Add the hero tile"], expect: 0)
    #expect(result.stdout == "revision 1: 15 added, 0 changed, 0 removed\n")
    #expect(try Self.text("docs/cli.md").contains("# revision 1: 15 added, 0 changed, 0 removed"))
  }

  @Test func diffHelpListsEveryBreakingRule() throws {
    let help = try runner.run(["diff", "--help"], expect: 0).stdout
    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains(
        "breaking (rules KEY_REMOVED, TYPE_CHANGED, INTEGER_BECAME_FRACTION, ELEMENT_REMOVED, "
          + "ENTRY_REMOVED, ENTRY_RENAMED)")
    )
  }

  @Test func thePatchErrorExampleIsTheRealMessage() throws {
    try directory.write(
      "a.json",
      #"[{"kind": "a", "category": "c", "description": "d", "payload": {}}, "#
        + #"{"kind": "b", "category": "c", "description": "d", "payload": {}}, "#
        + #"{"kind": "c", "category": "c", "description": "d", "payload": {}}]"#)
    try runner.run(["import", "a.json"], expect: 0)
    // As `diff --format json-patch` writes a patch: an operation a line.
    try directory.write(
      "change.json",
      """
      [
        {"op":"test","path":"/components/0/kind","value":"a"},
        {"op":"test","path":"/components/1/kind","value":"b"},
        {"op":"replace","path":"/components/2/description","value":"e"},
        {"op":"remove","path":"/components/1/x"}
      ]

      """)
    let result = try runner.run(["patch", "change.json"], expect: 65)
    let documented = try Self.block(
      after: "does not have:\n\n```text", in: try Self.text("docs/cli.md"))
    #expect(result.stderr == documented)
    #expect(documented.hasPrefix("change.json:5:25: error: /3/path: operation 3 ("))
  }

  @Test func theCheckJSONSampleIsTheRealOutput() throws {
    try directory.write(
      "components.json", try Fixtures.bytes("../../docs/examples/components.json"))
    try directory.write(
      "bad.json",
      "{\"components\": [\n {\"kind\": 3, \"category\": \"X\", \"description\": \"d\", \"payload\": {}}\n]}"
    )
    let result = try runner.run(
      ["check", "components.json", "bad.json", "--format", "json"], expect: 65)
    let documented = try Self.block(
      after: "$ catalog check components.json bad.json --format json",
      in: try Self.text("docs/cli.md"))
    #expect(result.stdout == documented)
  }

  @Test func aNewKindGoesWhereTheFilePutsIt() throws {
    try directory.write(
      "a.json",
      #"[{"kind": "b", "category": "c", "description": "d", "payload": {}}, "#
        + #"{"kind": "c", "category": "c", "description": "d", "payload": {}}]"#)
    try directory.write(
      "b.json",
      #"[{"kind": "new", "category": "c", "description": "d", "payload": {}}, "#
        + #"{"kind": "b", "category": "c", "description": "d", "payload": {}}]"#)
    try runner.run(["import", "a.json"], expect: 0)
    try runner.run(["import", "b.json"], expect: 0)
    let exported = try runner.run(["export"], expect: 0).stdout
    let kinds = exported.split(separator: "\n").filter { $0.contains("\"kind\"") }
    #expect(
      kinds.map { $0.trimmingCharacters(in: .whitespaces) } == [
        #""kind": "new","#, #""kind": "b","#, #""kind": "c","#,
      ])
    // A bare array comes back as a bare array.
    #expect(exported.hasPrefix("[\n  {\n"))
  }

  @Test func problemsAreReportedTogetherUntilTheReadingCannotGoOn() throws {
    // Entry members: every problem, in document order.
    try directory.write(
      "members.json",
      "{\"components\": [\n {\"kind\": 4, \"category\": 3},\n {\"kind\": 5}\n]}")
    let members = try runner.run(["check", "members.json"], expect: 65).stderr
    #expect(members.contains("members.json:2:11: error: /components/0/kind:"))
    #expect(members.contains("members.json:3:11: error: /components/1/kind:"))
    // A duplicate key inside a payload ends the reading: it is the last problem reported.
    try directory.write(
      "payload.json",
      "{\"components\": [\n {\"kind\": \"a\", \"category\": \"X\", \"description\": \"d\", "
        + "\"payload\": {\"t\": 1, \"t\": 2}},\n {\"kind\": 5}\n]}")
    let payload = try runner.run(["check", "payload.json"], expect: 65).stderr
    #expect(payload == "payload.json:2:73: error: /components/0/payload: duplicate key \"t\"\n")
  }

  @Test func statBarsAndTagListColumnsAreAsDocumented() throws {
    try directory.write(
      "a.json",
      #"[{"kind": "k", "category": "c", "description": "d", "payload": {"x": 1, "y": 2}}]"#)
    try directory.write(
      "b.json",
      #"[{"kind": "k", "category": "c", "description": "d", "payload": {"y": 3, "z": 1}}]"#)
    let stat = try runner.run(["diff", "a.json", "b.json", "--stat"], expect: 1).stdout
    #expect(stat.hasPrefix(" k | 3 -+~\n"), "\(stat)")
    try runner.run(["import", "a.json"], expect: 0)
    try runner.run(["tag", "v1"], expect: 0)
    let line = try runner.run(["tag", "--list"], expect: 0).stdout
    let columns = line.dropLast().split(separator: "\t", omittingEmptySubsequences: false)
    #expect(columns.count == 6 && columns[0] == "v1" && columns[1] == "revision 1")
    #expect(columns[3] == "tester" && columns[2].hasSuffix("Z"))
    #expect(columns[4].hasPrefix("sha256:") && columns[5] == "-")
  }

  /// The synopsis of `command` in docs/cli.md: the lines of the first `text` block under its
  /// heading (`### import`, `## diff`, `### deprecate and undeprecate`) that start with
  /// `catalog <command>`, with their indented continuation lines.
  static func synopsis(of command: String, in document: String) throws -> String {
    let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
    let heading = try #require(
      lines.firstIndex { line in
        guard line.hasPrefix("## ") || line.hasPrefix("### ") else { return false }
        let title = line.drop { $0 == "#" }.dropFirst()
        return title == command || title.hasPrefix(command + " and ")
          || title.hasSuffix(" and " + command)
      }, "docs/cli.md has no section for \(command)")
    var synopsis: [Substring] = []
    var inBlock = false
    for line in lines[(heading + 1)...] {
      if line.hasPrefix("#") && !inBlock { break }
      if line.hasPrefix("```") {
        if inBlock && !synopsis.isEmpty { break }
        inBlock = line == "```text"
        continue
      }
      guard inBlock else { continue }
      if line.hasPrefix("catalog \(command)") || (!synopsis.isEmpty && line.hasPrefix(" ")) {
        synopsis.append(line)
      }
    }
    try #require(!synopsis.isEmpty, "docs/cli.md: no synopsis for \(command)")
    return synopsis.joined(separator: "\n")
  }

  /// Every option of every command is in that command's synopsis in docs/cli.md (by its long
  /// or its short name), and every option a synopsis names exists: an option added or
  /// removed without its documentation is a failing test.
  @Test(arguments: CatalogCommandTable.root.allCommands.map(\.name))
  func theSynopsisNamesEveryOption(_ name: String) throws {
    let command = try #require(CatalogCommandTable.root.command(named: name))
    let synopsis = try Self.synopsis(of: command.name, in: try Self.text("docs/cli.md"))
    let words = Set(
      synopsis.split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init)
        .filter { $0.hasPrefix("-") })
    var known: Set<String> = ["--database", "-d", "--busy-timeout", "--help", "-h"]
    for option in command.namedArguments {
      var names = ["--" + option.name]
      switch option.kind {
      case .option(let short?, _, _), .flag(let short?): names.append("-\(short)")
      default: break
      }
      known.formUnion(names)
      #expect(
        names.contains(where: words.contains),
        "docs/cli.md: the synopsis of \(command.name) does not name \(names[0])")
    }
    for word in words.sorted() where !known.contains(word) {
      Issue.record(
        "docs/cli.md: the synopsis of \(command.name) names \(word), which it does not take")
    }
  }

}

import Foundation
import TestSupport
import Testing

/// `catalog merge` writes its result in the style of the OURS file (issue 31, item 7): its
/// indentation, line endings, final newline and member order; entries the merge kept as OURS
/// has them are OURS' bytes. Checked against an independent model of `json.dump(indent=…)`,
/// through the binary, and through real git.
@Suite("catalog merge: the result in the style of ours")
struct MergeStyleTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  init() throws {
    runner = try CatalogRunner()
  }

  // MARK: - A model of a file's text

  /// A JSON value with its members in order, and a writer of it in a style.
  indirect enum Node: Equatable {
    case object([(String, Node)])
    case array([Node])
    case string(String)
    case number(Int)
    case bool(Bool)

    static func == (a: Node, b: Node) -> Bool { a.text(Style.canonical) == b.text(Style.canonical) }

    /// `json.dump(value, indent=…)` with `style`'s indent and line ending, at `level`.
    func text(_ style: Style, level: Int = 0) -> String {
      let inner = style.newline + String(repeating: style.indent, count: level + 1)
      let close = style.newline + String(repeating: style.indent, count: level)
      switch self {
      case .string(let text): return "\"\(text)\""
      case .number(let number): return "\(number)"
      case .bool(let value): return value ? "true" : "false"
      case .array(let elements):
        if elements.isEmpty { return "[]" }
        return "[" + inner
          + elements.map { $0.text(style, level: level + 1) }.joined(separator: "," + inner)
          + close + "]"
      case .object(let members):
        if members.isEmpty { return "{}" }
        return "{" + inner
          + members.map { "\"\($0.0)\": " + $0.1.text(style, level: level + 1) }
          .joined(separator: "," + inner) + close + "}"
      }
    }

    /// The member `key` set to `value` (added at the end when absent).
    func setting(_ key: String, _ value: Node) -> Node {
      guard case .object(var members) = self else { return self }
      if let index = members.firstIndex(where: { $0.0 == key }) {
        members[index].1 = value
      } else {
        members.append((key, value))
      }
      return .object(members)
    }

    subscript(key: String) -> Node? {
      guard case .object(let members) = self else { return nil }
      return members.first { $0.0 == key }?.1
    }
  }

  struct Style: CustomStringConvertible {
    var indent: String
    var newline: String
    var finalNewline: Bool
    static let canonical = Style(indent: "  ", newline: "\n", finalNewline: true)
    var description: String { "\(Array(indent.utf8)) \(Array(newline.utf8)) \(finalNewline)" }
  }

  static func document(_ entries: [Node], _ style: Style) -> String {
    Node.object([("components", .array(entries))]).text(style)
      + (style.finalNewline ? style.newline : "")
  }

  /// An entry with its members in `order` (a permutation of the four).
  static func entry(_ index: Int, payload: Node, order: [String]) -> Node {
    let members: [String: Node] = [
      "kind": .string("kind-\(index)"), "category": .string("Display"),
      "description": .string("Entry \(index)"), "payload": payload,
    ]
    return .object(order.map { ($0, members[$0] ?? .bool(false)) })
  }

  func write(_ name: String, _ text: String) throws {
    try directory.write(name, text)
  }

  func read(_ name: String) throws -> String {
    String(decoding: try directory.read(name), as: UTF8.self)
  }

  // MARK: - Property: random styles, disjoint edits

  /// Random files in random non-canonical styles (2 or 4 spaces or a tab, LF or CRLF, with or
  /// without a final newline, members in another order), OURS and THEIRS editing disjoint
  /// entries: the result is exactly OURS with THEIRS' edit written in OURS' style (so every
  /// line outside the entry THEIRS edited is OURS'), and it reads as the same catalog as the
  /// merge of the canonical forms.
  @Test func randomStylesAndDisjointEditsKeepOursText() throws {
    var random = SplitMix64(seed: 0x5717_e0f5)
    let indents = ["  ", "    ", "\t", "   "]
    let orders = [
      ["kind", "category", "description", "payload"],
      ["kind", "description", "category", "payload"],
      ["payload", "kind", "category", "description"],
    ]
    for round in 0..<30 {
      let style = Style(
        indent: indents.randomElement(using: &random) ?? "  ",
        newline: random.chance(0.5) ? "\r\n" : "\n", finalNewline: random.chance(0.5))
      let order = orders.randomElement(using: &random) ?? orders[0]
      let count = Int.random(in: 2...7, using: &random)
      let base = (0..<count).map { index in
        Self.entry(
          index,
          payload: .object([
            ("title", .string("T\(index)")), ("count", .number(index)),
            ("flags", .array((0..<(index % 3)).map { .bool($0 % 2 == 0) })),
            ("nested", .object([("a", .number(1)), ("b", .array([]))])),
          ]), order: order)
      }
      let oursEdited = Int.random(in: 0..<count, using: &random)
      var theirsEdited = Int.random(in: 0..<count, using: &random)
      if theirsEdited == oursEdited { theirsEdited = (theirsEdited + 1) % count }
      func edit(_ entry: Node, _ how: Int) -> Node {
        guard let payload = entry["payload"] else { return entry }
        switch how {
        case 0: return entry.setting("payload", payload.setting("title", .string("changed")))
        case 1: return entry.setting("payload", payload.setting("added", .array([.number(7)])))
        default: return entry.setting("description", .string("Changed \(how)"))
        }
      }
      var ours = base
      ours[oursEdited] = edit(base[oursEdited], Int.random(in: 0...2, using: &random))
      var theirs = base
      theirs[theirsEdited] = edit(base[theirsEdited], Int.random(in: 0...2, using: &random))
      var merged = ours
      merged[theirsEdited] = theirs[theirsEdited]
      // BASE and THEIRS in other styles: the result follows OURS.
      try write("base.json", Self.document(base, .canonical))
      try write("ours.json", Self.document(ours, style))
      try write(
        "theirs.json",
        Self.document(theirs, Style(indent: "\t", newline: "\n", finalNewline: true)))
      let result = try runner.run(
        ["merge", "base.json", "ours.json", "theirs.json", "--output", "out.json"])
      #expect(result.stderr == "", "round \(round): \(result)")
      let expected = Self.document(merged, style)
      #expect(try read("out.json") == expected, "round \(round), style \(style)")

      // The same catalog as the merge of the canonical forms.
      for name in ["base", "ours", "theirs", "out"] {
        try write(
          "\(name).canonical.json",
          try runner.run(["git", "textconv", "\(name).json"]).stdout)
      }
      let canonical = try runner.run([
        "merge", "base.canonical.json", "ours.canonical.json", "theirs.canonical.json",
      ])
      #expect(try read("out.canonical.json") == canonical.stdout, "round \(round)")
    }
  }

  // MARK: - What cannot be kept, and conflicts

  /// A file that mixes line endings, or tabs and spaces, has no one style: the merge says so
  /// on stderr and writes the export format.
  @Test func aFileOfMixedStylesIsMergedInTheExportFormatWithANote() throws {
    let entries = [
      Self.entry(
        0, payload: .object([("title", .string("A"))]),
        order: ["kind", "category", "description", "payload"]),
      Self.entry(
        1, payload: .object([("count", .number(1))]),
        order: ["kind", "category", "description", "payload"]),
    ]
    let four = Style(indent: "    ", newline: "\r\n", finalNewline: true)
    try write("base.json", Self.document(entries, four))
    var theirs = entries
    theirs[1] = entries[1].setting("payload", .object([("count", .number(2))]))
    try write("theirs.json", Self.document(theirs, four))
    let expected = Self.document(theirs, .canonical)
    for (mixed, reason) in [
      (
        Self.document(entries, four).replacingOccurrences(of: "\r\n        {", with: "\n        {"),
        "it mixes line endings (CRLF and LF)"
      ),
      (
        Self.document(entries, four).replacingOccurrences(
          of: "\r\n            \"", with: "\r\n\t\t\t\""),
        "it mixes tabs and spaces in indentation (line 4)"
      ),
      (
        Self.document(entries, Style(indent: "", newline: "", finalNewline: false)),
        "it is written on one line"
      ),
    ] {
      try write("ours.json", mixed)
      let result = try runner.run(
        ["merge", "base.json", "ours.json", "theirs.json", "--name", "components.json"])
      #expect(
        result.stderr
          == "catalog: note: the merge is written in the export format, not in the style of "
          + "components.json (ours): \(reason)\n", "\(result)")
      #expect(result.stdout == expected)
    }
  }

  /// With conflicts the file is written in OURS' indentation and line endings too, markers
  /// at the lines the messages name.
  @Test func conflictsAreMarkedInOursStyle() throws {
    let order = ["kind", "category", "description", "payload"]
    let base = [
      Self.entry(0, payload: .object([("title", .string("A")), ("n", .number(1))]), order: order)
    ]
    let style = Style(indent: "    ", newline: "\r\n", finalNewline: false)
    try write("base.json", Self.document(base, style))
    try write(
      "ours.json",
      Self.document(
        [base[0].setting("payload", .object([("title", .string("B")), ("n", .number(1))]))], style))
    try write(
      "theirs.json",
      Self.document(
        [base[0].setting("payload", .object([("title", .string("C")), ("n", .number(1))]))], style))
    let result = try runner.run(["merge", "base.json", "ours.json", "theirs.json"], expect: 1)
    #expect(
      result.stderr == "-:8: conflict: /components/0/payload/title: ours \"B\", theirs \"C\"\n")
    let lines = result.stdout.components(separatedBy: "\r\n")
    #expect(lines[7] == "<<<<<<< OURS", "\(result.stdout)")
    #expect(lines[8] == "                \"title\": \"B\",")
    #expect(lines.last == "}")
    #expect(!result.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
  }

  // MARK: - Through git

  /// A two-value merge of a 440-line file indented with four spaces and CRLF line endings:
  /// the merge commit changes one line against each parent, as a text merge of separate lines
  /// would, and `git blame` keeps every other line's commit.
  @Test func aTwoValueMergeOfALongFourSpaceCRLFFileIsASmallCommit() throws {
    let sandbox = GitSandbox(directory: directory)
    try sandbox.git(["init", "-q", "-b", "main"], expect: 0)
    try runner.run(["git", "install"], environment: sandbox.environment)
    let order = ["category", "kind", "description", "payload"]
    let style = Style(indent: "    ", newline: "\r\n", finalNewline: true)
    let base = (0..<37).map { index in
      Self.entry(
        index,
        payload: .object([
          ("title", .string("T\(index)")), ("count", .number(index)),
          ("nested", .object([("a", .number(1)), ("b", .bool(true))])),
        ]), order: order)
    }
    let text = Self.document(base, style)
    let lineCount = text.components(separatedBy: "\r\n").count - 1
    #expect(lineCount >= 440)
    try write("components.json", text)
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "base"], expect: 0)
    try sandbox.git(["checkout", "-q", "-b", "theirs"], expect: 0)
    var theirs = base
    theirs[30] = base[30].setting(
      "payload", (base[30]["payload"] ?? .bool(false)).setting("count", .number(99)))
    try write("components.json", Self.document(theirs, style))
    try sandbox.git(["commit", "-q", "-am", "theirs"], expect: 0)
    try sandbox.git(["checkout", "-q", "main"], expect: 0)
    var ours = base
    ours[3] = base[3].setting(
      "payload", (base[3]["payload"] ?? .bool(false)).setting("title", .string("Ours")))
    try write("components.json", Self.document(ours, style))
    try sandbox.git(["commit", "-q", "-am", "ours"], expect: 0)
    try sandbox.git(["merge", "--no-edit", "theirs"], expect: 0)
    var merged = ours
    merged[30] = theirs[30]
    #expect(try read("components.json") == Self.document(merged, style))
    #expect(
      try sandbox.git(["diff", "--stat", "HEAD^1", "HEAD"], expect: 0).stdout
        == " components.json | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n")
    #expect(
      try sandbox.git(["diff", "--stat", "HEAD^2", "HEAD"], expect: 0).stdout
        == " components.json | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n")
    let blame = try sandbox.git(["blame", "--line-porcelain", "components.json"], expect: 0).stdout
    let summaries = blame.components(separatedBy: "\n").filter { $0.hasPrefix("summary ") }
    #expect(summaries.count == lineCount)
    #expect(summaries.filter { $0 == "summary base" }.count == lineCount - 2)
    #expect(summaries.contains("summary ours") && summaries.contains("summary theirs"))
  }
}

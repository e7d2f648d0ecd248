import Components
import Foundation
import TestSupport
import Testing

/// Text a user wrote never drives the terminal of someone who reads the catalog: authors and
/// messages refuse control characters when written (a message may have line breaks, which
/// `log` indents), and text output shows any control character from kinds, categories,
/// descriptions, payload keys, sources or old rows as a visible escape.
@Suite("Control characters in text output")
struct TerminalInjectionTests {
  let directory: TemporaryDirectory
  static let kind = "evil\u{1B}[31m\rkind\nrevision 99"

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Whether `bytes` hold a control character other than a line break or a tab.
  static func hasRawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
  }

  @Test(arguments: [
    (
      ["--author", "mallory\nrevision 99"],
      "the author contains the control character U+000A; an author is one line of text without control characters"
    ),
    (
      ["--author", "mallory\u{1B}[2J"],
      "the author contains the control character U+001B; an author is one line of text without control characters"
    ),
    (
      ["-m", "fine\r\nAuthor:  someone else"],
      "the message contains the control character U+000D; a message may contain line breaks but no other control characters"
    ),
    (
      ["-m", "bell\u{7}"],
      "the message contains the control character U+0007; a message may contain line breaks but no other control characters"
    ),
  ])
  func authorsAndMessagesRefuseControlCharacters(options: [String], message: String) throws {
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
    let result = try CatalogProcess.run(["import", "ok.json"] + options, in: directory)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr == "catalog: error: \(message)\n")
    #expect(!FileManager.default.fileExists(atPath: directory.path("components.sqlite")))
  }

  @Test func aTagAuthorRefusesControlCharacters() throws {
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
    #expect(try CatalogProcess.run(["import", "ok.json"], in: directory).status == 0)
    let result = try CatalogProcess.run(
      ["tag", "v1"], in: directory, environment: ["CATALOG_AUTHOR": "eve\u{1B}]0;owned\u{7}"])
    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: the author contains the control character U+001B; an author is one "
        + "line of text without control characters\n")
  }

  /// A message's line breaks are kept and indented by `log`, so no line of it can pass for
  /// a `revision` or `Author:` line.
  @Test func aMultiLineMessageIsIndented() throws {
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
    let imported = try CatalogProcess.run(
      ["import", "ok.json", "-m", "first line\nrevision 99\nAuthor:  someone else"],
      in: directory)
    #expect(imported.status == 0, "\(imported)")
    let log = try CatalogProcess.run(["log"], in: directory)
    #expect(
      log.stdout.hasSuffix("\n    first line\n    revision 99\n    Author:  someone else\n\n"),
      "\(log)")
    #expect(!log.stdout.contains("\nrevision 99"))
  }

  /// Kinds, categories, descriptions, payload keys and the source file name with ESC, CR and
  /// LF: `log`, `show --format text`, `blame` and error messages show them escaped.
  @Test func textOutputShowsControlCharactersEscaped() throws {
    let evil = "red\u{1B}[31m\rover\nnext\u{9B}c"
    let entry = CatalogEntry(
      kind: Self.kind, category: evil, description: evil,
      payload: ["key \(evil)": .string(evil), "plain": 1])
    let source = "file\u{1B}[2J.json"
    try directory.write(source, GeneratedCatalog.document([entry]))
    let imported = try CatalogProcess.run(["import", source], in: directory)
    #expect(imported.status == 0, "\(imported)")

    let log = try CatalogProcess.run(["log"], in: directory)
    #expect(log.status == 0)
    #expect(!Self.hasRawControl(log.stdout), "\(log)")
    #expect(log.stdout.contains("Source:  file\\e[2J.json (import)\n"))

    let history = try CatalogProcess.run(["log", "--", Self.kind], in: directory)
    #expect(!Self.hasRawControl(history.stdout), "\(history)")
    #expect(history.stdout.contains("Change:  added as evil\\e[31m\\rkind\\nrevision 99\n"))

    let show = try CatalogProcess.run(["show", "--format", "text", "--", Self.kind], in: directory)
    #expect(show.status == 0, "\(show)")
    #expect(!Self.hasRawControl(show.stdout), "\(show)")
    #expect(show.stdout.hasPrefix("kind:        evil\\e[31m\\rkind\\nrevision 99\n"))
    #expect(show.stdout.contains("category:    red\\e[31m\\rover\\nnext\\u{9B}c\n"))

    let blame = try CatalogProcess.run(["blame", "--", Self.kind], in: directory)
    #expect(blame.status == 0, "\(blame)")
    #expect(!Self.hasRawControl(blame.stdout), "\(blame)")
    // One line per leaf: kind, category, description and the two payload members.
    #expect(blame.stdout.split(separator: "\n").count == 5, "\(blame)")
    #expect(blame.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("/") }, "\(blame)")

    let unknown = try CatalogProcess.run(["show", "--", "nope\u{1B}[31m\nforged"], in: directory)
    #expect(unknown.status == 65)
    #expect(!Self.hasRawControl(unknown.stderr), "\(unknown)")
    #expect(unknown.stderr.split(separator: "\n").count == 1)
  }

  /// `diff` prints kinds, pointers and values from both files: in text, `--stat` and
  /// `--name-only` output every control character, C1 ones included, is escaped, while the
  /// values stay readable JSON.
  @Test func diffTextShowsControlCharactersEscaped() throws {
    let evil = "red\u{1B}[31m\rover\nnext\u{9B}c\u{7F}"
    let old = CatalogEntry(
      kind: Self.kind, category: "Display", description: "d", payload: ["key \(evil)": 1])
    let new = CatalogEntry(
      kind: Self.kind, category: evil, description: "d", payload: ["key \(evil)": .string(evil)])
    let added = CatalogEntry(
      kind: "new\u{9B}31m", category: "Display", description: "d", payload: [:])
    try directory.write("old.json", GeneratedCatalog.document([old]))
    try directory.write("new.json", GeneratedCatalog.document([new, added]))
    for options in [[], ["--stat"], ["--name-only"]] {
      let result = try CatalogProcess.run(
        ["diff"] + options + ["old.json", "new.json"], in: directory)
      #expect(result.status == 1, "\(options): \(result)")
      #expect(!Self.hasRawControl(result.stdout), "\(options): \(result)")
      #expect(result.stdout.contains("\"new\\u009B31m\""), "\(options): \(result)")
    }
    let text = try CatalogProcess.run(["diff", "old.json", "new.json"], in: directory)
    #expect(
      text.stdout.contains(
        "  /category: \"Display\" → \"red\\u001b[31m\\rover\\nnext\\u009Bc\\u007F\""),
      "\(text)")
  }

  /// On a terminal (stderr a pseudo-terminal, through script(1)), `import` keeps its own
  /// progress line, a carriage return and an erase to the end of the line, while the source
  /// name's control characters are shown escaped.
  @Test func theProgressLineOnATerminal() throws {
    try directory.write("big\u{1B}[31m.json", try GeneratedCatalog.document(count: 5000))
    let result = try CatalogProcess.shell(
      "exec script -qec '\"$CATALOG\" import big*.json' /dev/null", in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("\rimporting big\\e[31m.json: "), "\(result)")
    #expect(result.stdout.contains(" entries\u{1B}[K"), "\(result)")
    #expect(!result.stdout.contains("big\u{1B}"), "\(result)")
    #expect(result.stdout.contains("revision 1: 5000 added, 0 changed, 0 removed"), "\(result)")
  }
}

import Components
import Foundation
import TestSupport
import Testing

/// Odd but valid text goes in and comes out exactly: through import and export, and in what
/// `log` and `show` print.
@Suite("Odd text round-trips")
struct TextRoundTripTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Strings that have broken text handling somewhere: quotes and backslashes, SQL, control
  /// characters, emoji (with joiners and modifiers), right-to-left text and marks, combining
  /// characters, the two JavaScript line terminators, NUL, and a precomposed/decomposed pair.
  static let oddStrings: [String] = [
    #"quote " and backslash \ and slash /"#,
    "'; DROP TABLE revision; --",
    "Robert'); DELETE FROM entry_version WHERE ('1'='1",
    "line one\nline two\r\nline three",
    "tab\there\u{0B}vertical\u{0C}form feed\u{08}backspace\u{1F}unit separator",
    "emoji 🎉 👩‍👩‍👧‍👦 👍🏽 🇸🇪",
    "right to left: مرحبا بالعالم and שלום עולם \u{200F}mark\u{202E}override\u{202C}",
    "combining: Z\u{0364}\u{0351}a\u{0308}\u{0356}l\u{036E}g\u{0301}o e\u{0301} \u{E9}",
    "separators:\u{2028}line\u{2029}paragraph\u{85}next line",
    "soh:\u{1}:after (U+0000 is refused at input: NULCharacterTests)",
    "bom inside \u{FEFF} and noncharacter \u{FFFF} and \u{10FFFF}",
    "percent %s %d %n {braces} $(subshell) `backticks`",
    " leading and trailing spaces ",
  ]

  static func entries(suffix: String = "") -> [CatalogEntry] {
    oddStrings.enumerated().map { index, text in
      CatalogEntry(
        kind: "kind \(index) \(text)\(suffix)", category: text, description: "\(text)\(suffix)",
        payload: [
          "title": .string(text), "nested": [.string(text), ["key \(text)": .string(text)]],
          "count": .number(JSONNumber(index)),
        ])
    }
  }

  @Test func oddTextRoundTripsThroughImportExportLogAndShow() throws {
    let entries = Self.entries()
    let document = GeneratedCatalog.document(entries)
    try directory.write("odd.json", document)
    // A message may hold line breaks but no other control characters (they could rewrite a
    // terminal; TerminalInjectionTests): it carries every odd string without them.
    let message = Self.oddStrings.filter { text in
      !text.unicodeScalars.contains {
        $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
      }
    }
    .joined(separator: " | ")
    let author = "Zoë O'Brien \"zo\" 🎉 مرحبا"
    let imported = try CatalogProcess.run(
      ["import", "odd.json", "-m", message, "--author", author], in: directory)
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.stdout == "revision 1: \(entries.count) added, 0 changed, 0 removed\n")

    let exported = try CatalogProcess.run(["export"], in: directory)
    #expect(exported.stdoutBytes == document)

    let log = try CatalogProcess.run(["log", "--format", "json"], in: directory)
    let revisions = try JSONValue(parsing: log.stdoutBytes)
    #expect(revisions[["0", "message"]] == .string(message))
    #expect(revisions[["0", "author"]] == .string(author))
    #expect(revisions[["0", "source"]] == .string("odd.json"))
    let text = try CatalogProcess.run(["log"], in: directory)
    #expect(text.stdout.contains("Author:  \(author)\n"))

    // A command-line argument cannot hold NUL: that kind is checked through the export only.
    for entry in entries where !entry.kind.unicodeScalars.contains("\u{0}") {
      let shown = try CatalogProcess.run(["show", "--", entry.kind], in: directory)
      #expect(shown.status == 0, "\(entry.kind): \(shown)")
      #expect(try JSONValue(parsing: shown.stdoutBytes) == entry.jsonValue, "\(entry.kind)")
      let history = try CatalogProcess.run(
        ["log", "--format", "json", "--", entry.kind], in: directory)
      #expect(try JSONValue(parsing: history.stdoutBytes)[["0", "kind"]] == .string(entry.kind))
    }
    try directory.expectHealthy()
  }

  /// Swift compares strings by canonical equivalence ("é" precomposed equals "e" + U+0301),
  /// but the bytes a user wrote must survive: a file that only re-spells text in another
  /// normalization form is a change, and exports back exactly.
  @Test func aChangeOfNormalizationIsAChange() throws {
    // Each entry re-spells one thing only, with the payload unchanged: its kind and category,
    // its description, the value of an extra member.
    func document(_ form: String) -> [UInt8] {
      GeneratedCatalog.document([
        CatalogEntry(kind: "caf\(form)", category: "caf\(form)", description: "d", payload: 1),
        CatalogEntry(kind: "description", category: "c", description: "caf\(form)", payload: 2),
        CatalogEntry(
          kind: "extra", category: "c", description: "d", payload: JSONText(3),
          extraMembers: [.init(key: "note", value: JSONText(.string("caf\(form)")))]),
      ])
    }
    let precomposed = document("\u{E9}")
    let decomposed = document("e\u{301}")
    #expect(precomposed != decomposed)
    try directory.write("nfc.json", precomposed)
    try directory.write("nfd.json", decomposed)
    #expect(try CatalogProcess.run(["import", "nfc.json"], in: directory).status == 0)
    let second = try CatalogProcess.run(["import", "nfd.json"], in: directory)
    #expect(second.stdout == "revision 2: 0 added, 3 changed, 0 removed\n", "\(second)")
    #expect(try CatalogProcess.run(["export"], in: directory).stdoutBytes == decomposed)
    #expect(
      try CatalogProcess.run(["export", "--at", "1"], in: directory).stdoutBytes == precomposed)
    try directory.expectHealthy()
  }

  /// Numbers beyond Double's range or precision are kept exactly as written.
  @Test func numbersAreKeptAsWritten() throws {
    let numbers = [
      "1e400", "-1e400", "1E+400", "1e-400", "123456789012345678901234567890",
      "-123456789012345678901234567890.123456789012345678901234567890", "0.1", "1.0", "1.50",
      "-0", "-0.0", "0e0", "2.2250738585072011e-308", "9007199254740993", "1E2", "1e-2",
    ]
    let payload = numbers.enumerated().map { "\"n\($0.offset)\": \($0.element)" }
      .joined(separator: ", ")
    let document =
      #"[{"kind": "numbers", "category": "c", "description": "d", "payload": {"#
      + payload + "}}]"
    try directory.write("numbers.json", document)
    #expect(try CatalogProcess.run(["import", "numbers.json"], in: directory).status == 0)
    let exported = try CatalogProcess.run(["export"], in: directory).stdout
    for (index, number) in numbers.enumerated() {
      #expect(
        exported.contains("\"n\(index)\": \(number)\n")
          || exported.contains("\"n\(index)\": \(number),\n"), "\(number)")
    }
    // Re-importing the export changes nothing.
    try directory.write("again.json", exported)
    let again = try CatalogProcess.run(["import", "again.json"], in: directory)
    #expect(again.stdout == "no changes (head is revision 1)\n")
  }

  /// A UTF-8 byte order mark is accepted and skipped (positions still count from the first
  /// character after it); the export never writes one.
  @Test func aByteOrderMarkIsSkipped() throws {
    let document = try Fixtures.bytes("generated-300.json")
    try directory.write("bom.json", [0xEF, 0xBB, 0xBF] + document)
    let imported = try CatalogProcess.run(["import", "bom.json"], in: directory)
    #expect(imported.stdout == "revision 1: 300 added, 0 changed, 0 removed\n", "\(imported)")
    #expect(try CatalogProcess.run(["export"], in: directory).stdoutBytes == document)
    try directory.write("bad-bom.json", [0xEF, 0xBB, 0xBF] + Array(#"{"components": 1}"#.utf8))
    let bad = try CatalogProcess.run(["check", "bad-bom.json"], in: directory)
    #expect(
      bad.stderr
        == "bad-bom.json:1:16: error: /components: expected an array of entries, found a number\n")
    // Only one mark, and only at the start.
    try directory.write("two-boms.json", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("[]".utf8))
    let two = try CatalogProcess.run(["check", "two-boms.json"], in: directory)
    #expect(
      two.stderr
        == "two-boms.json:1:1: error: invalid JSON: unexpected byte 0xef; expected a JSON value\n")
  }

  /// A 10 MB string in a payload, and a long description, go in and out unchanged.
  @Test func veryLongStringsRoundTrip() throws {
    let long = String(repeating: "0123456789abcdef🎉", count: 10_000_000 / 20)
    let document = GeneratedCatalog.document([
      CatalogEntry(kind: "long", category: "c", description: "d", payload: ["text": .string(long)]),
      CatalogEntry(
        kind: "short", category: "c", description: String(long.prefix(100_000)), payload: .null),
    ])
    #expect(document.count > 10_000_000)
    try directory.write("long.json", document)
    let imported = try CatalogProcess.run(["import", "long.json"], in: directory)
    #expect(imported.stdout == "revision 1: 2 added, 0 changed, 0 removed\n", "\(imported)")
    #expect(try CatalogProcess.run(["export"], in: directory).stdoutBytes == document)
  }
}

import CatalogCLI
import TestSupport
import Testing

/// The columns of `kinds`, `categories` and `blame` text output hold non-ASCII text whole and
/// line up on a terminal: a letter with a combining accent is one column, an emoji (two UTF-16
/// units), a flag (two scalars) and a CJK character are two, and no cell is cut short or
/// split into U+FFFD.
@Suite struct TextColumnTests {
  /// "café" with a combining accent, "🎨Art", "🇩🇪flag" and a payload key "k😀", as the
  /// escapes a JSON file gives them; imported by "Zoë😀".
  let session: CatalogSession
  static let cafe = "cafe\u{301}"

  init() throws {
    session = try CatalogSession(
      importing: #"""
        {"components": [
          {"kind": "cafe\u0301", "category": "\ud83c\udfa8Art", "description": "d",
           "payload": {"k\ud83d\ude00": 1}},
          {"kind": "\ud83c\udde9\ud83c\uddeaflag", "category": "c", "description": "d",
           "payload": 1}
        ]}
        """#,
      author: "Zoë😀")
  }

  @Test func kindsAndCategoriesPadByTerminalColumns() throws {
    #expect(try session.run(["kinds"]).stdout == "café    🎨Art\n🇩🇪flag  c\n")
    #expect(try session.run(["categories"]).stdout == "c      1\n🎨Art  1\n")
  }

  /// What a terminal gives each: wcwidth's East Asian wide and fullwidth ranges and emoji
  /// presentation are two columns.
  @Test(arguments: [
    ("abc", 3), ("cafe\u{301}", 4), ("漢字", 4), ("한국어", 6), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4),
    ("🎨", 2), ("🇩🇪", 2), ("❤️", 2), ("❤", 1), ("👩‍👩‍👧", 2), ("é", 1), ("Ω", 1),
  ])
  func widths(text: String, columns: Int) {
    #expect(TextColumn.width(text) == columns, "\(text.unicodeScalars.map(\.value))")
  }

  /// `blame` pads its path and author columns by the same measure: "/payload/k😀" and
  /// "/description" are 12 columns; the author "Zoë😀" is five, so "al" is padded to five.
  @Test func blamePadsPathsAndAuthorsByTerminalColumns() throws {
    try session.patch(
      #"[{"op": "replace", "path": "/components/0/description", "value": "e"}]"#, author: "al")
    let lines = try session.run(["blame", Self.cafe]).stdout.split(separator: "\n")
    #expect(lines.count == 4, "\(lines)")
    #expect(!lines.contains { $0.contains("\u{FFFD}") }, "\(lines)")
    let expected = [
      ("/kind         r1  ", "  Zoë😀  \"café\"  # first"),
      ("/category     r1  ", "  Zoë😀  \"🎨Art\"  # first"),
      ("/description  r2  ", "  al     \"e\""),
      ("/payload/k😀  r1  ", "  Zoë😀  1  # first"),
    ]
    for (line, (start, end)) in zip(lines, expected) {
      #expect(line.hasPrefix(start) && line.contains(end), "\(line)")
    }
  }
}

/// Left-aligned columns of user text in `kinds`, `categories` and `blame` text output.
///
/// A cell's width is counted the way a terminal shows it, after its control characters
/// became escapes (``TerminalText``), as ``Console`` prints them: a Character (a letter with
/// a combining accent, a flag of two scalars) takes two columns when it is East Asian wide
/// or fullwidth (CJK, Hangul, fullwidth forms) or an emoji shown as one, and one otherwise.
/// Padding is added by that same measure and text is never shortened: Foundation's
/// `padding(toLength:withPad:startingAt:)` counts UTF-16 units instead, so it cut non-ASCII
/// text short and could split a surrogate pair into U+FFFD.
///
///     let width = TextColumn.width(of: ["cafe\u{301}", "🇩🇪flag", "漢字"])   // 6
///     TextColumn.padded("cafe\u{301}", to: width)                         // "café  "
package enum TextColumn {
  /// The width of `text` as shown on a terminal.
  package static func width(_ text: String) -> Int {
    TerminalText.visible(text, keeping: ["\t"]).reduce(0) { $0 + columns($1) }
  }

  /// The columns a terminal gives `character`: 2 for East Asian wide and fullwidth
  /// characters and for emoji presented as pictures (Unicode's East_Asian_Width W and F,
  /// as wcwidth has them, and Emoji_Presentation), else 1.
  package static func columns(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first, first.value >= 0x1100 else { return 1 }
    if first.properties.isEmojiPresentation { return 2 }
    // An emoji that is text by default, made a picture by VS16 (U+FE0F): "❤️".
    if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The width of a column holding `texts`: that of its widest cell.
  static func width(of texts: some Sequence<String>) -> Int {
    texts.reduce(0) { max($0, width($1)) }
  }

  /// `text` followed by spaces up to `width`; text already as wide or wider is returned
  /// as it is.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - self.width(text)))
  }
}

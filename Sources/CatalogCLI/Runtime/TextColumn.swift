/// Left-aligned columns of user text in `kinds`, `categories` and `blame` text output.
///
/// A cell's width is counted the way it is shown: in Characters (a flag, an emoji or a
/// letter with a combining accent is one), after its control characters became escapes
/// (``TerminalText``), as ``Console`` prints them. Padding is added by that same measure
/// and text is never shortened: Foundation's `padding(toLength:withPad:startingAt:)`
/// counts UTF-16 units instead, so it cut non-ASCII text short and could split a
/// surrogate pair into U+FFFD.
///
///     let width = TextColumn.width(of: ["cafe\u{301}", "🇩🇪flag"])   // 5
///     TextColumn.padded("cafe\u{301}", to: width)                   // "café "
enum TextColumn {
  /// The width of `text` as shown on a terminal.
  static func width(_ text: String) -> Int {
    TerminalText.visible(text, keeping: ["\t"]).count
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

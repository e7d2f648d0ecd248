/// Text made safe for a terminal: control characters shown, never obeyed.
///
/// Authors, messages, sources, kinds, categories, descriptions and payload keys come from
/// users, and a raw ESC, CR or LF in them could recolour a terminal, overwrite a line or
/// forge `revision`/`Author:` lines in `log`. Text output shows each such character as an
/// escape instead: `\n`, `\r`, `\t`, `\e`, or `\u{9B}` (C0 controls, DEL and the C1 range
/// U+0080–U+009F). JSON output is escaped by the JSON writer already.
///
///     TerminalText.visible("red\u{1B}[31m")   // "red\e[31m"
enum TerminalText {
  /// `text` with control characters escaped, except those in `keeping` (such as a tab that
  /// separates columns, or the line breaks of a multi-line usage text).
  static func visible(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
    guard text.unicodeScalars.contains(where: { $0.isTerminalControl && !keeping.contains($0) })
    else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard scalar.isTerminalControl, !keeping.contains(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{1B}": result += "\\e"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }
}

/// How a components.json file is laid out: the text of one indentation level, the line
/// ending and whether the file ends with one; the export format is two spaces, LF and a final
/// LF (``canonical``).
///
/// A merge writes its result in the style of the file it merges into (``detect(_:)``), so a
/// file kept with four spaces, tabs or CRLF line endings stays that way and a merge commit
/// shows only the lines that changed. ``apply(toCanonical:)`` turns the export format's bytes
/// into the style: the text JSON never holds a raw line break or a tab inside a string, so
/// every line's leading spaces are indentation, two per level.
///
/// ```swift
/// let style = try DocumentStyle.detect(ours).get()    // "    ", CRLF, final newline
/// let bytes = style.apply(toCanonical: CatalogDocumentWriter.document(entries))
/// ```
public struct DocumentStyle: Sendable, Hashable, CustomStringConvertible {
  /// One level of indentation: spaces, or tabs.
  public var indent: [UInt8]
  /// `\n` or `\r\n`.
  public var lineEnding: [UInt8]
  /// Whether the last line ends with ``lineEnding``.
  public var finalNewline: Bool

  public init(indent: [UInt8], lineEnding: [UInt8], finalNewline: Bool) {
    self.indent = indent
    self.lineEnding = lineEnding
    self.finalNewline = finalNewline
  }

  /// The export format's: `json.dump(indent=2)` and one final LF.
  public static let canonical = DocumentStyle(
    indent: [0x20, 0x20], lineEnding: [0x0A], finalNewline: true)

  /// Why a file's style cannot be told, so that a merge writes the export format instead.
  public enum Unknown: Error, Sendable, Hashable, CustomStringConvertible {
    /// No line break at all: one line, whose layout a multi-line result cannot follow.
    case oneLine
    /// Both CRLF and LF line endings, or a CR alone.
    case mixedLineEndings
    /// Lines indented with tabs and lines indented with spaces, or both on one line.
    case mixedIndentation(line: Int)

    public var description: String {
      switch self {
      case .oneLine: return "it is written on one line"
      case .mixedLineEndings: return "it mixes line endings (CRLF and LF)"
      case .mixedIndentation(let line):
        return "it mixes tabs and spaces in indentation (line \(line))"
      }
    }
  }

  /// The style of `bytes`, a JSON document: its line ending, its final newline, and its
  /// smallest indentation as one level (a line aligned otherwise is kept where the merge
  /// copies it, and what the merge writes is indented by whole levels).
  public static func detect(_ bytes: [UInt8]) -> Result<DocumentStyle, Unknown> {
    var crlf = 0
    var lf = 0
    var unit: [UInt8]? = nil
    var indentation: UInt8? = nil
    var line = 1
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == 0x0D {
        guard index + 1 < count, bytes[index + 1] == 0x0A else {
          return .failure(.mixedLineEndings)
        }
        crlf += 1
        index += 2
      } else if byte == 0x0A {
        lf += 1
        index += 1
      } else {
        index += 1
        continue
      }
      line += 1
      // The new line's leading blanks.
      var end = index
      while end < count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
      guard end > index, end < count, bytes[end] != 0x0A, bytes[end] != 0x0D else {
        index = end
        continue
      }
      let first = bytes[index]
      if bytes[index..<end].contains(where: { $0 != first }) {
        return .failure(.mixedIndentation(line: line))
      }
      if let indentation, indentation != first { return .failure(.mixedIndentation(line: line)) }
      indentation = first
      if unit == nil || end - index < unit?.count ?? 0 {
        unit = Array(bytes[index..<end])
      }
      index = end
    }
    guard crlf + lf > 0 else { return .failure(.oneLine) }
    guard crlf == 0 || lf == 0 else { return .failure(.mixedLineEndings) }
    let lineEnding: [UInt8] = crlf > 0 ? [0x0D, 0x0A] : [0x0A]
    var end = count
    while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    let finalNewline = end > 0 && bytes[end - 1] == 0x0A
    let indent = unit ?? DocumentStyle.canonical.indent
    return .success(
      DocumentStyle(indent: indent, lineEnding: lineEnding, finalNewline: finalNewline))
  }

  public var isCanonical: Bool { self == .canonical }

  public var description: String {
    let level =
      indent.first == 0x09
      ? (indent.count == 1 ? "tab" : "\(indent.count) tabs") : "\(indent.count) spaces"
    return "\(level), \(lineEnding.count == 2 ? "CRLF" : "LF")"
      + (finalNewline ? "" : ", no final newline")
  }

  /// `canonical` (bytes in the export format's layout: two spaces a level, LF) in this style:
  /// each line's leading spaces become as many levels of ``indent``, each LF ``lineEnding``,
  /// and a final line ending is dropped when the style has none.
  ///
  /// - Parameter shift: levels added to every line after the first (negative: removed, down
  ///   to none): a piece of the export format written at another depth than the export's.
  public func apply(toCanonical canonical: [UInt8], shift: Int = 0) -> [UInt8] {
    if isCanonical && shift == 0 { return canonical }
    var output: [UInt8] = []
    output.reserveCapacity(canonical.count + canonical.count / 4)
    var index = 0
    let count = canonical.count
    var atLineStart = true
    while index < count {
      if atLineStart {
        var spaces = 0
        while index + spaces < count, canonical[index + spaces] == 0x20 { spaces += 1 }
        let levels = index == 0 ? spaces / 2 : max(0, spaces / 2 + shift)
        for _ in 0..<levels { output.append(contentsOf: indent) }
        if spaces % 2 == 1 { output.append(0x20) }
        index += spaces
        atLineStart = false
        continue
      }
      let byte = canonical[index]
      index += 1
      if byte == 0x0A {
        if index == count && !finalNewline { break }
        output.append(contentsOf: lineEnding)
        atLineStart = true
      } else {
        output.append(byte)
      }
    }
    return output
  }
}

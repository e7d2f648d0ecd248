/// The `.gitattributes` line `catalog git install` writes for a file, spelled as git reads it.
///
/// git reads a line as a pattern and attributes separated by blanks (space, tab, CR); a line
/// whose first non-blank is `#` is a comment; a pattern starting with `"` is unquoted in C
/// style; then the pattern is a wildmatch pattern in which `\` escapes the next character, a
/// leading `!` negates (and negative patterns are ignored in attributes), `[attr]` defines a
/// macro, and `*`, `?` and `[` are wildcards; a line of 2048 bytes or more is ignored (git
/// 2.39.1 and later). See gitattributes(5) and git's `attr.c` (`parse_attr_line`).
///
/// So a file's path becomes a pattern matching exactly that path: `\` before each of `* ? [ \`
/// and before a leading `!` or `#`, then the whole pattern in double quotes (with `"` and `\`
/// escaped) when it holds a space or starts with `"`. What git cannot read back as that path
/// is refused: an empty path, an absolute one, one with an empty, `.` or `..` component or a
/// final `/` (git patterns are not normalized), a control character (a newline would end the
/// line and start another), or a line too long for git.
///
/// ```text
/// design system/components.json  →  "design system/components.json" merge=catalog diff=catalog
/// !draft.json                    →  \!draft.json merge=catalog diff=catalog
/// ```
struct GitAttributesLine: Equatable {
  /// The path, relative to the top of the work tree, as given.
  let path: String
  /// The pattern as written in `.gitattributes`.
  let pattern: String

  /// The attributes install gives the file.
  static let attributes = "merge=catalog diff=catalog"
  /// git ignores a line of this many bytes or more (`ATTR_MAX_LINE_LENGTH`).
  static let maximumLineLength = 2048

  /// The whole line, without its newline.
  var text: String { pattern + " " + Self.attributes }

  /// Why a path cannot be written as a pattern git reads back as that path.
  enum Refusal: Error, Equatable {
    case empty
    case absolute
    case controlCharacter(Unicode.Scalar)
    case notNormalized(component: String)
    case directory
    case tooLong(bytes: Int)
  }

  /// The line for `path`.
  ///
  /// - Throws: ``Refusal`` when git could not read the line back as exactly that path.
  init(path: String) throws(Refusal) {
    guard !path.isEmpty else { throw .empty }
    if let control = path.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw .controlCharacter(control)
    }
    guard !path.hasPrefix("/") else { throw .absolute }
    guard !path.hasSuffix("/") else { throw .directory }
    for component in path.split(separator: "/", omittingEmptySubsequences: false)
    where component.isEmpty || component == "." || component == ".." {
      throw .notNormalized(component: String(component))
    }
    // By scalars, not characters: a combining mark after `*` is still git's `*`.
    var escaped = String.UnicodeScalarView()
    for (offset, scalar) in path.unicodeScalars.enumerated() {
      switch scalar {
      case "*", "?", "[", "\\": escaped.append("\\")
      case "!" where offset == 0, "#" where offset == 0: escaped.append("\\")
      default: break
      }
      escaped.append(scalar)
    }
    let escapedText = String(escaped)
    var pattern = escapedText
    if escapedText.contains(" ") || escapedText.hasPrefix("\"") {
      pattern =
        "\""
        + escapedText.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    self.path = path
    self.pattern = pattern
    let length = text.utf8.count
    guard length < Self.maximumLineLength else { throw .tooLong(bytes: length) }
  }

  /// The path of a line install would have written, or nil for any other line.
  ///
  /// A line is install's when it is exactly install's spelling of some path: the pattern
  /// read back as git reads it, written again, gives the same line.
  static func installedPath(in line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasSuffix(" " + attributes) else { return nil }
    let pattern = String(trimmed.dropLast(attributes.count + 1))
    var unquoted = pattern
    if pattern.hasPrefix("\"") {
      guard pattern.count >= 2, pattern.hasSuffix("\"") else { return nil }
      var inner = String.UnicodeScalarView()
      var escaping = false
      for scalar in pattern.unicodeScalars.dropFirst().dropLast() {
        if escaping || scalar != "\\" {
          inner.append(scalar)
          escaping = false
        } else {
          escaping = true
        }
      }
      guard !escaping else { return nil }
      unquoted = String(inner)
    }
    var scalars = String.UnicodeScalarView()
    var escaping = false
    for scalar in unquoted.unicodeScalars {
      if escaping || scalar != "\\" {
        scalars.append(scalar)
        escaping = false
      } else {
        escaping = true
      }
    }
    let path = String(scalars)
    guard !escaping, let line = try? GitAttributesLine(path: path), line.pattern == pattern
    else { return nil }
    return path
  }
}

extension GitAttributesLine.Refusal: CustomStringConvertible {
  var description: String {
    switch self {
    case .empty:
      return "is empty"
    case .absolute:
      return "is absolute; give the file relative to the top of the work tree"
    case .controlCharacter(let scalar):
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "holds the control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex), "
        + "which a .gitattributes line cannot hold"
    case .notNormalized(let component):
      return component.isEmpty
        ? "has an empty component ('//'); git matches patterns as written"
        : "has a '\(component)' component; git matches patterns as written, so name the file "
          + "without it"
    case .directory:
      return "ends with '/', which names a directory; give the catalog file"
    case .tooLong(let bytes):
      return "makes a .gitattributes line of \(bytes) bytes, and git ignores lines of "
        + "\(GitAttributesLine.maximumLineLength) bytes or more"
    }
  }
}

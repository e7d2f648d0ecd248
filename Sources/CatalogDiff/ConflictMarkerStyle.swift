import Components

/// How conflict markers are written: their size and the labels after them, as git's merge
/// driver placeholders pass them (`%L`, `%X`, `%Y`).
///
/// ```text
/// <<<<<<< HEAD              (size 7, ours label "HEAD")
/// =======
/// >>>>>>> feature           (theirs label "feature")
/// ```
///
/// The size is at least 7, the size the JSON reader (and git) recognise a marker by, so that
/// `catalog check` refuses every unresolved file. A label is written on the marker line, so
/// a character that would end the line or hide in a terminal (a control character) is
/// written as a space.
public struct ConflictMarkerStyle: Sendable, Hashable {
  public static let minimumSize = 7

  public var size: Int
  public var ours: String
  public var theirs: String

  /// `<<<<<<< OURS`, `=======`, `>>>>>>> THEIRS`.
  public static let standard = ConflictMarkerStyle()

  public init(size: Int = 7, ours: String = "OURS", theirs: String = "THEIRS") {
    self.size = max(size, Self.minimumSize)
    self.ours = ours
    self.theirs = theirs
  }

  var oursLine: [UInt8] { Self.line(0x3C, size, ours) }
  var separatorLine: [UInt8] { [UInt8](repeating: 0x3D, count: size) }
  var theirsLine: [UInt8] { Self.line(0x3E, size, theirs) }

  private static func line(_ byte: UInt8, _ size: Int, _ label: String) -> [UInt8] {
    var line = [UInt8](repeating: byte, count: size)
    guard !label.isEmpty else { return line }
    line.append(0x20)
    for scalar in label.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
        || scalar == "\u{2028}" || scalar == "\u{2029}"
      {
        line.append(0x20)
      } else {
        line += Array(String(scalar).utf8)
      }
    }
    return line
  }
}

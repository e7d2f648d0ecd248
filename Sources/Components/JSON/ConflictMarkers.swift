/// Conflict markers that a merge (git's, or `catalog merge`) leaves in a file: lines that
/// start with `<<<<<<<`, `=======` or `>>>>>>>`.
///
/// The reader stops at the first one with a message of its own; ``openingLines(in:)`` finds
/// every conflict in a file, so that `catalog check` can point at each one left.
public enum ConflictMarkers {
  /// The start of the reader's message for a marker line.
  public static let messagePrefix = "unresolved merge conflict"

  /// How many equal characters make a marker.
  static let length = 7

  /// The message for a line starting with `marker`.
  static func message(_ marker: String) -> String {
    "\(messagePrefix): a line starting with '\(marker)'; keep one side, delete the lines "
      + "from '<<<<<<<' to '>>>>>>>' that are not wanted, then check again"
  }

  /// Whether a diagnostic is the reader's report of a conflict marker.
  public static func isMarker(_ diagnostic: JSONDiagnostic) -> Bool {
    diagnostic.category == .invalidJSON && diagnostic.message.hasPrefix(messagePrefix)
  }

  /// The 1-based numbers of the lines that start with `<<<<<<<`, in one pass.
  public static func openingLines(in bytes: [UInt8]) -> [Int] {
    var lines: [Int] = []
    var line = 1
    var atLineStart = true
    var run = 0
    for byte in bytes {
      if byte == 0x0A {
        line += 1
        atLineStart = true
        run = 0
        continue
      }
      if atLineStart && byte == 0x3C {
        run += 1
        if run == 7 {
          lines.append(line)
          atLineStart = false
        }
      } else {
        atLineStart = false
      }
    }
    return lines
  }
}

/// A usage error ready for stderr: the error line, the synopsis and where to get help.
///
/// ```text
/// catalog: error: unknown option '--mesage'; did you mean '--message'?
/// Usage: catalog import <file> [--message <text>] ...
/// See 'catalog import --help' for more information.
/// ```
package struct UsageFailure: Error, Sendable, Equatable {
  /// What was wrong.
  package let error: UsageError
  /// The command the error is about, or `nil` for the tool itself.
  package let command: String?
  /// The synopsis lines, without the `Usage: ` prefix.
  package let usage: [String]
  /// The tool's name (`catalog`).
  package let toolName: String

  /// Creates a failure; `ArgumentParser.failure(_:command:)` fills in the synopsis.
  package init(error: UsageError, command: String?, usage: [String], toolName: String) {
    self.error = error
    self.command = command
    self.usage = usage
    self.toolName = toolName
  }

  /// The process exit status for a usage error (`EX_USAGE`).
  package var exitStatus: Int32 { 64 }

  /// The full text for stderr, ending with a newline.
  package var text: String {
    let commandPath = [toolName] + (command.map { [$0] } ?? [])
    var lines = ["\(toolName): error: \(error.message)"]
    for (position, line) in usage.enumerated() {
      lines.append((position == 0 ? "Usage: " : "       ") + line)
    }
    lines.append("See '\(commandPath.joined(separator: " ")) --help' for more information.")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// What a command line asks for. The parser never prints; the caller writes `help` and
/// `version` text to stdout with status 0, a usage failure to stderr with status 64, and
/// runs the command otherwise.
package enum ParseOutcome: Sendable, Equatable {
  /// `--help`, `-h` or `help [<command>]`: the text, ending with a newline, for stdout.
  case help(String)
  /// `--version`: the text, ending with a newline, for stdout.
  case version(String)
  /// A command to run, with its arguments.
  case run(ParsedCommand)
  /// A mistake on the command line, rendered for stderr.
  case usageError(UsageFailure)

  /// The exit status when the outcome ends the process before a command runs: 0 for help
  /// and version, 64 for a usage error, `nil` for `.run`.
  package var exitStatus: Int32? {
    switch self {
    case .help, .version: return 0
    case .usageError(let failure): return failure.exitStatus
    case .run: return nil
    }
  }
}

/// A subcommand selected on the command line, with its parsed arguments.
package struct ParsedCommand: Sendable, Equatable {
  /// The command's spec.
  package let spec: CommandSpec
  /// Its values, including the global options.
  package let arguments: ParsedArguments

  /// Creates a parsed command.
  package init(spec: CommandSpec, arguments: ParsedArguments) {
    self.spec = spec
    self.arguments = arguments
  }

  /// The command's name (`import`).
  package var name: String { spec.name }
}

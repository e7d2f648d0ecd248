/// A mistake on the command line. Every message quotes what the user typed.
///
/// The parser returns these inside `ParseOutcome.usageError`; a command may also throw one
/// from its own checks (a typed accessor, or `.invalidArguments`). `UsageFailure` renders
/// it with the synopsis; the process then exits with status 64.
package enum UsageError: Error, Sendable, Equatable {
  /// `--mesage`: no such option; the closest known spelling, if one is close.
  case unknownOption(String, index: Int, suggestion: String?)
  /// `imprt`: no such command; the closest command, and all command names.
  case unknownCommand(String, index: Int, suggestion: String?, commands: [String])
  /// No command was given.
  case missingCommand(commands: [String])
  /// `--message` at the end of the line, or followed by another option.
  case missingValue(option: String, index: Int)
  /// `--prune=yes`: a flag given a value.
  case unexpectedValue(option: String, value: String, index: Int)
  /// A required positional (`<file>`) is absent.
  case missingArgument(String)
  /// A value that no positional takes.
  case unexpectedArgument(String, index: Int)
  /// A non-repeatable option given twice: the second spelling and the first.
  case duplicateOption(String, index: Int, previous: String)
  /// A value of the wrong form: the value, the argument (`--limit <n>`), what was expected.
  case invalidValue(String, argument: String, expected: String, index: Int?)
  /// Two arguments that exclude each other, quoted as typed.
  case conflictingArguments(String, String, index: Int)
  /// None of a set of alternatives was given.
  case missingOneOf([String])
  /// A command's own check on its arguments, with a ready message.
  case invalidArguments(String)

  /// The message for `catalog: error: <message>`: lowercase, no final period.
  package var message: String {
    switch self {
    case .unknownOption(let option, _, let suggestion):
      return "unknown option '\(option)'" + Self.didYouMean(suggestion)
    case .unknownCommand(let command, _, let suggestion, let commands):
      return "unknown command '\(command)'" + Self.didYouMean(suggestion)
        + " (commands: \(commands.joined(separator: ", ")))"
    case .missingCommand(let commands):
      return "missing command (commands: \(commands.joined(separator: ", ")))"
    case .missingValue(let option, _):
      return "missing value for '\(option)'"
    case .unexpectedValue(let option, let value, _):
      return "'\(option)' takes no value, but '\(value)' was given"
    case .missingArgument(let argument):
      return "missing argument '\(argument)'"
    case .unexpectedArgument(let argument, _):
      return "unexpected argument '\(argument)'"
    case .duplicateOption(let option, _, let previous):
      return option == previous
        ? "duplicate option '\(option)' (it may be given only once)"
        : "duplicate option '\(option)' (already given as '\(previous)')"
    case .invalidValue(let value, let argument, let expected, _):
      return "invalid value '\(value)' for '\(argument)': expected \(expected)"
    case .conflictingArguments(let first, let second, _):
      return "'\(second)' cannot be used with '\(first)'"
    case .missingOneOf(let alternatives):
      let quoted = alternatives.map { "'\($0)'" }
      let list =
        quoted.count > 1
        ? quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
        : quoted.joined()
      return quoted.count > 1 ? "missing one of \(list)" : "missing \(list)"
    case .invalidArguments(let message):
      return message
    }
  }

  /// The index, in the parsed argument array, of the token the error is about, if any.
  package var index: Int? {
    switch self {
    case .unknownOption(_, let index, _), .unknownCommand(_, let index, _, _),
      .missingValue(_, let index), .unexpectedValue(_, _, let index),
      .unexpectedArgument(_, let index), .duplicateOption(_, let index, _),
      .conflictingArguments(_, _, let index):
      return index
    case .invalidValue(_, _, _, let index):
      return index
    case .missingCommand, .missingArgument, .missingOneOf, .invalidArguments:
      return nil
    }
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}

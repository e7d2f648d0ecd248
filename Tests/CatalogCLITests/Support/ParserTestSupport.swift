import CatalogCLI

/// Parses with the real command table.
func parse(_ arguments: String...) -> ParseOutcome {
  CatalogCommandTable.parser.parse(arguments)
}

extension ParseOutcome {
  /// The command to run, or `nil` for any other outcome.
  var command: ParsedCommand? {
    if case .run(let command) = self { return command }
    return nil
  }

  /// The usage failure, or `nil` for any other outcome.
  var failure: UsageFailure? {
    if case .usageError(let failure) = self { return failure }
    return nil
  }

  /// The help text, or `nil` for any other outcome.
  var helpText: String? {
    if case .help(let text) = self { return text }
    return nil
  }
}

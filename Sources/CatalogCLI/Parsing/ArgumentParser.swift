import Components

/// Parses a command line against a `RootCommandSpec`, like swift-argument-parser but
/// without its property wrappers: the specs are data and the result is a value.
///
/// ```swift
/// let parser = ArgumentParser(root: CatalogCommandTable.root)
/// switch parser.parse(Array(CommandLine.arguments.dropFirst())) {
/// case .help(let text), .version(let text): print(text, terminator: "")  // exit 0
/// case .usageError(let failure): printToStderr(failure.text)            // exit 64
/// case .run(let command): run(command.name, command.arguments)
/// }
/// ```
///
/// Rules:
/// - Global options are accepted before or after the command name.
/// - An option's value is the next argument (`-m TEXT`) or follows `=` (`--message=TEXT`).
///   The next argument is taken only if it is not itself an option, so `-m --prune` is a
///   missing value rather than a message; `--message=--prune` says it explicitly.
/// - `--` ends options; `-` alone is a value.
/// - `--help` or `-h` anywhere before `--` asks for help, which wins over any other
///   mistake except an unknown command name; `--version` comes next.
/// - Otherwise the first mistake, in command-line order, is reported.
package struct ArgumentParser: Sendable {
  /// The command table.
  package let root: RootCommandSpec

  /// Creates a parser for `root`.
  package init(root: RootCommandSpec) {
    self.root = root
  }

  /// Parses `arguments` (without the program name). Never prints.
  ///
  /// Indices in occurrences and errors are positions in `arguments`.
  package func parse(_ arguments: [String]) -> ParseOutcome {
    var scan = Scan(root: root)
    let elements = SplitArguments(arguments).elements
    var position = 0
    while position < elements.count {
      let element = elements[position]
      position += 1
      switch element.kind {
      case .terminator:
        continue
      case .value(let text):
        if scan.command == nil {
          guard let command = root.command(named: text) else {
            let error = UsageError.unknownCommand(
              text, index: element.index,
              suggestion: Suggestion.closest(to: text, among: root.allCommands.map(\.name)),
              commands: root.allCommands.map(\.name))
            // An earlier mistake (`catalog -m x import`) explains this one; report it.
            return .usageError(failure(scan.firstError ?? error, command: nil))
          }
          scan.command = command
        } else {
          scan.positionals.append((text, element.index))
        }
      case .option(let name, let attached):
        var value: (text: String, index: Int)? = attached.map { ($0, element.index) }
        let takesValue = scan.spec(matching: name).map {
          if case .option = $0.kind { return true }
          return false
        }
        if takesValue == true, value == nil, position < elements.count,
          case .value(let text) = elements[position].kind
        {
          value = (text, elements[position].index)
          position += 1
        }
        scan.option(name, value: value, index: element.index)
      }
    }
    return finish(scan)
  }

  /// Renders a usage error about `command` (or the tool itself) with its synopsis; for
  /// errors a command finds in its own arguments after parsing.
  package func failure(_ error: UsageError, command: String?) -> UsageFailure {
    let generator = HelpGenerator(root: root)
    let spec = command.flatMap(root.command(named:))
    let usage = spec.map(generator.usage(for:)) ?? [generator.rootUsage]
    return UsageFailure(error: error, command: spec?.name, usage: usage, toolName: root.name)
  }

  private func finish(_ scan: Scan) -> ParseOutcome {
    let generator = HelpGenerator(root: root)
    if scan.helpRequested {
      return .help(scan.command.map(generator.help(for:)) ?? generator.rootHelp())
    }
    if scan.versionRequested {
      return .version(root.version + "\n")
    }
    if let error = scan.firstError {
      return .usageError(failure(error, command: scan.command?.name))
    }
    guard let command = scan.command else {
      let error = UsageError.missingCommand(commands: root.allCommands.map(\.name))
      return .usageError(failure(error, command: nil))
    }
    var occurrences = scan.occurrences
    do throws(UsageError) {
      occurrences += try assignPositionals(scan.positionals, to: command)
      occurrences.sort { $0.index < $1.index }
      try check(command.constraints, occurrences, command: command)
    } catch {
      return .usageError(failure(error, command: command.name))
    }
    let arguments = ParsedArguments(
      specs: command.arguments + root.globalOptions, occurrences: occurrences)
    guard command.name == RootCommandSpec.helpCommand.name else {
      return .run(ParsedCommand(spec: command, arguments: arguments))
    }
    return helpCommand(arguments, generator: generator)
  }

  /// `help` alone describes the tool; `help <command>` describes that command; `help --man`
  /// prints the manual page.
  private func helpCommand(_ arguments: ParsedArguments, generator: HelpGenerator) -> ParseOutcome {
    if arguments.flag("man") {
      return .help(ManPage(root: root).text)
    }
    guard let occurrence = arguments.occurrences(of: "command").first,
      let name = occurrence.value
    else {
      return .help(generator.rootHelp())
    }
    guard let command = root.command(named: name) else {
      let error = UsageError.unknownCommand(
        name, index: occurrence.index,
        suggestion: Suggestion.closest(to: name, among: root.allCommands.map(\.name)),
        commands: root.allCommands.map(\.name))
      return .usageError(failure(error, command: RootCommandSpec.helpCommand.name))
    }
    return .help(generator.help(for: command))
  }

  private func assignPositionals(
    _ values: [(text: String, index: Int)], to command: CommandSpec
  ) throws(UsageError) -> [ArgumentOccurrence] {
    var remaining = values[...]
    var occurrences: [ArgumentOccurrence] = []
    func take(_ spec: ArgumentSpec, _ value: (text: String, index: Int)) throws(UsageError) {
      try spec.validate(value.text, spelling: nil, index: value.index)
      occurrences.append(
        ArgumentOccurrence(
          name: spec.name, spelling: spec.longSpelling, index: value.index, value: value.text,
          valueIndex: value.index))
    }
    for spec in command.positionals {
      guard case .positional(let arity) = spec.kind else { continue }
      switch arity {
      case .required:
        guard let value = remaining.popFirst() else {
          throw .missingArgument(spec.longSpelling)
        }
        try take(spec, value)
      case .optional:
        if let value = remaining.popFirst() { try take(spec, value) }
      case .variadic:
        while let value = remaining.popFirst() { try take(spec, value) }
      }
    }
    if let extra = remaining.first {
      throw .unexpectedArgument(extra.text, index: extra.index)
    }
    return occurrences
  }

  private func check(
    _ constraints: [ArgumentConstraint], _ occurrences: [ArgumentOccurrence],
    command: CommandSpec
  ) throws(UsageError) {
    for constraint in constraints {
      switch constraint {
      case .mutuallyExclusive(let names):
        let given = occurrences.filter { names.contains($0.name) }
        guard let first = given.first else { continue }
        if let second = given.first(where: { $0.name != first.name }) {
          throw .conflictingArguments(
            Self.quoted(first), Self.quoted(second), index: second.index)
        }
      case .oneRequired(let names):
        guard !occurrences.contains(where: { names.contains($0.name) }) else { continue }
        let specs = names.compactMap { name in command.arguments.first { $0.name == name } }
        throw .missingOneOf(specs.map { $0.display() })
      }
    }
  }

  /// How a conflict quotes an argument: the option as typed, or a positional's value.
  private static func quoted(_ occurrence: ArgumentOccurrence) -> String {
    occurrence.spelling.hasPrefix("<")
      ? (occurrence.value ?? occurrence.spelling) : occurrence.spelling
  }
}

/// The state of one left-to-right pass over the command line.
private struct Scan {
  let root: RootCommandSpec
  var command: CommandSpec?
  var occurrences: [ArgumentOccurrence] = []
  var positionals: [(text: String, index: Int)] = []
  var helpRequested = false
  var versionRequested = false
  var firstError: UsageError?

  init(root: RootCommandSpec) {
    self.root = root
  }

  /// The options and flags in force: the command's (once known), then the global ones.
  var namedSpecs: [ArgumentSpec] {
    (command?.namedArguments ?? []) + root.globalOptions
  }

  func spec(matching name: String) -> ArgumentSpec? {
    namedSpecs.first { $0.matches(name) }
  }

  mutating func record(_ error: UsageError) {
    if firstError == nil { firstError = error }
  }

  /// Handles one option or flag; `value` is its attached or following value, if any.
  mutating func option(_ name: String, value: (text: String, index: Int)?, index: Int) {
    if name == "--help" || name == "-h" || name == "--version" {
      if let value {
        record(.unexpectedValue(option: name, value: value.text, index: index))
      } else if name == "--version" {
        versionRequested = true
      } else {
        helpRequested = true
      }
      return
    }
    guard let spec = spec(matching: name) else {
      let candidates = namedSpecs.map(\.longSpelling) + ["--help", "--version"]
      let suggestion = Suggestion.closest(to: name, among: candidates)
      record(.unknownOption(name, index: index, suggestion: suggestion))
      return
    }
    if !spec.isRepeatable, let previous = occurrences.first(where: { $0.name == spec.name }) {
      record(.duplicateOption(name, index: index, previous: previous.spelling))
      return
    }
    switch spec.kind {
    case .flag:
      if let value {
        record(.unexpectedValue(option: name, value: value.text, index: index))
        return
      }
      occurrences.append(
        ArgumentOccurrence(
          name: spec.name, spelling: name, index: index, value: nil, valueIndex: nil))
    case .option:
      guard let value else {
        record(.missingValue(option: spec.display(as: name), index: index))
        return
      }
      do throws(UsageError) {
        try spec.validate(value.text, spelling: name, index: value.index)
      } catch {
        record(error)
        return
      }
      occurrences.append(
        ArgumentOccurrence(
          name: spec.name, spelling: name, index: index, value: value.text,
          valueIndex: value.index))
    case .positional:
      break
    }
  }
}

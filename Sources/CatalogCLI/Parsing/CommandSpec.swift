/// The declaration of one subcommand: its name, its help texts and its arguments.
///
/// ```swift
/// let check = CommandSpec(
///   name: "check",
///   abstract: "Validate a components.json file without importing it.",
///   discussion: "Reports every problem in the file, each with its position.",
///   arguments: [.positional("file", help: "The file to check, or '-' for stdin.")])
/// ```
///
/// Positionals are matched in declaration order: required ones first, then optional ones,
/// then at most one variadic one.
package struct CommandSpec: Sendable, Equatable {
  /// One worked example in the help text.
  package struct Example: Sendable, Equatable {
    /// What the example does, as a short sentence.
    package let explanation: String
    /// The command line, starting with `catalog`; several lines for a sequence of commands.
    package let command: String

    /// Creates an example.
    package init(_ explanation: String, _ command: String) {
      self.explanation = explanation
      self.command = command
    }
  }

  /// The word that selects the command (`import`).
  package let name: String
  /// One line, shown in the root help's command list and after `OVERVIEW:`.
  package let abstract: String
  /// Paragraphs separated by blank lines; wrapped to the terminal width in help.
  package let discussion: String
  /// The command's own options, flags and positionals (global options are not repeated).
  package let arguments: [ArgumentSpec]
  /// Checks that span several arguments (`--list` excludes `--delete`).
  package let constraints: [ArgumentConstraint]
  /// Worked examples, shown under `EXAMPLES:`.
  package let examples: [Example]
  /// Related commands, shown under `SEE ALSO:`.
  package let seeAlso: [String]
  /// Usage forms (the part after `catalog <name>`) when one synopsis cannot say it, as for
  /// `tag <name> [<rev>]`, `tag --list` and `tag --delete <name>`; empty to derive one.
  package let usageForms: [String]

  /// Creates a command spec.
  package init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    constraints: [ArgumentConstraint] = [], examples: [Example] = [], seeAlso: [String] = [],
    usageForms: [String] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.constraints = constraints
    self.examples = examples
    self.seeAlso = seeAlso
    self.usageForms = usageForms
  }

  /// The positional arguments, in order.
  package var positionals: [ArgumentSpec] {
    arguments.filter { !$0.isNamed }
  }

  /// The options and flags, in order.
  package var namedArguments: [ArgumentSpec] {
    arguments.filter(\.isNamed)
  }
}

/// The whole command line: the tool's name, its global options and its subcommands.
///
/// Global options (`--database`) are accepted before or after the subcommand name. The
/// parser adds `--help`/`-h`, `--version` and the `help` command itself, so they are not
/// declared here.
package struct RootCommandSpec: Sendable, Equatable {
  /// The tool's name as users type it (`catalog`).
  package let name: String
  /// The text printed by `--version`.
  package let version: String
  /// One line after `OVERVIEW:` in the root help.
  package let abstract: String
  /// Paragraphs shown after the overview in the root help.
  package let discussion: String
  /// Options accepted by every command.
  package let globalOptions: [ArgumentSpec]
  /// The subcommands, in the order the root help lists them.
  package let commands: [CommandSpec]

  /// Creates the root spec.
  package init(
    name: String, version: String, abstract: String, discussion: String = "",
    globalOptions: [ArgumentSpec], commands: [CommandSpec]
  ) {
    self.name = name
    self.version = version
    self.abstract = abstract
    self.discussion = discussion
    self.globalOptions = globalOptions
    self.commands = commands
  }

  /// The built-in `help [<command>]` command.
  package static let helpCommand = CommandSpec(
    name: "help",
    abstract: "Show help for a command.",
    arguments: [
      {
        var command = ArgumentSpec.positional(
          "command", arity: .optional, help: "The command to describe.")
        command.completion = .command
        return command
      }(),
      .flag("man", help: "Print the manual page of every command instead (roff, for man -l)."),
    ],
    // The manual page covers every command; 'help import --man' would ignore 'import'.
    constraints: [.mutuallyExclusive(["command", "man"])])

  /// The declared commands followed by `help`.
  package var allCommands: [CommandSpec] {
    commands + [Self.helpCommand]
  }

  /// The command called `name`, including `help`.
  package func command(named name: String) -> CommandSpec? {
    allCommands.first { $0.name == name }
  }
}

/// `catalog completions bash|zsh|fish`: the shell completion script.
enum CompletionsCommand: CatalogCommand {
  static let shell: ArgumentKey<CompletionScript.Shell?> = .choicePositional(
    "shell", of: CompletionScript.Shell.self, help: "bash, zsh or fish.")

  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, options, the values of options that take one of a few \
      words (--format, --fail-on), file names where a file is expected, and kinds and tags \
      read from the catalog (the one --database on the command line names, else the \
      default) where a kind or a revision is expected.
      """,
    arguments: [shell.spec],
    examples: [
      Example(
        "Complete in bash (or add 'source <(catalog completions bash)' to ~/.bashrc):",
        "catalog completions bash > /etc/bash_completion.d/catalog"),
      Example(
        "Complete in zsh (a directory on $fpath, before compinit runs):",
        "catalog completions zsh > ~/.zfunc/_catalog"),
      Example(
        "Complete in fish:", "catalog completions fish > ~/.config/fish/completions/catalog.fish"),
    ],
    seeAlso: ["help"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let chosen = context.arguments[shell] ?? .bash
    let script = CompletionScript(root: CatalogCommandTable.root).script(for: chosen)
    context.console.write(Array(script.utf8))
    return .success
  }
}

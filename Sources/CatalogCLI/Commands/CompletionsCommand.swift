import CatalogStore

/// `catalog completions bash|zsh|fish`: the shell completion script; `catalog completions
/// --candidates kinds|categories|tags|builds|revisions`: what the scripts read from the catalog.
enum CompletionsCommand: CatalogCommand {
  static let shell: ArgumentKey<CompletionScript.Shell?> = ArgumentKey(
    .positional(
      "shell", arity: .optional, value: .choice(CompletionScript.Shell.allCases.map(\.rawValue)),
      help: "bash, zsh or fish."))
  static let candidates: ArgumentKey<CompletionCandidates.List?> = ArgumentKey(
    .option(
      "candidates", valueName: "list",
      value: .choice(CompletionCandidates.List.allCases.map(\.rawValue)),
      help:
        "Print the catalog's kinds, categories, tags, app builds or revisions for a "
        + "completion script, "
        + "each ended by a NUL byte."))

  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, options, the values of options that take one of a few \
      words (--format, --fail-on, a policy mode), file and directory names where one is \
      expected, and, read from the catalog (the one --database on the command line names, \
      else the default) when you press Tab, kinds, categories, tags, app builds \
      (APP@VERSION, after 'contract show' and 'contract retire') and revisions (@REF \
      after diff). Catalog text is only ever offered as a literal candidate: a shell never \
      evaluates it.

      --candidates prints what the scripts read: each kind, category, tag, recorded app \
      build or revision (head, the tags, the 20 newest revision numbers) as it is stored, ended by a NUL \
      byte; a value that holds a NUL byte itself is left out. A catalog that cannot be read \
      is an error, as for 'kinds'.
      """,
    arguments: [shell.spec, candidates.spec],
    constraints: [.mutuallyExclusive(shell, candidates), .oneRequired(shell, candidates)],
    examples: CompletionScript.installation.map { Example($0.purpose, $0.command) },
    seeAlso: ["help"],
    usageForms: ["<shell>", "--candidates <list>"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    if let list = context.arguments[candidates] {
      let catalog = try context.openCatalog(forWriting: false)
      context.console.write(try CompletionCandidates.bytes(of: list, in: catalog))
      return .success
    }
    let chosen = context.arguments[shell] ?? .bash
    let script = CompletionScript(root: CatalogCommandTable.root).script(for: chosen)
    context.console.write(Array(script.utf8))
    return .success
  }
}

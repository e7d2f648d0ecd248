import CatalogStore

/// `catalog revert REV`: a new revision that undoes one revision's changes.
enum RevertCommand: CatalogCommand {
  static let rev: ArgumentKey<String?> = .positional(
    "rev", help: "The revision to undo: a number, head, head^, a tag, v2~1, …"
  ).completing(.revision)

  static let spec = CommandSpec(
    name: "revert",
    abstract: "Write a new revision that undoes one revision's changes.",
    discussion: """
      Undoes what <rev> changed (compared with the revision before it) on top of head, like \
      'git revert': the three-way merge of 'catalog merge' (head as ours, the revision \
      before <rev> as theirs, <rev> as base), by component, keeping what later revisions \
      changed elsewhere. A kind <rev> added is removed, one it removed comes back, a rename \
      is renamed back (the same component, its history kept), a move is undone, and \
      changed fields get their old values.

      If a later revision changed a place <rev> changed (or changed an entry it added, or \
      removed one it changed), nothing is written: the conflicting kinds and paths \
      are listed and the exit status is 65. Restore is the other way back: it makes the \
      whole catalog equal to an old revision.
      """,
    arguments: [
      rev.spec
    ] + CommonArguments.writeOptions + [CommonArguments.resultFormat.spec],
    examples: [
      Example("Undo the last revision:", "catalog revert head"),
      Example("Undo a tagged release's changes:", #"catalog revert v1.3 -m "Back out 1.3""#),
    ],
    seeAlso: ["restore", "show", "log"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.revert(
      RevisionReference(parsing: context.arguments[rev] ?? "head"),
      options: context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

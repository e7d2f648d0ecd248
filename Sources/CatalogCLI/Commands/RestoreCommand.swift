import CatalogStore

/// `catalog restore REV`: a new revision equal to an old one.
enum RestoreCommand: CatalogCommand {
  static let rev: ArgumentKey<String?> = .positional(
    "rev", help: "The revision to restore: a number, head~N, a tag or a time."
  ).completing(.revision)

  static let spec = CommandSpec(
    name: "restore",
    abstract: "Write a new revision whose catalog equals an earlier one.",
    discussion: """
      History is never rewritten: restore moves forward, writing one revision that adds, \
      changes and removes whatever makes head equal to <rev>. If head already equals \
      <rev>, nothing is written.
      """,
    arguments: [
      rev.spec
    ] + CommonArguments.writeOptions + [CommonArguments.resultFormat.spec],
    examples: [
      Example("Go back to a release:", #"catalog restore v1.2 -m "Back out the redesign""#),
      Example("Undo the last revision:", "catalog restore head~1"),
    ],
    seeAlso: ["log", "diff", "tag"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.restore(
      RevisionReference(parsing: context.arguments[rev] ?? "head"),
      options: context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

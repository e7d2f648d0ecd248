import CatalogStore

/// `catalog rename OLD NEW`: a new revision in which a kind has a new name.
enum RenameCommand: CatalogCommand {
  static let old: ArgumentKey<String?> = .positional("old", help: "The kind's current name.")
    .completing(.kind)
  static let new: ArgumentKey<String?> = .positional("new", help: "The kind's new name.")

  static let spec = CommandSpec(
    name: "rename",
    abstract: "Rename a kind in a new revision.",
    discussion: """
      Writes a revision in which the entry <old> is called <new>. Export writes the new \
      name; log and blame of <new> follow its history back through <old>.
      """,
    arguments: [
      old.spec, new.spec,
    ] + CommonArguments.writeOptions + [CommonArguments.resultFormat.spec],
    examples: [
      Example(
        "Fix a kind name:", #"catalog rename tilepreview tile-preview -m "Use kebab-case""#)
    ],
    seeAlso: ["log", "blame"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.rename(
      context.arguments[old] ?? "", to: context.arguments[new] ?? "",
      options: context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

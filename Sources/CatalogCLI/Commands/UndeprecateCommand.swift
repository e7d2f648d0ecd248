import CatalogStore

/// `catalog undeprecate KIND`: clear the mark in a new revision.
enum UndeprecateCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional(
    "kind", help: "The kind to undeprecate."
  ).completing(.kind)

  static let spec = CommandSpec(
    name: "undeprecate",
    abstract: "Remove the deprecated mark from a kind in a new revision.",
    discussion: """
      Undoes 'catalog deprecate'. Nothing is written if the kind is not deprecated.
      """,
    arguments: [kind.spec] + CommonArguments.writeOptions
      + [CommonArguments.resultFormat.spec],
    examples: [Example("Keep a kind after all:", "catalog undeprecate legacy-banner")],
    seeAlso: ["deprecate"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    try DeprecateCommand.setDeprecated(false, kind: kind, context)
  }
}

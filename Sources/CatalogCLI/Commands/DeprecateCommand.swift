import CatalogStore

/// `catalog deprecate KIND`: mark an entry deprecated in a new revision.
enum DeprecateCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional(
    "kind", help: "The kind to deprecate."
  ).completing(.kind)

  static let spec = CommandSpec(
    name: "deprecate",
    abstract: "Mark a kind deprecated in a new revision.",
    discussion: """
      The entry stays in the catalog and in exports, where it gains "deprecated": true, \
      so apps can warn before the kind is removed. Nothing is written if the kind is \
      already deprecated.
      """,
    arguments: [kind.spec] + CommonArguments.writeOptions
      + [CommonArguments.resultFormat.spec],
    examples: [
      Example(
        "Deprecate a kind:", #"catalog deprecate legacy-banner -m "Use hero-banner instead""#)
    ],
    seeAlso: ["undeprecate", "log"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    try setDeprecated(true, kind: kind, context)
  }

  /// What `deprecate` and `undeprecate` run: the mark set or cleared in a new revision.
  static func setDeprecated(
    _ deprecated: Bool, kind: ArgumentKey<String?>, _ context: CommandContext
  ) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.setDeprecated(
      context.arguments[kind] ?? "", deprecated, options: context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

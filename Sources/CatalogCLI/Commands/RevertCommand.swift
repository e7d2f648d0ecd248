import CatalogStore

/// `catalog revert REV`: a new revision that undoes one revision's changes.
enum RevertCommand: CatalogCommand {
  static let spec = CommandSpec.revertCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.revert(
      RevisionReference(parsing: context.arguments.positional("rev") ?? "head"),
      options: try context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

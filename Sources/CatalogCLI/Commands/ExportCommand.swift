import CatalogStore

/// `catalog export`: the catalog at a revision as components.json.
enum ExportCommand: CatalogCommand {
  static let spec = CommandSpec.exportCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    // A catalog with no revision exports nothing a build could use: say so, as for a
    // missing catalog, instead of printing an empty manifest.
    guard try catalog.head() != nil else {
      throw CatalogError.unreadable(
        path: context.databasePath,
        reason: "the catalog has no revision yet; 'catalog import FILE' writes the first")
    }
    let reference = context.atReference
    let categories = context.arguments.strings("category")
    if let output = context.arguments.string("output"), output != "-" {
      try catalog.export(at: reference, categories: categories, toFile: output)
    } else {
      try catalog.export(at: reference, categories: categories) {
        try context.console.writeChecked($0)
      }
    }
    return .success
  }
}

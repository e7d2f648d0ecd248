import CatalogStore

/// `catalog export`: the catalog at a revision as components.json.
enum ExportCommand: CatalogCommand {
  static let spec = CommandSpec.exportCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
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

import CatalogStore
import Components

/// `catalog check FILE`: validate a components.json file without touching any catalog.
enum CheckCommand: CatalogCommand {
  static let spec = CommandSpec.checkCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let file = context.arguments.positional("file") ?? "-"
    let source: DocumentSource = file == "-" ? .standardInput : .file(file)
    let limits = try context.documentLimits()
    let entries = try source.readEntries(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
    context.console.print("ok: \(entries.count) component\(entries.count == 1 ? "" : "s")")
    return .success
  }
}

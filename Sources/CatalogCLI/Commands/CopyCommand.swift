import CatalogStore

/// `catalog copy FROM TO`.
enum CopyCommand: CatalogCommand {
  static let spec = CommandSpec.copyCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let timeout = try context.arguments.double("busy-timeout") ?? 5
    let from = try Catalog(
      location: CatalogLocation(context.arguments.positional("from") ?? ""),
      options: Catalog.Options(busyTimeout: timeout, readOnly: true, create: false))
    let to = try Catalog(
      location: CatalogLocation(context.arguments.positional("to") ?? ""),
      options: Catalog.Options(busyTimeout: timeout))
    let summary = try to.copyHistory(from: from)
    context.console.print(
      "copied \(summary.revisions) revisions (\(summary.entryVersions) entry versions, "
        + "\(summary.tags) tags) from \(from.path) to \(to.path)")
    return .success
  }
}

import CatalogStore

/// `catalog restore REV`: a new revision equal to an old one.
enum RestoreCommand: CatalogCommand {
  static let spec = CommandSpec.restoreCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.restore(
      RevisionReference(parsing: context.arguments.positional("rev") ?? "head"),
      options: try context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

/// `catalog rename OLD NEW`: a new revision in which a kind has a new name.
enum RenameCommand: CatalogCommand {
  static let spec = CommandSpec.renameCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.rename(
      context.arguments.positional("old") ?? "", to: context.arguments.positional("new") ?? "",
      options: try context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

/// `catalog deprecate KIND`: mark an entry deprecated in a new revision.
enum DeprecateCommand: CatalogCommand {
  static let spec = CommandSpec.deprecateCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    try setDeprecated(true, context)
  }
}

/// `catalog undeprecate KIND`: clear the mark in a new revision.
enum UndeprecateCommand: CatalogCommand {
  static let spec = CommandSpec.undeprecateCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    try setDeprecated(false, context)
  }
}

private func setDeprecated(_ deprecated: Bool, _ context: CommandContext) throws -> ExitStatus {
  let catalog = try context.openCatalog(forWriting: true)
  let result = try catalog.setDeprecated(
    context.arguments.positional("kind") ?? "", deprecated, options: try context.writeOptions())
  WriteReport.report(result, context)
  return .success
}

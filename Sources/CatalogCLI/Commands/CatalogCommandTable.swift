/// The `catalog` command line: every command, in the order the root help lists them.
package enum CatalogCommandTable {
  /// The text of `catalog --version`.
  package static let version = "0.1.0"

  /// The root spec: global options and subcommands.
  package static let root = RootCommandSpec(
    name: "catalog",
    version: version,
    abstract: "Keep a catalog of UI components with its full revision history.",
    discussion: """
      A catalog holds every revision of a components.json document, in a SQLite file \
      (the default, components.sqlite) or a PostgreSQL database (a postgresql:// URL). \
      Import files into it, export any revision back byte for byte, and audit, compare \
      and patch its history.

      A revision is named by its number (7), head, head~N (N revisions before head), a \
      tag, or an ISO-8601 time (2026-11-29 or 2026-11-29T14:03:00Z: the revision that \
      was head at that moment).

      Environment: CATALOG_DATABASE is the database when --database is not given, \
      CATALOG_AUTHOR the author when --author is not given; NO_COLOR turns colour off.
      """,
    globalOptions: [CommonArguments.database.spec, CommonArguments.busyTimeout.spec],
    commands: commands.map { $0.spec })

  /// Every command, in the order the root help lists them: its spec and its run.
  // Computed: an array of metatypes is not Sendable, so it cannot be a stored static.
  package static var commands: [any CatalogCommand.Type] {
    [
      ImportCommand.self,
      ExportCommand.self,
      CheckCommand.self,
      PolicyCommand.self,
      ContractCommand.self,
      ClientsCommand.self,
      LogCommand.self,
      ShowCommand.self,
      BlameCommand.self,
      KindsCommand.self,
      CategoriesCommand.self,
      TagCommand.self,
      RestoreCommand.self,
      RevertCommand.self,
      RenameCommand.self,
      DeprecateCommand.self,
      UndeprecateCommand.self,
      DiffCommand.self,
      PatchCommand.self,
      MergeCommand.self,
      GitCommand.self,
      DoctorCommand.self,
      VerifyCommand.self,
      ValidateUICommand.self,
      McpCommand.self,
      CopyCommand.self,
      SiteCommand.self,
      CompletionsCommand.self,
      InstallCommand.self,
    ]
  }

  /// The command called `name`, as the parser selected it.
  package static func command(named name: String) -> (any CatalogCommand.Type)? {
    commands.first { $0.spec.name == name }
  }

  /// A parser for the table.
  package static let parser = ArgumentParser(root: root)
}

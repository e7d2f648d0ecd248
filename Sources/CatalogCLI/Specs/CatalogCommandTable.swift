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
      A catalog is a SQLite file that holds every revision of a components.json \
      document. Import files into it, export any revision back byte for byte, and \
      audit, compare and patch its history.

      A revision is named by its number (7), head, head~N (N revisions before head), a \
      tag, or an ISO-8601 time (2026-11-29 or 2026-11-29T14:03:00Z: the revision that \
      was head at that moment).

      Environment: CATALOG_DATABASE is the database when --database is not given, \
      CATALOG_AUTHOR the author when --author is not given; NO_COLOR turns colour off.
      """,
    globalOptions: [.database, .busyTimeout],
    commands: [
      .importCommand,
      .exportCommand,
      .checkCommand,
      .policyCommand,
      .logCommand,
      .showCommand,
      .blameCommand,
      .kindsCommand,
      .categoriesCommand,
      .tagCommand,
      .restoreCommand,
      .revertCommand,
      .renameCommand,
      .deprecateCommand,
      .undeprecateCommand,
      .diffCommand,
      .patchCommand,
      .mergeCommand,
      .gitCommand,
      .doctorCommand,
      .copyCommand,
      .siteCommand,
    ])

  /// A parser for the table.
  package static let parser = ArgumentParser(root: root)
}

import PackagePlugin

/// Turns the target's `NNNN_name.sql` files into one Swift file of string literals.
///
/// `Bundle.module` does not survive a copied binary on Linux; string literals do, so the
/// `catalog` executable carries its schema with it.
@main
struct EmbedMigrationsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let sourceTarget = target as? SourceModuleTarget else { return [] }
    let sqlFiles = sourceTarget.sourceFiles
      .map(\.url)
      .filter { $0.pathExtension == "sql" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedMigrationFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(sqlFiles.count) migrations",
        executable: try context.tool(named: "embed-migrations").url,
        arguments: [output.path] + sqlFiles.map(\.path),
        inputFiles: sqlFiles,
        outputFiles: [output]
      )
    ]
  }
}

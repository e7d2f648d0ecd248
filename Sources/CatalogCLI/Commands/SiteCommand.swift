import CatalogSite
import CatalogStore
import Components

/// `catalog site --output DIR`: the catalog as a static website.
enum SiteCommand: CatalogCommand {
  static let output: ArgumentKey<String?> = .option(
    "output", short: "o", valueName: "dir", help: "The directory to write."
  ).completing(.directory)
  static let title: ArgumentKey<String?> = .option(
    "title", valueName: "text", defaultValue: "Component catalog",
    help: "The site's name, shown on every page.")
  static let agents: ArgumentKey<Bool> = .flag(
    "agents",
    help: "Also write each release's A2UI catalog and JSON Schema beside its components.json.")

  static let spec = CommandSpec(
    name: "site",
    abstract: "Write a browsable, searchable static website of the catalog.",
    discussion: """
      Writes plain HTML files into --output: an index of every kind with search and \
      filters, a page per kind (payload with per-value blame, history, exact JSON), a \
      page per revision, and the releases (tags) with their components.json and the \
      changes since the previous tag. The site works opened from file:// and from any \
      static host; it fetches nothing from the network.

      The site is written into a temporary directory beside --output and renamed into \
      place when complete. An existing --output is replaced only if it is empty or holds \
      nothing but a site written by this command (its .catalog-site file lists every \
      file it wrote); a directory with other files in it is refused.

      With --agents each release also gets its files for agents: <tag>.a2ui.json and \
      <tag>.schema.json, the bytes of 'catalog export --format a2ui|json-schema --at TAG'.
      """,
    arguments: [
      output.spec, title.spec, agents.spec, CommonArguments.at.spec,
      CommonArguments.resultFormat.spec,
      CommonArguments.quiet.spec,
    ],
    constraints: [.oneRequired(output)],
    examples: [
      Example("Publish the catalog at head:", "catalog site --output site"),
      Example(
        "The site of release v1.2, with a name:",
        "catalog site --output site-v1.2 --at v1.2 --title 'Design system'"),
    ],
    seeAlso: ["export", "log", "blame"],
    usageForms: [
      "--output <dir> [--title <text>] [--agents] [--at <rev>] [--format <format>] [--quiet]"
    ])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    // The parser refuses an empty path (`ArgumentSpec.validate`).
    let output = context.arguments[Self.output] ?? ""
    let catalog = try context.openCatalogWithRevisions()
    let options = CatalogSite.Options(
      title: context.arguments[title] ?? "Component catalog",
      reference: context.atReference, agentFiles: context.arguments[agents])
    let summary: CatalogSite.Summary
    let progress = ProgressLine(
      console: context.console, label: "writing \(output)",
      quiet: context.arguments[CommonArguments.quiet])
    defer { progress.finish() }
    do {
      summary = try CatalogSite.write(catalog, to: output, options: options) {
        progress.update($0, unit: "files")
      }
      progress.finish()
    } catch let error as CatalogSiteError {
      context.console.error("catalog: error: \(error)")
      switch error {
      case .notASite, .holdsOtherFiles, .samePageName: return .dataError
      case .io: return .ioError
      }
    }
    if context.arguments[CommonArguments.resultFormat] == .json {
      ResultJSON.print(ResultJSON.site(summary, output: output), to: context.console)
      return .success
    }
    context.console.printToStderr(
      "wrote \(output): revision \(summary.revision), \(summary.kinds.counting("kind")), "
        + "\(summary.revisions.counting("revision")), \(summary.releases.counting("release")), "
        + "\(summary.files.counting("file"))\n")
    return .success
  }
}

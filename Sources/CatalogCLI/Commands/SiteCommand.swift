import CatalogSite
import CatalogStore

/// `catalog site --output DIR`: the catalog as a static website.
enum SiteCommand: CatalogCommand {
  static let spec = CommandSpec.siteCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let output = context.arguments.string("output") ?? ""
    let options = CatalogSite.Options(
      title: context.arguments.string("title") ?? "Component catalog",
      reference: context.atReference)
    let summary: CatalogSite.Summary
    do {
      summary = try CatalogSite.write(catalog, to: output, options: options)
    } catch let error as CatalogSiteError {
      context.console.error("catalog: error: \(error)")
      switch error {
      case .notASite: return .dataError
      case .io: return .ioError
      }
    }
    context.console.progress(
      "wrote \(output): revision \(summary.revision), \(summary.kinds) kinds, "
        + "\(summary.revisions) revisions, \(summary.releases) releases, \(summary.files) files\n")
    return .success
  }
}

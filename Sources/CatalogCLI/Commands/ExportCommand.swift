import CatalogStorage
import CatalogStore
import Components

/// `catalog export`: the catalog at a revision as components.json.
enum ExportCommand: CatalogCommand {
  static let spec = CommandSpec.exportCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    // A catalog with no revision exports nothing a build could use: say so, as for a
    // missing catalog, instead of printing an empty manifest.
    guard try catalog.head() != nil else {
      throw CatalogError.noCatalog(location: context.databasePath, .noRevision)
    }
    var reference = context.atReference
    let categories = context.arguments.strings("category")
    if !categories.isEmpty {
      // Pin the revision so that the check and the export read the same one.
      let number = try catalog.revision(reference).id
      reference = .number(number)
      try checkCategories(categories, at: number, in: catalog)
    }
    if let output = context.arguments.string("output"), output != "-" {
      try catalog.export(at: reference, categories: categories, toFile: output)
    } else {
      try catalog.export(at: reference, categories: categories) {
        try context.console.writeChecked($0)
      }
    }
    return .success
  }

  /// A `--category` that no entry of revision `number` has is a mistake (a typo, the wrong
  /// case), not a request for an empty manifest: exit 65 with the categories there are.
  ///
  /// `no category 'display' at revision 7; did you mean 'Display'? (categories: Display, Input)`
  static func checkCategories(_ wanted: [String], at number: Int64, in catalog: Catalog) throws {
    let names = try catalog.categories(at: .number(number)).map(\.category)
    // Categories are compared by bytes, as kinds are.
    let known = Set(names.map(BytewiseString.init))
    guard let missing = wanted.first(where: { !known.contains(BytewiseString($0)) }) else {
      return
    }
    let suggestion = Suggestion.closest(to: missing, among: names).map {
      "; did you mean '\($0)'?"
    }
    let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
    throw CatalogError.invalidRequest(
      "no category '\(missing)' at revision \(number)\(suggestion ?? "") (categories: \(shown))")
  }
}

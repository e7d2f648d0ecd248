import CatalogDiff
import CatalogStore
import Components

/// `catalog kinds [--category C]`: the kinds at a revision.
enum KindsCommand: CatalogCommand {
  static let category: ArgumentKey<String?> = .option(
    "category", valueName: "name", help: "List only the kinds of this category."
  ).completing(.category)

  static let spec = CommandSpec(
    name: "kinds",
    abstract: "List the kinds of the catalog, with their categories.",
    discussion: """
      Lists every kind at --at (default head) in catalog order, with its category, and \
      (deprecated) after a deprecated one. --category keeps one category; a category no \
      kind has is an error (exit status 65) that names the closest one.
      """,
    arguments: [
      category.spec, CommonArguments.at.spec, CommonArguments.listFormat.spec,
    ],
    examples: [
      Example("Every kind at head:", "catalog kinds"),
      Example(
        "The badges of a release, for a script:",
        "catalog kinds --category Badges --at v1 --format json"),
    ],
    seeAlso: ["categories", "show", "export"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalogWithRevisions()
    let entries = try catalog.kinds(
      category: context.arguments[category], at: context.atReference)
    switch context.arguments[CommonArguments.listFormat] ?? .text {
    case .json:
      HistoryFormat.printJSON(ListJSON.kinds(entries), to: context.console)
    case .text:
      // Quoted as `diff` quotes them when they would print as nothing or as another name
      // (a kind renamed to "  ", one with control characters).
      let kinds = entries.map(\.kind.printableKind)
      let width = TextColumn.width(of: kinds.lazy)
      for (entry, kind) in zip(entries, kinds) {
        context.console.print(
          "\(TextColumn.padded(kind, to: width))  \(entry.category.printable)"
            + (entry.isDeprecated ? "  (deprecated)" : ""))
      }
    }
    return .success
  }
}

/// `catalog categories`: the categories at a revision.
enum CategoriesCommand: CatalogCommand {
  static let spec = CommandSpec(
    name: "categories",
    abstract: "List the categories of the catalog, with how many kinds each has.",
    discussion: """
      Lists the categories at --at (default head), sorted, each with its number of kinds.
      """,
    arguments: [
      CommonArguments.at.spec, CommonArguments.listFormat.spec,
    ],
    examples: [Example("The categories at head:", "catalog categories")],
    seeAlso: ["kinds"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalogWithRevisions()
    let categories = try catalog.categories(at: context.atReference)
    switch context.arguments[CommonArguments.listFormat] ?? .text {
    case .json:
      HistoryFormat.printJSON(ListJSON.categories(categories), to: context.console)
    case .text:
      let names = categories.map(\.category.printable)
      let width = TextColumn.width(of: names.lazy)
      for (item, name) in zip(categories, names) {
        context.console.print(TextColumn.padded(name, to: width) + "  \(item.count)")
      }
    }
    return .success
  }
}

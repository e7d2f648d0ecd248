import CatalogStore
import Components

/// `catalog kinds [--category C]`: the kinds at a revision.
enum KindsCommand: CatalogCommand {
  static let spec = CommandSpec.kindsCommand

  enum Format: String, CaseIterable {
    case text
    case json
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let entries = try catalog.kinds(
      category: context.arguments.string("category"), at: context.atReference)
    switch try context.arguments.choice("format", as: Format.self) ?? .text {
    case .json:
      HistoryFormat.printJSON(
        .array(
          entries.map { entry in
            .object(
              JSONObject([
                .init(key: "kind", value: .string(entry.kind)),
                .init(key: "category", value: .string(entry.category)),
                .init(key: "description", value: .string(entry.description)),
                .init(key: "deprecated", value: .bool(entry.isDeprecated)),
              ]))
          }), to: context.console)
    case .text:
      let width = entries.map(\.kind.count).max() ?? 0
      for entry in entries {
        let kind = entry.kind.padding(toLength: width, withPad: " ", startingAt: 0)
        context.console.print(
          "\(kind)  \(entry.category)" + (entry.isDeprecated ? "  (deprecated)" : ""))
      }
    }
    return .success
  }
}

/// `catalog categories`: the categories at a revision.
enum CategoriesCommand: CatalogCommand {
  static let spec = CommandSpec.categoriesCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let categories = try catalog.categories(at: context.atReference)
    switch try context.arguments.choice("format", as: KindsCommand.Format.self) ?? .text {
    case .json:
      HistoryFormat.printJSON(
        .array(
          categories.map {
            .object(
              JSONObject([
                .init(key: "category", value: .string($0.category)),
                .init(key: "kinds", value: .number(JSONNumber($0.count))),
              ]))
          }), to: context.console)
    case .text:
      let width = categories.map(\.category.count).max() ?? 0
      for item in categories {
        context.console.print(
          item.category.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(item.count)")
      }
    }
    return .success
  }
}

import CatalogStore
import Components

/// `catalog show KIND`: one entry as it was at a revision.
enum ShowCommand: CatalogCommand {
  static let spec = CommandSpec.showCommand

  enum Format: String, CaseIterable {
    case json
    case text
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let kind = context.arguments.positional("kind") ?? ""
    let entry = try catalog.entry(kind, at: context.atReference)
    switch try context.arguments.choice("format", as: Format.self) ?? .json {
    case .json:
      HistoryFormat.printJSON(try entry.jsonValue, to: context.console)
    case .text:
      let console = context.console
      console.print("kind:        \(entry.kind)")
      console.print("category:    \(entry.category)")
      console.print("description: \(entry.description)")
      if entry.isDeprecated { console.print("deprecated:  yes") }
      for member in entry.extraMembers where !member.key.hasSameBytes(as: "deprecated") {
        console.print("\(member.key): \(member.value)")
      }
      console.print("payload:")
      for line in try entry.payload.value().indentedText.split(separator: "\n") {
        console.print("  \(line)")
      }
    }
    return .success
  }
}

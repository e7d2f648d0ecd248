import CatalogDiff
import CatalogStore
import Components
import Foundation

extension PolicyCommand {
  /// `policy show`: the policies, or with `--kind` the kind's effective mode and where it
  /// comes from.
  static func runShow(_ context: CommandContext) throws {
    let arguments = context.arguments
    let kind = arguments[Self.kind]
    try requireNoOperand(.show, context)
    let catalog = try context.openCatalog(forWriting: false)
    let policy = try catalog.policy()
    let format = arguments[CommonArguments.listFormat] ?? .text
    if let kind {
      let entry = try? catalog.entryFollowingRenames(kind).entry
      let effective = policy.effectiveMode(kind: kind, category: entry?.category ?? "")
      if format == .json {
        HistoryFormat.printJSON(
          ListJSON.policyMode(kind: kind, category: entry?.category, effective),
          to: context.console)
      } else {
        let note =
          entry == nil ? " (the kind is not at head: its category's mode is not known)" : ""
        context.console.print("\(kind): \(effective.mode.rawValue) (\(effective.origin))\(note)")
      }
    } else if format == .json {
      context.console.write(policy.document())
    } else {
      context.console.print("catalog: \(policy.catalog?.rawValue ?? "NONE (not set)")")
      for setting in policy.categories {
        context.console.print("category \(setting.name): \(setting.mode.rawValue)")
      }
      for setting in policy.kinds {
        context.console.print("kind \(setting.name): \(setting.mode.rawValue)")
      }
      for ignore in policy.ignores {
        context.console.print(
          "ignore \(ignore.rule.rawValue) under \(describe(pointer: ignore.pointer.description)) of kind \(ignore.kind)"
        )
      }
    }
  }
}

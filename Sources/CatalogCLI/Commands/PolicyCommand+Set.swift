import CatalogDiff
import CatalogStore
import Components
import Foundation

extension PolicyCommand {
  /// `policy set MODE` and `policy unset`: a level's mode.
  static func runSet(_ action: Action, _ context: CommandContext) throws {
    let arguments = context.arguments
    let operand = arguments[Self.operand]
    var mode: CompatibilityMode?
    if action == .set {
      guard let operand else {
        throw UsageError.invalidArguments(
          "'policy set' needs a mode: "
            + CompatibilityMode.allCases.map(\.rawValue).joined(separator: ", "))
      }
      guard let parsed = CompatibilityMode(rawValue: operand) else {
        throw UsageError.invalidArguments(
          "unknown mode '\(operand)'; modes: "
            + CompatibilityMode.allCases.map(\.rawValue).joined(separator: ", "))
      }
      mode = parsed
    } else {
      try requireNoOperand(action, context)
    }
    let (scope, name): (PolicyRecord.Scope, String) =
      if let kind = arguments[Self.kind] {
        (.kind, kind)
      } else if let category = arguments[Self.category] {
        (.category, category)
      } else {
        (.catalog, "")
      }
    let catalog = try context.openExistingCatalogForWriting()
    let records = try catalog.changePolicy(author: context.author) {
      $0.set(mode, at: scope, name: name)
    }
    let level = describe(scope, name)
    if isJSON(context) {
      printJSON(records, action, context)
    } else if records.isEmpty {
      context.console.print(
        "no change: \(level) already \(mode.map { "has \($0.rawValue)" } ?? "has no mode")")
    } else if let mode {
      context.console.print("policy change \(records[0].id): \(mode.rawValue) set on \(level)")
    } else {
      context.console.print("policy change \(records[0].id): mode unset on \(level)")
    }
  }
}

import CatalogDiff
import CatalogStore
import Components
import Foundation

extension PolicyCommand {
  /// `policy ignore` and `policy unignore`: a rule skipped under a JSON Pointer prefix of a kind.
  static func runIgnore(_ action: Action, _ context: CommandContext) throws {
    let arguments = context.arguments
    try requireNoOperand(action, context)
    guard let kind = arguments[Self.kind], let ruleName = arguments[Self.rule],
      let pointerText = arguments[Self.pointer]
    else {
      throw UsageError.invalidArguments(
        "'policy \(action.rawValue)' needs --kind, --rule and --pointer")
    }
    guard let rule = ChangeRule(rawValue: ruleName) else {
      throw UsageError.invalidArguments(
        "unknown rule '\(ruleName)'; rules: "
          + ChangeRule.allCases.map(\.rawValue).joined(separator: ", "))
    }
    let pointer: JSONPointer
    do {
      pointer = try JSONPointer(parsing: pointerText)
    } catch {
      throw UsageError.invalidArguments(
        "invalid value '\(pointerText)' for '--pointer <pointer>': \(error)")
    }
    let ignore = CatalogPolicy.Ignore(kind: kind, rule: rule, pointer: pointer)
    let catalog = try context.openExistingCatalogForWriting()
    let records = try catalog.changePolicy(author: context.author) {
      if action == .ignore { $0.addIgnore(ignore) } else { $0.removeIgnore(ignore) }
    }
    let what = "\(rule.rawValue) under \(describe(pointer: pointer.description)) of kind \(kind)"
    if pointerText == "/" {
      // RFC 6901: "/" is the member named "" at the top of the entry, not the entry.
      context.console.error(
        "note: --pointer / is the member named \"\" at the top of the entry; "
          + "the whole entry is --pointer ''")
    }
    if isJSON(context) {
      printJSON(records, action, context)
    } else if records.isEmpty {
      context.console.print(
        "no change: \(what) \(action == .ignore ? "is already" : "is not") ignored")
    } else {
      context.console.print(
        "policy change \(records[0].id): \(action == .ignore ? "ignoring" : "no longer ignoring") \(what)"
      )
    }
  }
}

import CatalogDiff
import CatalogStore
import Components
import Foundation

/// `catalog policy …`: the compatibility policies (docs/policies.md).
enum PolicyCommand: CatalogCommand {
  static let action: ArgumentKey<Action?> = .choicePositional(
    "action", of: Action.self,
    help: "What to do: set, unset, show, export, import, ignore or unignore.")
  static let operand: ArgumentKey<String?> = .positional(
    "operand", arity: .optional,
    help: "For set: the mode. For import: the policy file, or '-' for stdin."
  ).completing(
    .byFirstPositional([
      Action.set.rawValue: .words(CompatibilityMode.allCases.map(\.rawValue)),
      Action.import.rawValue: .file,
    ]))
  static let kind: ArgumentKey<String?> = .option(
    "kind", valueName: "kind", help: "The kind the change or question is about."
  ).completing(.kind)
  static let category: ArgumentKey<String?> = .option(
    "category", valueName: "name", help: "The category the change is about."
  ).completing(.category)
  static let rule: ArgumentKey<String?> = .option(
    "rule", valueName: "rule", help: "For ignore and unignore: the change rule (KEY_REMOVED, …).")
  static let pointer: ArgumentKey<String?> = .option(
    "pointer", valueName: "ptr",
    help:
      "For ignore and unignore: a JSON Pointer prefix inside the entry (/payload/debug; '' is the whole entry)."
  )
  static let output: ArgumentKey<String?> = .option(
    "output", short: "o", valueName: "file", help: "For export: write to <file>.")

  static let spec = CommandSpec(
    name: "policy",
    abstract: "Set, show, export and import the compatibility policies.",
    discussion: """
      A policy is a compatibility mode: NONE, BACKWARD, FORWARD, FULL, \
      BACKWARD_TRANSITIVE, FORWARD_TRANSITIVE or FULL_TRANSITIVE (docs/policies.md has the \
      table of what each refuses). It is set on the catalog, on a category (--category) or \
      on a kind (--kind); the most specific level wins, and NONE at a level switches an \
      inherited mode off. Every write (import, patch, restore, revert, rename, deprecate) is \
      checked against the policies of the kinds it changes; a write they refuse lands \
      nothing and exits with 65, unless --allow-breaking REASON records a waiver.

      'set MODE' and 'unset' change a level; 'show' prints the policies, or with --kind the \
      kind's effective mode and where it comes from; 'ignore' and 'unignore' skip a rule \
      under a JSON Pointer prefix of a kind (--kind, --rule, --pointer); 'export' writes \
      the policies as a small JSON file and 'import FILE' makes the catalog's policies \
      exactly the file's. Every change is recorded with its author and time, and \
      'catalog log' shows it.
      """,
    arguments: [
      action.spec, operand.spec, kind.spec, category.spec, rule.spec, pointer.spec,
      CommonArguments.author.spec, output.spec, CommonArguments.listFormat.spec,
    ],
    constraints: [.mutuallyExclusive(kind, category)],
    examples: [
      Example("Refuse changes old apps cannot read:", "catalog policy set FORWARD"),
      Example("Stricter for one category:", "catalog policy set --category Display FULL"),
      Example("Switch the checks off for one kind:", "catalog policy set --kind debug-panel NONE"),
      Example("Where a kind's mode comes from:", "catalog policy show --kind tile-preview"),
      Example(
        "Let debug fields come and go:",
        "catalog policy ignore --kind hud --rule KEY_ADDED --pointer /payload/debug"),
      Example("Keep the policies in git:", "catalog policy export -o policies.json"),
      Example("Apply them in CI:", "catalog policy import policies.json"),
    ],
    seeAlso: ["check", "import", "log"],
    usageForms: [
      "set [--kind <kind> | --category <name>] <mode> [--author <name>] [--format <format>]",
      "unset [--kind <kind> | --category <name>] [--author <name>] [--format <format>]",
      "show [--kind <kind>] [--format <format>]",
      "ignore --kind <kind> --rule <rule> --pointer <ptr> [--author <name>] [--format <format>]",
      "unignore --kind <kind> --rule <rule> --pointer <ptr> [--author <name>] [--format <format>]",
      "export [--output <file>]",
      "import <file> [--author <name>] [--format <format>]",
    ])

  enum Action: String, CaseIterable, Sendable {
    case set, unset, show, export, `import`, ignore, unignore
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    guard let action = context.arguments[Self.action] else {
      throw UsageError.invalidArguments("missing action")
    }
    switch action {
    case .set, .unset: try runSet(action, context)
    case .ignore, .unignore: try runIgnore(action, context)
    case .show: try runShow(context)
    case .export: try runExport(context)
    case .import: try runImport(context)
    }
    return .success
  }

  /// Refuses an operand, which only `set` and `import` take.
  static func requireNoOperand(_ action: Action, _ context: CommandContext) throws {
    if let operand = context.arguments[Self.operand] {
      throw UsageError.invalidArguments(
        "'policy \(action.rawValue)' takes no operand, but '\(operand)' was given")
    }
  }

  /// Whether the result is asked for as JSON (`--format json`).
  static func isJSON(_ context: CommandContext) -> Bool {
    context.arguments[CommonArguments.listFormat] == .json
  }

  /// The policy changes an action wrote, as its `--format json` result.
  static func printJSON(_ records: [PolicyRecord], _ action: Action, _ context: CommandContext) {
    ResultJSON.print(ResultJSON.policy(records, action: action.rawValue), to: context.console)
  }

  /// `the catalog`, `category Display`, `kind tile`.
  static func describe(_ scope: PolicyRecord.Scope, _ name: String) -> String {
    switch scope {
    case .catalog: return "the catalog"
    case .category: return "category \(name)"
    case .kind: return "kind \(name)"
    }
  }

  /// An ignore's pointer as the policy commands print it: RFC 6901's root, the whole entry,
  /// as `"" (the whole entry)`, so that it never reads like `/`, which is the member named
  /// "" at the entry's top level.
  static func describe(pointer text: String) -> String {
    text.isEmpty ? #""" (the whole entry)"# : text
  }

  /// One policy change as `log` prints it: `set FORWARD on category Display`.
  static func describe(_ record: PolicyRecord) -> String {
    let level = describe(record.scope, record.name)
    switch record.action {
    case .set: return "set \(record.mode ?? "?") on \(level)"
    case .unset: return "unset the mode of \(level)"
    case .ignore:
      return
        "ignore \(record.rule ?? "?") under \(record.pointer.map { describe(pointer: $0) } ?? "?") of \(level)"
    case .unignore:
      return
        "stop ignoring \(record.rule ?? "?") under \(record.pointer.map { describe(pointer: $0) } ?? "?") of \(level)"
    }
  }
}

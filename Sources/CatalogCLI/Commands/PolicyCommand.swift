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
    help: "For set: the mode. For import: the policy file, or '-' for stdin.")
  static let kind: ArgumentKey<String?> = .option(
    "kind", valueName: "kind", help: "The kind the change or question is about.")
  static let category: ArgumentKey<String?> = .option(
    "category", valueName: "name", help: "The category the change is about.")
  static let rule: ArgumentKey<String?> = .option(
    "rule", valueName: "rule", help: "For ignore and unignore: the change rule (KEY_REMOVED, …).")
  static let pointer: ArgumentKey<String?> = .option(
    "pointer", valueName: "ptr",
    help: "For ignore and unignore: a JSON Pointer prefix inside the entry (/payload/debug).")
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
    let arguments = context.arguments
    guard let action = arguments[Self.action] else {
      throw UsageError.invalidArguments("missing action")
    }
    let operand = arguments[Self.operand]
    let kind = arguments[Self.kind]
    let category = arguments[Self.category]
    func requireNoOperand() throws {
      if let operand {
        throw UsageError.invalidArguments(
          "'policy \(action.rawValue)' takes no operand, but '\(operand)' was given")
      }
    }
    let json = arguments[CommonArguments.listFormat] == .json
    func printJSON(_ records: [PolicyRecord]) {
      ResultJSON.print(ResultJSON.policy(records, action: action.rawValue), to: context.console)
    }
    func level() -> (PolicyRecord.Scope, String) {
      if let kind { return (.kind, kind) }
      if let category { return (.category, category) }
      return (.catalog, "")
    }
    switch action {
    case .set, .unset:
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
        try requireNoOperand()
      }
      let (scope, name) = level()
      let catalog = try context.openCatalog(forWriting: true)
      let records = try catalog.changePolicy(author: context.author) {
        $0.set(mode, at: scope, name: name)
      }
      let level = describe(scope, name)
      if json {
        printJSON(records)
      } else if records.isEmpty {
        context.console.print(
          "no change: \(level) already \(mode.map { "has \($0.rawValue)" } ?? "has no mode")")
      } else if let mode {
        context.console.print("policy change \(records[0].id): \(mode.rawValue) set on \(level)")
      } else {
        context.console.print("policy change \(records[0].id): mode unset on \(level)")
      }
    case .ignore, .unignore:
      try requireNoOperand()
      guard let kind, let ruleName = arguments[Self.rule],
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
      let catalog = try context.openCatalog(forWriting: true)
      let records = try catalog.changePolicy(author: context.author) {
        if action == .ignore { $0.addIgnore(ignore) } else { $0.removeIgnore(ignore) }
      }
      let what =
        "\(rule.rawValue) under \(pointer.isRoot ? "/" : pointer.description) of kind \(kind)"
      if json {
        printJSON(records)
      } else if records.isEmpty {
        context.console.print(
          "no change: \(what) \(action == .ignore ? "is already" : "is not") ignored")
      } else {
        context.console.print(
          "policy change \(records[0].id): \(action == .ignore ? "ignoring" : "no longer ignoring") \(what)"
        )
      }
    case .show:
      try requireNoOperand()
      let catalog = try context.openCatalog(forWriting: false)
      let policy = try catalog.policy()
      let format = arguments[CommonArguments.listFormat] ?? .text
      if let kind {
        let entry = try? catalog.entryFollowingRenames(kind).entry
        let effective = policy.effectiveMode(kind: kind, category: entry?.category ?? "")
        if format == .json {
          HistoryFormat.printJSON(
            .object(
              JSONObject([
                .init(key: "kind", value: .string(kind)),
                .init(key: "category", value: entry.map { .string($0.category) } ?? .null),
                .init(key: "mode", value: .string(effective.mode.rawValue)),
                .init(key: "origin", value: .string(effective.origin.description)),
              ])), to: context.console)
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
            "ignore \(ignore.rule.rawValue) under \(ignore.pointer.isRoot ? "/" : ignore.pointer.description) of kind \(ignore.kind)"
          )
        }
      }
    case .export:
      try requireNoOperand()
      let catalog = try context.openCatalog(forWriting: false)
      let bytes = try catalog.policy().document()
      if let output = arguments[Self.output], output != "-" {
        try catalog.write(bytes, toFile: output)
      } else {
        context.console.write(bytes)
      }
    case .import:
      guard let operand else {
        throw UsageError.invalidArguments("'policy import' needs a policy file, or '-' for stdin")
      }
      let source: DocumentSource = operand == "-" ? .standardInput : .file(operand)
      let bytes = try source.readBytes(maxSize: 1 << 20)
      let policy = try CatalogPolicy(document: bytes, name: source.name)
      let catalog = try context.openCatalog(forWriting: true)
      let records = try catalog.changePolicy(author: context.author) { $0 = policy }
      if json {
        printJSON(records)
      } else if records.isEmpty {
        context.console.print("no change: the policies already match \(source.name)")
      } else {
        let first = records[0].id
        let last = records[records.count - 1].id
        let range = first == last ? "change \(first)" : "changes \(first)-\(last)"
        context.console.print(
          "policy \(range): \(records.count.counting("change")) from \(source.name)"
        )
      }
    }
    return .success
  }

  /// `the catalog`, `category Display`, `kind tile`.
  static func describe(_ scope: PolicyRecord.Scope, _ name: String) -> String {
    switch scope {
    case .catalog: return "the catalog"
    case .category: return "category \(name)"
    case .kind: return "kind \(name)"
    }
  }

  /// One policy change as `log` prints it: `set FORWARD on category Display`.
  static func describe(_ record: PolicyRecord) -> String {
    let level = describe(record.scope, record.name)
    switch record.action {
    case .set: return "set \(record.mode ?? "?") on \(level)"
    case .unset: return "unset the mode of \(level)"
    case .ignore: return "ignore \(record.rule ?? "?") under \(record.pointer ?? "?") of \(level)"
    case .unignore:
      return "stop ignoring \(record.rule ?? "?") under \(record.pointer ?? "?") of \(level)"
    }
  }
}

import CatalogDiff
import CatalogStore
import Components
import Foundation

/// `catalog policy …`: the compatibility policies (docs/policies.md).
enum PolicyCommand: CatalogCommand {
  static let spec = CommandSpec.policyCommand

  enum Action: String, CaseIterable {
    case set, unset, show, export, `import`, ignore, unignore
  }

  enum Format: String, CaseIterable {
    case text
    case json
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    guard let action = Action(rawValue: arguments.positional("action") ?? "") else {
      throw UsageError.invalidArguments("missing action")
    }
    let operand = arguments.positional("operand")
    let kind = arguments.string("kind")
    let category = arguments.string("category")
    func requireNoOperand() throws {
      if let operand {
        throw UsageError.invalidArguments(
          "'policy \(action.rawValue)' takes no operand, but '\(operand)' was given")
      }
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
      let where_ = describe(scope, name)
      if records.isEmpty {
        context.console.print("no change: \(where_) already \(mode.map { "has \($0.rawValue)" } ?? "has no mode")")
      } else if let mode {
        context.console.print("policy change \(records[0].id): \(mode.rawValue) set on \(where_)")
      } else {
        context.console.print("policy change \(records[0].id): mode unset on \(where_)")
      }
    case .ignore, .unignore:
      try requireNoOperand()
      guard let kind, let ruleName = arguments.string("rule"),
        let rule = ChangeRule(rawValue: ruleName), let pointerText = arguments.string("pointer")
      else {
        throw UsageError.invalidArguments(
          "'policy \(action.rawValue)' needs --kind, --rule and --pointer")
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
      let what = "\(rule.rawValue) under \(pointer.isRoot ? "/" : pointer.description) of kind \(kind)"
      if records.isEmpty {
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
      let format = try arguments.choice("format", as: Format.self) ?? .text
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
          let note = entry == nil ? " (the kind is not at head: its category's mode is not known)" : ""
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
      if let output = arguments.string("output"), output != "-" {
        do {
          try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
          throw CatalogError.io(path: output, reason: "cannot write: \(error.localizedDescription)")
        }
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
      if records.isEmpty {
        context.console.print("no change: the policies already match \(source.name)")
      } else {
        let first = records[0].id
        let last = records[records.count - 1].id
        let range = first == last ? "change \(first)" : "changes \(first)-\(last)"
        context.console.print("policy \(range): \(records.count) change\(records.count == 1 ? "" : "s") from \(source.name)")
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

import CatalogStore
import Components

/// `catalog contract record|list|show|retire`: the app contracts (docs/registry.md, "App
/// contracts").
enum ContractCommand: CatalogCommand {
  static let action: ArgumentKey<Action?> = .choicePositional(
    "action", of: Action.self, help: "What to do: record, list, show or retire.")
  static let operand: ArgumentKey<String?> = .positional(
    "operand", arity: .optional,
    help: "For record: the contract.json file, or '-' for stdin. For show and retire: the "
      + "build, APP@VERSION."
  ).completing(
    .byFirstPositional([
      Action.record.rawValue: .file, Action.show.rawValue: .build,
      Action.retire.rawValue: .build,
    ]))
  static let history: ArgumentKey<Bool> = .flag(
    "history",
    help: "For record: also report the payloads of every revision the build cannot decode.")
  static let kind: ArgumentKey<String?> = .option(
    "kind", valueName: "kind", help: "For show: only this kind's shape, as JSON Schema."
  ).completing(.kind)

  static let spec = CommandSpec(
    name: "contract",
    abstract: "Record, list, show and retire app contracts (what builds decode).",
    discussion: """
      An app contract (contract.json) is what one build of an app decodes: every kind its \
      registry knows, with the shape of its payload as JSON Schema, recorded from the app's \
      own Swift types by registry.contract(app:version:) in the app's tests \
      (docs/registry.md). The catalog keeps the contract of every build recorded, and \
      protects each retained build: 'catalog clients' and 'check --clients' say which \
      payloads it cannot decode.

      'record FILE' records a build's contract (the canonical bytes of the file's \
      contract); recording the same contract again is a no-op, and a different contract \
      for a recorded APP@VERSION is refused with 65: a build's contract never changes. A \
      malformed contract is refused with 65 and a located message. 'list' prints every \
      build, retained or retired; 'show APP@VERSION' its kinds (with --kind, one kind's \
      schema), and with --format json the recorded contract.json, byte for byte. 'retire \
      APP@VERSION' marks a build as no longer in the field: it stays in the history and is \
      no longer protected. Every event is recorded with its author and time, append-only.

      'record' then reports which payloads of head the build cannot decode (with \
      --history, of every revision), and what it changes against the app's previous \
      build: each kind no longer or newly decoded, each place a shape narrows (refuses \
      payloads the previous build read) or widens.
      """,
    arguments: [
      action.spec, operand.spec, kind.spec, history.spec, CommonArguments.author.spec,
      CommonArguments.listFormat.spec,
    ],
    examples: [
      Example("Record the build CI just tested:", "catalog contract record contract.json"),
      Example("List the builds:", "catalog contract list"),
      Example("What a build decodes of one kind:", "catalog contract show ios@5.2.0 --kind tile"),
      Example("A build is no longer in the field:", "catalog contract retire ios@5.1.0"),
    ],
    seeAlso: ["check", "show"],
    usageForms: [
      "record <file> [--history] [--author <name>] [--format <format>]",
      "list [--format <format>]",
      "show <app@version> [--kind <kind>] [--format <format>]",
      "retire <app@version> [--author <name>] [--format <format>]",
    ])

  enum Action: String, CaseIterable, Sendable {
    case record, list, show, retire
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    guard let action = context.arguments[Self.action] else {
      throw UsageError.invalidArguments("missing action")
    }
    if context.arguments[Self.kind] != nil, action != .show {
      throw UsageError.invalidArguments("--kind is for 'contract show'")
    }
    if context.arguments[Self.history], action != .record {
      throw UsageError.invalidArguments("--history is for 'contract record'")
    }
    switch action {
    case .record: try runRecord(context)
    case .list: try runList(context)
    case .show: try runShow(context)
    case .retire: try runRetire(context)
    }
    return .success
  }

  /// Whether the result is asked for as JSON (`--format json`).
  static func isJSON(_ context: CommandContext) -> Bool {
    context.arguments[CommonArguments.listFormat] == .json
  }

  /// The operand, which `action` needs.
  static func requireOperand(_ action: Action, _ context: CommandContext, _ what: String) throws
    -> String
  {
    guard let operand = context.arguments[Self.operand] else {
      throw UsageError.invalidArguments("'contract \(action.rawValue)' needs \(what)")
    }
    return operand
  }

  /// The operand as `APP@VERSION`.
  static func build(_ text: String, _ action: Action) throws -> AppBuild {
    guard let build = AppBuild(parsing: text) else {
      throw UsageError.invalidArguments(
        "'contract \(action.rawValue)' needs a build as APP@VERSION, but '\(text)' was given")
    }
    return build
  }

  static func runRecord(_ context: CommandContext) throws {
    let operand = try requireOperand(.record, context, "a contract.json file, or '-' for stdin")
    let source: DocumentSource = operand == "-" ? .standardInput : .file(operand)
    let bytes = try source.readBytes(maxSize: 1 << 30)
    let catalog = try context.openExistingCatalogForWriting()
    let result = try catalog.recordContract(bytes, source: source.name, author: context.author)
    let recorded = result.recorded
    let head = try catalog.clientMatrix(builds: [recorded]).rejections
    let history =
      context.arguments[Self.history] ? try catalog.historyRejections(of: recorded) : nil
    let changes = result.previous.map { changeLines(from: $0, to: recorded) } ?? []
    if isJSON(context) {
      ResultJSON.print(
        ResultJSON.contractRecord(result, head: head, history: history, changes: changes),
        to: context.console)
      return
    }
    defer {
      if head.isEmpty {
        context.console.print("head: \(recorded.build) decodes every payload")
      } else {
        context.console.print(
          "head: \(recorded.build) rejects "
            + "\(ClientsCommand.payloadCount(head).counting("payload"))")
        for rejection in head { context.console.print("  " + ClientsCommand.describe(rejection)) }
      }
      if let history {
        let payloads = Set(history.rejections.map { "\($0.revision) \($0.rejection.kind)" }).count
        context.console.print(
          "history: \(recorded.build) rejects \(payloads.counting("payload")) of "
            + "\(history.revisions.counting("revision"))")
        for (revision, rejection) in history.rejections {
          context.console.print("  revision \(revision), \(ClientsCommand.describe(rejection))")
        }
      }
      if let previous = result.previous {
        if changes.isEmpty {
          context.console.print("against \(previous.build): no change in what it decodes")
        }
        for line in changes { context.console.print("against \(previous.build): \(line)") }
      }
    }
    switch result.outcome {
    case .recorded:
      context.console.print(
        "recorded \(recorded.build) (\(recorded.contract.kinds.count.counting("kind")))")
    case .unchanged:
      context.console.print("\(recorded.build) is already recorded with this contract: no change")
    case .reinstated:
      context.console.print("recorded \(recorded.build) again: it is retained again")
    }
  }

  static func runList(_ context: CommandContext) throws {
    if let operand = context.arguments[Self.operand] {
      throw UsageError.invalidArguments(
        "'contract list' takes no operand, but '\(operand)' was given")
    }
    let catalog = try context.openCatalogWithRevisions()
    let builds = try catalog.contracts()
    if isJSON(context) {
      ResultJSON.print(ResultJSON.contractList(builds), to: context.console)
      return
    }
    for build in builds {
      let state =
        build.retired.map { "retired \(Timestamp.string($0.time)) by \($0.author)" } ?? "retained"
      context.console.print(
        "\(build.build)\t\(state)\t\(build.contract.kinds.count.counting("kind"))\t"
          + "recorded \(Timestamp.string(build.recorded.time)) by \(build.recorded.author)")
    }
  }

  static func runShow(_ context: CommandContext) throws {
    let operand = try requireOperand(.show, context, "a build, APP@VERSION")
    let named = try build(operand, .show)
    let catalog = try context.openCatalogWithRevisions()
    let recorded = try catalog.recordedContract(app: named.app, version: named.version)
    if let kind = context.arguments[Self.kind] {
      guard let shape = recorded.contract.kinds[kind] else {
        throw CatalogError.unknownKind(
          kind: kind,
          detail: "in the contract of \(recorded.build), which decodes "
            + "\(recorded.contract.kinds.count.counting("kind"))")
      }
      context.console.write(JSONWriter.indentedBytes(shape.schema) + [0x0A])
      return
    }
    if isJSON(context) {
      context.console.write(recorded.bytes)
      return
    }
    context.console.print("build: \(recorded.build)")
    context.console.print(
      "recorded: \(Timestamp.string(recorded.recorded.time)) by \(recorded.recorded.author)")
    if let retired = recorded.retired {
      context.console.print("retired: \(Timestamp.string(retired.time)) by \(retired.author)")
    }
    context.console.print("unknown kinds: \(recorded.contract.unknownKinds.rawValue)")
    context.console.print("kinds: \(recorded.contract.kinds.count)")
    for kind in recorded.contract.kinds.keys.sorted(by: {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }) {
      context.console.print("  \(kind)")
    }
  }

  static func runRetire(_ context: CommandContext) throws {
    let operand = try requireOperand(.retire, context, "a build, APP@VERSION")
    let named = try build(operand, .retire)
    let catalog = try context.openExistingCatalogForWriting()
    let (recorded, retired) = try catalog.retireContract(
      app: named.app, version: named.version, author: context.author)
    if isJSON(context) {
      ResultJSON.print(
        ResultJSON.contractRetire(recorded, retired: retired), to: context.console)
      return
    }
    context.console.print(
      retired ? "retired \(recorded.build)" : "\(recorded.build) is retired already: no change")
  }

  /// What `build` decodes differently from `previous`, a line per change: `kind K: no
  /// longer decoded`, `kind K: /count: number instead of integer (widens)`.
  static func changeLines(from previous: RecordedContract, to build: RecordedContract)
    -> [String]
  {
    let old = previous.contract.kinds
    let new = build.contract.kinds
    let kinds = Set(old.keys).union(new.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var lines: [String] = []
    for kind in kinds {
      switch (old[kind], new[kind]) {
      case (_?, nil): lines.append("kind \(kind): no longer decoded")
      case (nil, _?): lines.append("kind \(kind): newly decoded")
      case (let a?, let b?):
        for change in ShapeCompatibility.changes(from: a, to: b) {
          let effect =
            change.narrows && change.widens
            ? "narrows and widens" : change.narrows ? "narrows" : "widens"
          lines.append("kind \(kind): \(change) (\(effect))")
        }
      case (nil, nil): break
      }
    }
    return lines
  }
}

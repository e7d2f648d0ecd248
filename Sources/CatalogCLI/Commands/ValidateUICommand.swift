import CatalogAgents
import CatalogStore
import Components

/// `catalog validate-ui DOC`: checks a UI document an agent produced against the catalog.
enum ValidateUICommand: CatalogCommand {
  /// The words of `--format`.
  enum Format: String, CaseIterable, Sendable {
    case text
    case json
    case a2ui
  }

  static let document: ArgumentKey<String?> = .positional(
    "doc", help: "The UI document, or '-' for stdin."
  ).completing(.file)
  static let format: ArgumentKey<Format?> = .choice(
    "format", valueName: "format", of: Format.self,
    help:
      "text: one located line per problem; json: a list of problems (a repair prompt); "
      + "a2ui: A2UI error messages (VALIDATION_FAILED), as JSON Lines.")

  static let spec = CommandSpec(
    name: "validate-ui",
    abstract: "Check a UI document an agent produced against the catalog.",
    discussion: """
      Reads DOC, A2UI v0.9 messages (a JSON array, JSON Lines, one message or \
      {"messages": [...]}) or a document of {kind, payload} entries with children nested \
      in payloads, and checks it in layers: JSON syntax, the envelope, the vocabulary \
      (every component a kind of the catalog at --at; removed kinds named, deprecated ones \
      warned about; unknown properties), the graph (unique ids, a root, no dangling child \
      reference, no cycle, no orphan, at most 50 levels) and the data (each property fits \
      its kind's shape; with --app APP@VERSION, the shape that build's recorded contract \
      decodes, and a kind it does not decode is not in the catalog). Every problem has the document's line and column and a JSON \
      Pointer.

      Exit status: 0 valid (warnings allowed), 1 invalid, 65 an unreadable document or an \
      unknown revision.
      """,
    arguments: [
      document.spec, CommonArguments.at.spec, CommonArguments.app.spec, format.spec,
      CommonArguments.maxSize.spec,
    ],
    examples: [
      Example("Check an agent's answer:", "catalog validate-ui answer.json"),
      Example(
        "Problems for the agent to repair, against release v1:",
        "catalog validate-ui answer.jsonl --at v1 --format json"),
    ],
    seeAlso: ["export", "check"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let operand = context.arguments[document] ?? "-"
    let source: DocumentSource = operand == "-" ? .standardInput : .file(operand)
    let catalog = try context.openCatalogWithRevisions()
    // An unknown revision and a malformed --app are found before the document is read.
    let revision = try catalog.revision(context.atReference).id
    _ = try context.appBuild()
    let bytes: [UInt8]
    do {
      bytes = try source.readBytes(
        maxSize: context.arguments[CommonArguments.maxSize] ?? JSONReader.defaultMaxSize)
    } catch let error as CatalogError {
      // validate-ui's table (docs/agents.md): an unreadable document is 65, as an unknown
      // revision is, where other commands say 66.
      _ = CatalogMain.report(error, command: "validate-ui", console: context.console)
      return .dataError
    }
    // The document first, then the catalog for what it names: the history of those kinds
    // only, and the majors only when a catalogId is there to compare.
    let document = UIDocument(bytes: bytes)
    let agents = try context.agentCatalog(
      catalog, at: .number(revision), kinds: document.namedKinds,
      majors: document.namesCatalogID)
    let result = UIDocumentValidator(catalog: agents).validate(document)
    switch context.arguments[format] ?? .text {
    case .text:
      var out = ""
      for problem in result.problems {
        out +=
          "\(source.name):\(problem.position.line):\(problem.position.column): "
          + "\(problem.severity.rawValue): \(problem.layer.rawValue): \(problem.text)\n"
      }
      let errors = result.problems.filter { $0.severity == .error }.count
      out +=
        result.isValid
        ? "valid: \(result.components) components (revision \(agents.revision))\n"
        : "invalid: \(errors) " + (errors == 1 ? "problem" : "problems") + "\n"
      try context.console.writeChecked(Array(out.utf8))
    case .json:
      try context.console.writeChecked(
        JSONWriter.indentedBytes(.array(result.problems.map(\.json))) + [UInt8(ascii: "\n")])
    case .a2ui:
      let out = AgentJSON.a2uiErrors(result.problems)
      try context.console.writeChecked(out)
    }
    return result.isValid ? .success : .differences
  }
}

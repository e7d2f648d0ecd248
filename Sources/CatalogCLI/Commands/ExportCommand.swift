import CatalogAgents
import CatalogStorage
import CatalogStore
import Components

/// `catalog export`: the catalog at a revision as components.json, or for agents as an A2UI
/// catalog, a JSON Schema or a Markdown prompt (docs/agents.md).
enum ExportCommand: CatalogCommand {
  /// The words of `--format`.
  enum Format: String, CaseIterable, Sendable {
    case components
    case a2ui
    case jsonSchema = "json-schema"
    case prompt
  }

  static let format: ArgumentKey<Format?> = .choice(
    "format", valueName: "format", of: Format.self,
    help:
      "components (default): components.json; a2ui: an A2UI v0.9 catalog; json-schema: one "
      + "JSON Schema 2020-12 document; prompt: Markdown for a system prompt.")
  static let strict: ArgumentKey<Bool> = .flag(
    "strict",
    help:
      "With --format json-schema: the form structured-output APIs require (closed objects, "
      + "every property required, optional ones nullable).")
  static let idBase: ArgumentKey<String?> = .option(
    "id-base", valueName: "url",
    help:
      "With --format a2ui: the catalogId is <url>/v<major>/catalog.json (default "
      + "https://catalog.invalid/components).")

  static let output: ArgumentKey<String?> = .option(
    "output", short: "o", valueName: "file",
    help: "Write to <file> instead of stdout ('-' is stdout)."
  ).completing(.file)
  static let category: ArgumentKey<[String]> = .repeatableOption(
    "category", valueName: "name", help: "Export only the entries of this category."
  ).completing(.category)
  static let digest: ArgumentKey<Bool> = .flag(
    "digest",
    help:
      "Print the SHA-256 of the export (sha256:<hex>) instead of it; with --output, write the "
      + "file and print the digest of what was written.")

  static let spec = CommandSpec(
    name: "export",
    abstract: "Write the catalog as components.json.",
    discussion: """
      Writes the catalog at --at (default head) in the canonical format: 2-space \
      indentation, one entry per element, one newline at the end. Entries are in the \
      order of the files that placed them: an import puts each kind where its file puts \
      it, and kinds the file lacks but the catalog keeps stay where they were. Exporting \
      a revision gives the same bytes that export printed when it was head.

      With --output, the data goes to a temporary file that is then renamed, so a reader \
      never sees half a file.

      --digest prints the export's SHA-256, sha256: and 64 hexadecimal digits, as \
      sha256sum computes it over the same bytes: the export digest that show and \
      'verify --digest' use, the same on every engine and after 'catalog copy'.

      --format a2ui, json-schema and prompt write the catalog for agents: each kind with its \
      description, its payload's shape (inferred from every sample the kind ever had) and \
      its sample. With --app APP@VERSION, the shapes are the ones that build's recorded \
      contract decodes, and kinds it does not decode are left out. The a2ui catalogId's major rises when a change since the last major \
      breaks an A2UI client (docs/agents.md). The same catalog always gives the same bytes.
      """,
    arguments: [
      output.spec, category.spec, CommonArguments.at.spec, digest.spec,
      CommonArguments.quiet.spec, format.spec, strict.spec, idBase.spec, CommonArguments.app.spec,
    ],
    examples: [
      Example("Print the head catalog:", "catalog export"),
      Example("Save the catalog as it was at tag v1.2:", "catalog export --at v1.2 -o v1.2.json"),
      Example("Export two categories:", "catalog export --category Display --category Input"),
      Example(
        "Record a release's digest:", "catalog export --at v1.2 -o v1.2.json --digest"),
      Example("The A2UI catalog of head:", "catalog export --format a2ui -o catalog.json"),
    ],
    seeAlso: ["import", "show", "diff"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    // A catalog with no revision exports nothing a build could use: say so, as for a
    // missing catalog, instead of printing an empty manifest.
    let catalog = try context.openCatalogWithRevisions()
    let format = context.arguments[Self.format] ?? .components
    if format != .jsonSchema, context.arguments[strict] {
      throw UsageError.invalidArguments("'--strict' needs '--format json-schema'")
    }
    if format != .a2ui, context.arguments[idBase] != nil {
      throw UsageError.invalidArguments("'--id-base' needs '--format a2ui'")
    }
    if format == .components, context.arguments[CommonArguments.app] != nil {
      throw UsageError.invalidArguments("'--app' needs '--format a2ui|json-schema|prompt'")
    }
    if format != .components {
      return try exportForAgents(format, catalog: catalog, context: context)
    }
    var reference = context.atReference
    let categories = context.arguments[category]
    if !categories.isEmpty {
      // Pin the revision so that the check and the export read the same one.
      let number = try catalog.revision(reference).id
      reference = .number(number)
      try checkCategories(categories, at: number, in: catalog)
    }
    let output = context.arguments[Self.output].flatMap { $0 == "-" ? nil : $0 }
    // Into a file, the terminal shows the progress; to stdout on the same terminal, the
    // line would land in the middle of the document.
    let progress = ProgressLine(
      console: context.console, label: "exporting", quiet: context.arguments[CommonArguments.quiet],
      sharesTerminal: output == nil && context.console.stdoutIsTerminal)
    defer { progress.finish() }
    let update: (Int) -> Void = { progress.update($0, unit: "entries") }
    if context.arguments[digest] {
      // Pin the revision, so that the file and the digest are of the same one.
      reference = .number(try catalog.revision(reference).id)
      if let output {
        try catalog.export(at: reference, categories: categories, toFile: output, progress: update)
      }
      let sum = try catalog.exportDigest(at: reference, categories: categories)
      progress.finish()
      try context.console.writeChecked(Array("\(sum)\n".utf8))
    } else if let output {
      try catalog.export(at: reference, categories: categories, toFile: output, progress: update)
    } else {
      try catalog.export(at: reference, categories: categories, progress: update) {
        try context.console.writeChecked($0)
      }
    }
    return .success
  }

  /// `--format a2ui|json-schema|prompt`: the export for agents, to stdout or `--output`.
  static func exportForAgents(_ format: Format, catalog: Catalog, context: CommandContext)
    throws -> ExitStatus
  {
    if !context.arguments[category].isEmpty {
      throw UsageError.invalidArguments("'--category' needs '--format components'")
    }
    if context.arguments[digest] {
      throw UsageError.invalidArguments("'--digest' needs '--format components'")
    }
    let agents = try context.agentCatalog(catalog)
    let bytes: [UInt8]
    switch format {
    case .a2ui:
      bytes = AgentExport.bytes(
        AgentExport.a2ui(agents, idBase: context.arguments[idBase] ?? AgentExport.defaultIDBase))
    case .jsonSchema:
      bytes = AgentExport.bytes(AgentExport.jsonSchema(agents, strict: context.arguments[strict]))
    case .prompt, .components:
      bytes = Array(AgentExport.prompt(agents).utf8)
    }
    if let output = context.arguments[Self.output], output != "-" {
      try catalog.write(bytes, toFile: output)
    } else {
      try context.console.writeChecked(bytes)
    }
    return .success
  }

  /// A `--category` that no entry of revision `number` has is a mistake (a typo, the wrong
  /// case), not a request for an empty manifest: exit 65 with the categories there are.
  ///
  /// `no kind has category "display" at revision 7; did you mean "Display"?`
  static func checkCategories(_ wanted: [String], at number: Int64, in catalog: Catalog) throws {
    let names = try catalog.categories(at: .number(number)).map(\.category)
    // Categories are compared by bytes, as kinds are.
    let known = Set(names.map(BytewiseString.init))
    guard let missing = wanted.first(where: { !known.contains(BytewiseString($0)) }) else {
      return
    }
    throw CatalogError.request(
      .unknownCategory(
        category: missing, revision: "revision \(number)", known: names,
        suggestion: Suggestion.closest(to: missing, among: names)))
  }
}

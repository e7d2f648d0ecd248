import CatalogStorage
import CatalogStore
import Components

/// `catalog export`: the catalog at a revision as components.json.
enum ExportCommand: CatalogCommand {
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
      """,
    arguments: [
      output.spec, category.spec, CommonArguments.at.spec, digest.spec,
      CommonArguments.quiet.spec,
    ],
    examples: [
      Example("Print the head catalog:", "catalog export"),
      Example("Save the catalog as it was at tag v1.2:", "catalog export --at v1.2 -o v1.2.json"),
      Example("Export two categories:", "catalog export --category Display --category Input"),
      Example(
        "Record a release's digest:", "catalog export --at v1.2 -o v1.2.json --digest"),
    ],
    seeAlso: ["import", "show", "diff"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    // A catalog with no revision exports nothing a build could use: say so, as for a
    // missing catalog, instead of printing an empty manifest.
    let catalog = try context.openCatalogWithRevisions()
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

  /// A `--category` that no entry of revision `number` has is a mistake (a typo, the wrong
  /// case), not a request for an empty manifest: exit 65 with the categories there are.
  ///
  /// `no category 'display' at revision 7; did you mean 'Display'? (categories: Display, Input)`
  static func checkCategories(_ wanted: [String], at number: Int64, in catalog: Catalog) throws {
    let names = try catalog.categories(at: .number(number)).map(\.category)
    // Categories are compared by bytes, as kinds are.
    let known = Set(names.map(BytewiseString.init))
    guard let missing = wanted.first(where: { !known.contains(BytewiseString($0)) }) else {
      return
    }
    let suggestion = Suggestion.closest(to: missing, among: names).map {
      "; did you mean '\($0)'?"
    }
    let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
    throw CatalogError.invalidRequest(
      "no category '\(missing)' at revision \(number)\(suggestion ?? "") (categories: \(shown))")
  }
}

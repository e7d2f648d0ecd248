import CatalogDiff
import CatalogStore
import Components

/// `catalog patch PATCHFILE`: apply an RFC 6902 patch to head as one revision.
enum PatchCommand: CatalogCommand {
  static let patchFile: ArgumentKey<String?> = .positional(
    "patch-file", help: "The JSON Patch document, or '-' for stdin."
  ).completing(.file)

  static let spec = CommandSpec(
    name: "patch",
    abstract: "Apply an RFC 6902 JSON Patch to the head catalog as a new revision.",
    discussion: """
      Applies the patch to the head catalog's components.json document and writes the \
      result as one revision, validated as import validates a file. All or nothing: a \
      failing operation is reported by its index and reason, for example 'operation 3 \
      (replace /components/7/payload/x): path does not exist', and nothing is written.

      The patch file is read under --max-depth and --max-size like an imported file, and \
      so is the result: an operation that would nest it deeper or make it larger fails. \
      The patch is read, applied and validated before the catalog is locked; only the \
      write takes the lock.
      """,
    arguments: [
      patchFile.spec, CommonArguments.maxDepth.spec, CommonArguments.maxSize.spec,
    ] + CommonArguments.writeOptions + [CommonArguments.resultFormat.spec],
    examples: [
      Example("Record a reviewed patch:", #"catalog patch change.json -m "Apply review 42""#),
      Example(
        "Make a guarded patch, then apply it:",
        """
        catalog diff @head new.json --format json-patch --with-tests > change.json
        catalog patch change.json -m "Apply new.json"
        """),
    ],
    seeAlso: ["diff", "import"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let file = context.arguments[patchFile] ?? "-"
    let source: DocumentSource = file == "-" ? .standardInput : .file(file)
    let limits = context.documentLimits
    // Read and decoded before anything is opened or locked.
    let patch = try JSONPatch(reading: source, limits: limits)
    let catalog = try context.openCatalog(forWriting: true)
    let options = context.writeOptions()
    let result = try WriteReport.reportingProblems(context) {
      try catalog.apply(patch, source: source.name, options: options, limits: limits)
    }
    WriteReport.report(result, context)
    return .success
  }
}

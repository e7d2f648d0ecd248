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
      problem is reported at its place in the patch file, with the JSON Pointer of the \
      operation's member in the patch, for example 'change.json:5:25: error: /3/path: \
      operation 3 (remove /components/1/x): path does not exist', and nothing is written.

      The patch file is read under --max-depth and --max-size like an imported file, and \
      so is the result: an operation that would nest it deeper or make it larger fails. \
      The patch is read, applied and validated before the catalog is locked; only the \
      write takes the lock. If another write lands meanwhile, the patch is applied again \
      to the new head (4 attempts at most, the last under the lock) and written there \
      only if it makes the same changes; otherwise nothing is written (exit 75, or 65 \
      when it no longer applies). With --expect-head, a moved head is refused at once.
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
    let patch = try PatchDocument(reading: source, limits: limits)
    let catalog = try context.openCatalog(forWriting: true)
    var options = context.writeOptions()
    options.beforeUpdateCommit = try interleavedImports(context)
    let result = try WriteReport.reportingProblems(context) {
      try catalog.apply(patch, options: options, limits: limits)
    }
    WriteReport.report(result, context)
    if let rebase = result.rebase {
      context.console.error(
        "note: head moved from \(rebase.from) to \(rebase.to) while patching; the patch makes "
          + "the same changes on revision \(rebase.to), so it was applied there")
    }
    return .success
  }

  /// `CATALOG_TEST_PATCH_INTERLEAVE`, a test hook (docs/cli.md): files, one a line; before
  /// patch's attempt N takes the writer lock, the Nth file is imported (by author
  /// `interleaved`) as another writer's write, so that a test can move head exactly between
  /// patch's read and its write.
  private static func interleavedImports(_ context: CommandContext) throws -> (
    @Sendable (Int) throws -> Void
  )? {
    guard let text = context.environment["CATALOG_TEST_PATCH_INTERLEAVE"], !text.isEmpty else {
      return nil
    }
    let files = text.split(separator: "\n").map(String.init)
    let path = context.databasePath
    let busyTimeout = context.busyTimeout
    return { attempt in
      guard attempt < files.count else { return }
      let other = try Catalog(
        path: path, options: Catalog.Options(busyTimeout: busyTimeout, readOnly: false))
      try other.importDocument(
        from: .file(files[attempt]), options: WriteOptions(author: "interleaved"))
    }
  }
}

import CMallocSettings
import CatalogStore
import Components

/// `catalog import FILE`: one revision from a components.json file.
enum ImportCommand: CatalogCommand {
  static let file: ArgumentKey<String?> = .positional(
    "file", help: "The components.json file to import, or '-' for stdin."
  ).completing(.file)
  static let prune: ArgumentKey<Bool> = .flag(
    "prune", help: "Remove kinds that are in the catalog but not in the file.")
  static let dryRun: ArgumentKey<Bool> = .flag(
    "dry-run", help: "Print what would change, and write nothing.")

  static let spec = CommandSpec(
    name: "import",
    abstract: "Import a components.json file as a new revision.",
    discussion: """
      Validates the whole file before writing anything. If the file matches head, \
      prints 'no changes (head is revision N)' and writes nothing; otherwise writes one \
      revision and prints 'revision N: A added, C changed, R removed'.

      Kinds that are in the catalog but not in the file are kept and listed in a note, \
      unless --prune removes them in the same revision. The file may hold a \
      {"components": [...]} object or a bare array of entries.

      A problem in the file is reported as FILE:LINE:COLUMN: error: <message>, with \
      exit status 65, and the catalog is left unchanged. So is a change the compatibility \
      policies refuse ('catalog policy'): every refused change is listed with the mode, the \
      level it was set on, the rule, the kind, the JSON Pointer, both values, a fix and the \
      entry's FILE:LINE:COLUMN; --allow-breaking REASON writes it anyway and records a \
      waiver.

      An entry under a name the catalog renamed ('catalog rename tile-preview tile-card', \
      then a file generated before it that still says tile-preview) is refused the same \
      way, naming the revision and the new name: --follow-renames applies the entry to the \
      renamed component (which keeps its new name), --allow-former-names adds it as a new \
      component under the old name.
      """,
    arguments: [
      file.spec,
      CommonArguments.message.spec,
      CommonArguments.author.spec,
      prune.spec,
      dryRun.spec,
      CommonArguments.expectHead.spec,
      CommonArguments.allowBreaking.spec,
      CommonArguments.followRenames.spec,
      CommonArguments.allowFormerNames.spec,
      CommonArguments.maxDepth.spec,
      CommonArguments.maxSize.spec,
      CommonArguments.resultFormat.spec,
      CommonArguments.quiet.spec,
    ],
    examples: [
      Example("Import a file and say why:", #"catalog import components.json -m "Add hero tile""#),
      Example("See what an import would change:", "catalog import components.json --dry-run"),
      Example("Import from stdin, removing kinds the file lacks:", "catalog import - --prune"),
      Example(
        "Import only if nobody has written since revision 41:",
        "catalog import components.json --expect-head 41"),
    ],
    seeAlso: ["check", "diff", "export", "log"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    // Blocks of 1 MiB and more (the buffers of a first import's tables as they grow) each
    // get a mapping of their own, returned to the system when freed: by default glibc raises
    // that size as such blocks are freed, and the freed storage of an array that grew then
    // stays in the process, unused. 2 MiB less at the peak of a 100,000-entry first import,
    // at no cost in its time; for every command, the file diff took 2-5% more CPU
    // (docs/maintainers/benchmark-rounds.md, round five).
    catalog_fix_mmap_threshold(1024 * 1024)
    let file = context.arguments[Self.file] ?? "-"
    let named: DocumentSource = file == "-" ? .standardInput : .file(file)
    try named.checkReadable()
    let limits = context.documentLimits
    // Standard input (or a named pipe) is read and validated first, before the catalog is
    // opened (a new catalog's file is reserved under a lock) or its writer's lock taken.
    let source = try WriteReport.reportingProblems(context) {
      try named.readingAhead(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
    }
    let catalog = try context.openCatalog(forWriting: true)
    let progress = ProgressLine(
      console: context.console, label: "importing \(source.name)",
      quiet: context.arguments[CommonArguments.quiet])
    let options = context.writeOptions(dryRun: context.arguments[dryRun])
    let formerNames = try context.formerNames()
    let result = try WriteReport.reportingProblems(context) {
      try catalog.importDocument(
        from: source, options: options, prune: context.arguments[prune], limits: limits,
        formerNames: formerNames, progress: { progress.update($0) })
    }
    progress.finish()
    WriteReport.printFormerNames(
      result.formerNames, file: source.name, formerNames, conditional: options.dryRun,
      to: context.console)
    WriteReport.report(result, context)
    return .success
  }
}

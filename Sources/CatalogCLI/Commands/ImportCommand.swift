import CatalogStore
import Components

/// `catalog import FILE`: one revision from a components.json file.
enum ImportCommand: CatalogCommand {
  static let spec = CommandSpec.importCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let file = context.arguments.positional("file") ?? "-"
    let source: DocumentSource = file == "-" ? .standardInput : .file(file)
    try source.checkReadable()
    let catalog = try context.openCatalog(forWriting: true)
    let limits = try context.documentLimits()
    let progress = ProgressLine(console: context.console, label: "importing \(source.name)")
    let options = try context.writeOptions(dryRun: context.arguments.flag("dry-run"))
    let result = try WriteReport.reportingProblems(context) {
      try catalog.importDocument(
        from: source, options: options, prune: context.arguments.flag("prune"), limits: limits,
        progress: progress.update)
    }
    progress.finish()
    WriteReport.report(result, context)
    return .success
  }
}

/// A progress line on stderr for long imports, shown only when stderr is a terminal.
final class ProgressLine {
  private let console: Console
  private let label: String
  private let enabled: Bool
  private var shown = false

  init(console: Console, label: String) {
    self.console = console
    self.label = label
    self.enabled = console.stderrIsTerminal
  }

  func update(_ progress: ImportProgress) {
    guard enabled, progress.entries >= 4096 else { return }
    shown = true
    let percent =
      progress.totalBytes.map { total in
        total > 0 ? " \(min(100, progress.bytesRead * 100 / total))%" : ""
      } ?? ""
    console.redrawProgress("\(label):\(percent) \(progress.entries) entries")
  }

  func finish() {
    if shown { console.redrawProgress("") }
  }
}

import CatalogStorage
import CatalogStore
import Components

/// `catalog check FILE…`: validate components.json files without touching any catalog.
enum CheckCommand: CatalogCommand {
  static let spec = CommandSpec.checkCommand

  enum Format: String, CaseIterable {
    case text
    case json
    case github
    case junit
  }

  /// What checking one file found.
  struct FileResult {
    var file: String
    /// The number of entries, when the file is valid.
    var components: Int?
    var problems: [ResultJSON.Problem]
    /// 65 for problems in the file, 66 for a file that cannot be read.
    var status: ExitStatus
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    var files = context.arguments.positionals("file")
    if files.isEmpty { files = ["-"] }
    if files.count(where: { $0 == "-" }) > 1 {
      throw UsageError.invalidArguments("at most one file may be '-' (standard input)")
    }
    let format = try context.arguments.choice("format", as: Format.self) ?? .text
    if let reference = context.arguments.string("against") {
      guard files.count == 1 else {
        throw UsageError.invalidArguments("'--against' checks one file, but \(files.count) were given")
      }
      return try runAgainst(reference, file: files[0], context: context)
    }
    if format == .github || format == .junit {
      throw UsageError.invalidArguments(
        "'--format \(format.rawValue)' reports policy findings: it needs '--against <rev>'")
    }
    if context.arguments.flag("prune") {
      throw UsageError.invalidArguments("'--prune' needs '--against <rev>'")
    }
    let limits = try context.documentLimits()
    // Every file is checked, so that a pre-commit hook sees all problems at once.
    var results: [FileResult] = []
    for file in files {
      let source: DocumentSource = file == "-" ? .standardInput : .file(file)
      do {
        let entries = try source.readEntries(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
        results.append(
          FileResult(file: source.name, components: entries.count, problems: [], status: .success))
        if format == .text {
          let count = "\(entries.count) component\(entries.count == 1 ? "" : "s")"
          context.console.print(files.count == 1 ? "ok: \(count)" : "ok: \(source.name): \(count)")
        }
      } catch CatalogError.invalidDocument(let name, let diagnostics) {
        for diagnostic in diagnostics.diagnostics {
          context.console.error(diagnostic.formatted(file: name))
        }
        results.append(
          FileResult(
            file: name, components: nil,
            problems: diagnostics.diagnostics.map { ResultJSON.Problem(file: name, $0) },
            status: .dataError))
      } catch let error as CatalogError {
        guard case .unreadable = error else { throw error }
        context.console.error("catalog: error: \(error)")
        results.append(
          FileResult(
            file: source.name, components: nil,
            problems: [ResultJSON.Problem(file: source.name, message: "\(error)")],
            status: .noInput))
      }
    }
    let failed = results.filter { $0.status != .success }
    if files.count > 1, !failed.isEmpty {
      let verb = failed.count == 1 ? "has" : "have"
      context.console.error(
        "catalog: error: \(failed.count) of \(files.count) files \(verb) problems")
    }
    if format == .json {
      ResultJSON.print(ResultJSON.check(results), to: context.console)
    }
    // Problems in a file outrank a file that could not be read.
    if failed.contains(where: { $0.status == .dataError }) { return .dataError }
    return failed.first?.status ?? .success
  }
}

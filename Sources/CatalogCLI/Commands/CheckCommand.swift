import CatalogStorage
import CatalogStore
import Components

/// `catalog check FILE…`: validate components.json files without touching any catalog.
enum CheckCommand: CatalogCommand {
  static let file: ArgumentKey<[String]> = .variadic(
    "file", help: "The components.json files to check, or '-' for stdin (default: stdin)."
  ).completing(.file)
  static let against: ArgumentKey<String?> = .option(
    "against", valueName: "rev",
    help:
      "Check the file against the compatibility policies as an import on top of <rev> "
      + "would (head for the catalog's head); writes nothing."
  ).completing(.revision)
  static let prune: ArgumentKey<Bool> = .flag(
    "prune", help: "With --against, count kinds the file lacks as removed.")
  static let format: ArgumentKey<Format?> = .choice(
    "format", valueName: "format", of: Format.self,
    help:
      "text for people; json for scripts; github (workflow commands) and junit (XML) report "
      + "the findings of --against for CI.")

  enum Format: String, CaseIterable, Sendable {
    case text
    case json
    case github
    case junit
  }

  static let spec = CommandSpec(
    name: "check",
    abstract: "Validate a components.json file without importing it.",
    discussion: """
      Reads and validates each file exactly as import does, and writes nothing. Prints \
      'ok: N components' (with several files, 'ok: FILE: N components' for each valid one), \
      or the problems found, each as FILE:LINE:COLUMN: error: <message>, and then exits with \
      status 65 (66 when a file cannot be read and none has problems). Every file is \
      checked, even after one with problems.

      With --against REF (head, a number, a tag, …) the file is also checked against the \
      catalog's compatibility policies exactly as 'import' would check it on top of REF, \
      and nothing is written: the CI gate for a pull request. Every refused change is a \
      finding with its rule, mode, kind, JSON Pointer, both values, a fix and the line of \
      the change in the file; the exit status is 65 when there is one. --format github \
      prints GitHub Actions workflow commands (::error file=…,line=…,col=…) and junit a \
      JUnit XML report with a test case per kind (docs/ci.md). An entry under a name the \
      catalog renamed is refused as import refuses it (exit status 65, a note naming the \
      revision and the new name), unless --follow-renames or --allow-former-names says \
      what the import will be run with.
      """,
    arguments: [
      file.spec,
      against.spec,
      prune.spec,
      CommonArguments.followRenames.spec,
      CommonArguments.allowFormerNames.spec,
      CommonArguments.maxDepth.spec,
      CommonArguments.maxSize.spec,
      format.spec,
    ],
    examples: [
      Example("Check a file before committing it:", "catalog check components.json"),
      Example("Check generated output:", "generate-components | catalog check -"),
      Example("Check every manifest in a pre-commit hook:", "catalog check apps/*/components.json"),
      Example(
        "Gate a pull request on the policies, with annotations:",
        "catalog check components.json --against head --format github"),
    ],
    seeAlso: ["import"])

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
    var files = context.arguments[Self.file]
    if files.isEmpty { files = ["-"] }
    if files.count(where: { $0 == "-" }) > 1 {
      throw UsageError.invalidArguments("at most one file may be '-' (standard input)")
    }
    let format = context.arguments[Self.format] ?? .text
    if let reference = context.arguments[Self.against] {
      guard files.count == 1 else {
        throw UsageError.invalidArguments(
          "'--against' checks one file, but \(files.count) were given")
      }
      return try runAgainst(reference, file: files[0], context: context)
    }
    if format == .github || format == .junit {
      throw UsageError.invalidArguments(
        "'--format \(format.rawValue)' reports policy findings: it needs '--against <rev>'")
    }
    if context.arguments[Self.prune] {
      throw UsageError.invalidArguments("'--prune' needs '--against <rev>'")
    }
    let limits = context.documentLimits
    // Every file is checked, so that a pre-commit hook sees all problems at once.
    var results: [FileResult] = []
    for file in files {
      let source: DocumentSource = file == "-" ? .standardInput : .file(file)
      do {
        let entries = try source.readEntries(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
        results.append(
          FileResult(file: source.name, components: entries.count, problems: [], status: .success))
        if format == .text {
          let count = entries.count.counting("component")
          context.console.print(files.count == 1 ? "ok: \(count)" : "ok: \(source.name): \(count)")
        }
      } catch CatalogError.invalidDocument(let name, let diagnostics) {
        context.console.report(diagnostics, in: name)
        results.append(
          FileResult(
            file: name, components: nil,
            problems: diagnostics.diagnostics.map { ResultJSON.Problem(file: name, $0) },
            status: diagnostics.includesReadFailure ? .ioError : .dataError))
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

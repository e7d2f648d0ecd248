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
  static let policyFile: ArgumentKey<String?> = .option(
    "policy-file", valueName: "path",
    help:
      "With --against git:REF, the policy file (as 'catalog policy export' writes it) in the "
      + "base commit (default: catalog-policy.json beside the file).")
  static let clients: ArgumentKey<Bool> = .flag(
    "clients",
    help:
      "Check the file against the contracts of the catalog's retained app builds (with "
      + "--against git:REF, those committed at REF): a payload one of them cannot decode is "
      + "a finding (mode CLIENTS).")
  static let prune: ArgumentKey<Bool> = .flag(
    "prune", help: "With --against, count kinds the file lacks as removed.")
  static let format: ArgumentKey<Format?> = .choice(
    "format", valueName: "format", of: Format.self,
    help:
      "text for people; json for scripts; github (workflow commands) and junit (XML) for CI: "
      + "every problem and finding, in that format.")

  /// The CI gate's exit statuses: an unknown `--against` ref is 2, never a finding (1).
  static var reportsUnknownReferencesApart: Bool { true }

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
      checked, even after one with problems. The json, github and junit formats report every \
      problem too: a located annotation, a JUnit <failure>, a JSON problem.

      With --against REF (head, a number, a tag, …) the file is also checked against the \
      catalog's compatibility policies exactly as 'import' would check it on top of REF, \
      and nothing is written: the CI gate for a pull request. Every refused change is a \
      finding with its rule, mode, kind, JSON Pointer, both values, a fix and the line of \
      the change in the file; the exit status is 1 when there is one, 2 when REF is \
      unknown (docs/cli.md, "Exit statuses of the CI gate"). --format github \
      prints GitHub Actions workflow commands (::error file=…,line=…,col=…) and junit a \
      JUnit XML report with a test case per kind (docs/ci.md). An entry under a name the \
      catalog renamed fails the check as import refuses it (a note names the revision and \
      the new name), unless --follow-renames or --allow-former-names says what the import \
      will be run with.

      With --against git:REF[:PATH] the base is the file as committed at REF, read from \
      git's object database (no checkout, no network, no catalog: a fork's pull request is \
      gated with the clone alone), and the policies come from a policy file committed at \
      REF: catalog-policy.json beside the file, or --policy-file PATH. PATH is from the top \
      of the repository (./PATH from the current directory) and defaults to the file's own \
      place. Transitive modes compare with every committed version of the file (git log \
      --follow, so renames of the file are followed). The app builds are the contract.json \
      files committed at REF in catalog-contracts/ beside the policy file: the policies \
      consult what they read, and --clients checks the file against them, as on a catalog.

      With --clients the file is also checked against the contract of every app build the \
      catalog retains ('catalog contract'): each payload a build cannot decode is a finding \
      (mode CLIENTS, rule DECODE_FAILS) on the line of the offending value, \
      FILE:LINE:COLUMN: error: CLIENTS refuses kind K: /payload/…: app APP@VERSION decodes \
      …, found …, and the exit status is 1, as the write gate of import would refuse it. \
      With --against too, both gates' findings are one report, in every format.
      """,
    arguments: [
      file.spec,
      against.spec,
      clients.spec,
      policyFile.spec,
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
      Example(
        "Gate a fork's pull request with nothing but the clone:",
        "catalog check components.json --against git:origin/main --format github"),
    ],
    seeAlso: ["import"])

  /// What checking one file found.
  struct FileResult {
    var file: String
    /// The number of entries, when the file is valid.
    var components: Int?
    var problems: [DocumentProblem]
    /// 65 for problems in the file, 66 for a file that cannot be read, 74 for a read that
    /// failed partway.
    var status: ExitStatus

    /// The file as a report of the CI formats: its problems, no findings.
    var report: FindingReport {
      FindingReport(
        name: file, checkedKinds: [], findings: [], problems: problems, validatesDocument: true)
    }
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    var files = context.arguments[Self.file]
    if files.isEmpty { files = ["-"] }
    if files.count(where: { $0 == "-" }) > 1 {
      throw UsageError.invalidArguments("at most one file may be '-' (standard input)")
    }
    let format = context.arguments[Self.format] ?? .text
    if context.arguments[Self.clients] {
      return try runClients(files: files, format: format, context: context)
    }
    if let reference = context.arguments[Self.against] {
      guard files.count == 1 else {
        throw UsageError.invalidArguments(
          "'--against' checks one file, but \(files.count) were given")
      }
      return try runAgainst(reference, file: files[0], context: context)
    }
    if context.arguments[Self.prune] {
      throw UsageError.invalidArguments("'--prune' needs '--against <rev>'")
    }
    if context.arguments[Self.policyFile] != nil {
      throw UsageError.invalidArguments("'--policy-file' needs '--against git:<ref>'")
    }
    // Every file is checked, so that a pre-commit hook sees all problems at once.
    var results: [FileResult] = []
    for file in files {
      let result = try read(file, keepingDocument: false, context: context).result
      if format == .text, let count = result.components?.counting("component") {
        context.console.print(files.count == 1 ? "ok: \(count)" : "ok: \(result.file): \(count)")
      }
      results.append(result)
    }
    let failed = results.filter { $0.status != .success }
    if files.count > 1, !failed.isEmpty {
      let verb = failed.count == 1 ? "has" : "have"
      context.console.error(
        "catalog: error: \(failed.count) of \(files.count) files \(verb) problems")
    }
    switch format {
    case .text: break
    case .json: ResultJSON.print(ResultJSON.check(results, against: nil), to: context.console)
    case .github: context.console.write(Array(results.map { $0.report.github() }.joined().utf8))
    case .junit: context.console.write(Array(FindingReport.junit(results.map(\.report)).utf8))
    }
    // Problems in a file outrank a file that could not be read.
    if failed.contains(where: { $0.status == .dataError }) { return .dataError }
    return failed.first?.status ?? .success
  }

  /// Reads and validates one file; its problems go to stderr as located lines.
  ///
  /// - Parameter keepingDocument: Keep the file's bytes and entries' positions (for the
  ///   findings of `--against`), not only its entries.
  /// - Returns: The result, and with `keepingDocument` the document when it is valid.
  static func read(_ file: String, keepingDocument: Bool, context: CommandContext) throws -> (
    result: FileResult, document: SubmittedDocument?
  ) {
    let limits = context.documentLimits
    let source: DocumentSource = file == "-" ? .standardInput : .file(file)
    do {
      var document: SubmittedDocument?
      let count: Int
      if keepingDocument {
        let read = try SubmittedDocument(
          source: source, maxDepth: limits.maxDepth, maxSize: limits.maxSize)
        count = read.entries.count
        document = read
      } else {
        count = try source.readEntries(maxDepth: limits.maxDepth, maxSize: limits.maxSize).count
      }
      return (
        FileResult(file: source.name, components: count, problems: [], status: .success),
        document
      )
    } catch CatalogError.invalidDocument(let name, let diagnostics) {
      context.console.report(diagnostics, in: name)
      var problems = diagnostics.diagnostics.map { DocumentProblem(file: name, $0) }
      if diagnostics.isTruncated {
        problems.append(
          DocumentProblem(
            file: name, title: "invalid document",
            message:
              "reading stopped after \(diagnostics.diagnostics.count.counting("problem")); "
              + "there may be more"))
      }
      return (
        FileResult(
          file: name, components: nil, problems: problems,
          status: diagnostics.includesReadFailure ? .ioError : .dataError),
        nil
      )
    } catch let error as CatalogError {
      guard case .unreadable = error else { throw error }
      context.console.error("catalog: error: \(CatalogMain.words(error))")
      return (
        FileResult(
          file: source.name, components: nil,
          problems: [
            DocumentProblem(
              file: source.name, title: "unreadable", message: CatalogMain.words(error))
          ],
          status: .noInput),
        nil
      )
    }
  }
}

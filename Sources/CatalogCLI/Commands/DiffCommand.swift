import CatalogDiff
import CatalogStore
import Components

/// `catalog diff OLD NEW`: compare two catalogs entry by entry.
enum DiffCommand: CatalogCommand {
  static let spec = CommandSpec.diffCommand

  enum Format: String, CaseIterable {
    case text
    case json
    case jsonPatch = "json-patch"
    case github
    case junit
  }

  enum Color: String, CaseIterable {
    case auto
    case always
    case never
  }

  enum FailOn: String, CaseIterable {
    case breaking
    case any
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let operands = [arguments.positional("old") ?? "", arguments.positional("new") ?? ""]
    if operands.allSatisfy({ $0 == "-" }) {
      throw UsageError.invalidArguments("at most one operand may be '-' (standard input)")
    }
    let format = try arguments.choice("format", as: Format.self) ?? .text
    try checkCombinations(arguments, format: format)
    let failOn = try arguments.choice("fail-on", as: FailOn.self) ?? .any
    let color: Bool
    switch try arguments.choice("color", as: Color.self) ?? .auto {
    case .always: color = true
    case .never: color = false
    case .auto:
      color = context.console.stdoutIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
    }

    let prune = arguments.flag("prune")
    let limits = try context.documentLimits()
    var catalog: Catalog?
    func opened() throws -> Catalog {
      let opened = try catalog ?? context.openCatalog(forWriting: false)
      catalog = opened
      return opened
    }
    func reference(_ operand: String) -> RevisionReference? {
      operand.hasPrefix("@") ? RevisionReference(parsing: String(operand.dropFirst())) : nil
    }
    // Where OLD's entries are in its document as given: a revision is {"components": [...]},
    // as export writes it; a file may be a bare array (then the patch says /0/...).
    var oldEntriesPointer = JSONPointer(["components"])
    // For the CI formats NEW, when it is a file, is kept with its bytes, so that findings
    // point at its lines.
    let locates = format == .github || format == .junit
    var newDocument: SubmittedDocument?
    var violations: [PolicyViolation] = []
    func fileEntries(_ operand: String, isOld: Bool = false) throws -> [CatalogEntry] {
      let source = operand == "-" ? DocumentSource.standardInput : .file(operand)
      if locates && !isOld {
        let document = try SubmittedDocument(
          source: source, maxDepth: limits.maxDepth, maxSize: limits.maxSize)
        newDocument = document
        return document.entries
      }
      let document = try source.readDocument(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
      if isOld { oldEntriesPointer = document.entriesPointer }
      return document.entries
    }
    // Two revisions: compared by component identity. A revision and a file: what importing
    // the file would record. Anything else: two documents, matched by kind.
    var computed: CatalogDiff
    switch (reference(operands[0]), reference(operands[1])) {
    case (let old?, let new?):
      computed = try opened().diff(from: old, to: new)
    case (let old?, nil):
      let entries = try fileEntries(operands[1])
      let preview = try opened().plannedImport(of: entries, at: old, prune: prune)
      violations = preview.violations
      // --quiet is the exit status alone: no notes either.
      if !arguments.flag("quiet") {
        WriteReport.printNotes(
          kept: preview.result.kept, keptDeprecations: preview.result.keptDeprecations,
          conditional: true, to: context.console)
      }
      computed = preview.diff
    case (nil, let new?):
      let old = try fileEntries(operands[0], isOld: true)
      do {
        computed = try CatalogDiff(old: old, new: try opened().entries(at: new))
      } catch let error as CatalogDiffError {
        context.console.error("catalog: error: \(error)")
        return .trouble
      }
    case (nil, nil):
      do {
        computed = try CatalogDiff(
          old: try fileEntries(operands[0], isOld: true), new: fileEntries(operands[1]))
      } catch let error as CatalogDiffError {
        context.console.error("catalog: error: \(error)")
        return .trouble
      }
    }
    let diff = computed
    do {
      if arguments.flag("quiet") {
        // Exit status only.
      } else if arguments.flag("name-only") {
        let names = diff.differingKinds.map { $0 + "\n" }.joined()
        context.console.write(Array(names.utf8))
      } else if arguments.flag("stat") {
        context.console.write(Array(diff.stat(color: color).utf8))
      } else {
        switch format {
        case .text: context.console.write(Array(diff.text(color: color).utf8))
        case .json: context.console.write(Array(diff.jsonSummary().utf8))
        case .jsonPatch:
          // The patch applies to <old> as given: `/0/...` for a bare array.
          let patch = try diff.jsonPatch(
            withTests: arguments.flag("with-tests"), components: oldEntriesPointer)
          context.console.write(JSONWriter.indentedBytes(patch.jsonValue) + [0x0A])
        case .github, .junit:
          let report = Self.report(
            diff, name: "\(operands[0])..\(operands[1])", failOn: failOn, document: newDocument,
            violations: violations, maxDepth: limits.maxDepth)
          context.console.write(Array((format == .github ? report.github() : report.junit()).utf8))
        }
      }
    } catch {
      context.console.error("catalog: error: \(error)")
      return .trouble
    }
    switch failOn {
    case .any: return diff.isEmpty ? .success : .differences
    case .breaking: return diff.hasChanges(ofClass: .breaking) ? .differences : .success
    }
  }

  /// Options that make no sense together are usage errors (64), not silently ignored:
  /// `--stat` prints text, so it cannot be JSON; `--with-tests` only shapes a JSON Patch;
  /// `--quiet`, `--name-only` and `--stat` each replace the output.
  static func checkCombinations(_ arguments: ParsedArguments, format: Format) throws {
    let given = ["quiet", "name-only", "stat"].filter { arguments.flag($0) }
    if given.count > 1 {
      throw UsageError.invalidArguments("'--\(given[1])' cannot be used with '--\(given[0])'")
    }
    if let output = given.first, format != .text {
      throw UsageError.invalidArguments(
        "'--\(output)' cannot be used with '--format \(format.rawValue)'")
    }
    if arguments.flag("with-tests"), format != .jsonPatch {
      throw UsageError.invalidArguments(
        "'--with-tests' needs '--format json-patch' (it adds test operations to a patch)")
    }
  }
}

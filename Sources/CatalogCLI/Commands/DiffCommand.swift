import CatalogDiff
import CatalogStore
import Components

/// `catalog diff OLD NEW`: compare two catalogs entry by entry.
enum DiffCommand: CatalogCommand {
  static let old: ArgumentKey<String?> = .positional(
    "old", help: "The old catalog: a file, '-', @REF or git:REF[:PATH]."
  ).completing(.fileOrRevision)
  static let new: ArgumentKey<String?> = .positional(
    "new", help: "The new catalog: a file, '-', @REF or git:REF[:PATH]."
  ).completing(.fileOrRevision)
  static let format: ArgumentKey<Format?> = .choice(
    "format", valueName: "format", of: Format.self,
    help: "The output format: text, json, json-patch, github or junit.")
  static let stat: ArgumentKey<Bool> = .flag(
    "stat",
    help:
      "Print one line per kind and a total, like 'git diff --stat': added, removed, moved, or the number of changes and a bar (- breaking, + additive, ~ value or metadata)."
  )
  static let quiet: ArgumentKey<Bool> = .flag(
    "quiet", help: "Print nothing; only the exit status tells whether the catalogs differ.")
  static let nameOnly: ArgumentKey<Bool> = .flag(
    "name-only",
    help:
      "Print only the kinds that differ, one per line, in byte order, after '* document' when "
      + "the top-level members or form changed.")
  static let prune: ArgumentKey<Bool> = .flag(
    "prune",
    help: "With @REF FILE, count kinds the file lacks as removed, as 'import --prune' would.")
  static let withTests: ArgumentKey<Bool> = .flag(
    "with-tests", help: "With --format json-patch, add test operations that guard the old values.")
  static let failOn: ArgumentKey<CatalogDiff.FailureClass?> = .choice(
    "fail-on", valueName: "class", of: CatalogDiff.FailureClass.self, defaultValue: .any,
    help: "Exit with 1 for any difference, or only for breaking changes.")

  static let spec = CommandSpec(
    name: "diff",
    abstract: "Compare two catalogs entry by entry.",
    discussion: """
      Each operand is a file, '-' for stdin (one operand at most), @REF for a catalog \
      revision: @head, @7, @head~2, @v1.2^, @2026-11-29, or git:REF[:PATH] for a file as \
      committed in git (PATH from the top of the repository, ./PATH from here; by default \
      the other operand's path), read from git's object database without a catalog. Two revisions are compared by \
      component identity, so a renamed kind is one change (ENTRY_RENAMED). @REF FILE shows \
      exactly what 'import FILE' would record on top of REF: kinds the file lacks are kept \
      (a note lists them) unless --prune is given, deprecations the file does not mention are \
      kept, and member order counts (MEMBERS_REORDERED); so a file that lacks kinds can show \
      no difference: 'catalog verify FILE --at REF' asks whether a file is exactly a \
      revision. Otherwise entries are matched by \
      kind. For a changed kind every changed field is shown as a JSON Pointer with its old \
      and new value. Every change has a class: breaking (rules KEY_REMOVED, TYPE_CHANGED, \
      INTEGER_BECAME_FRACTION, ELEMENT_REMOVED, ENTRY_REMOVED, ENTRY_RENAMED), additive \
      (KEY_ADDED, ELEMENT_ADDED, ENTRY_ADDED), value (VALUE_CHANGED, FRACTION_BECAME_INTEGER) \
      or metadata (METADATA_CHANGED, MEMBERS_REORDERED).

      Formats: text, grouped by kind (+ added, - removed, ~ changed); json, a summary \
      for scripts; json-patch, an RFC 6902 patch that turns <old> into <new>; github, one \
      GitHub Actions workflow command per change (::error for those --fail-on counts, \
      ::notice for the others), on the line of NEW when NEW is a file; junit, JUnit XML \
      with a test case per kind that differs (docs/ci.md). --stat, \
      --quiet and --name-only replace the text format and cannot be combined with each other \
      or with another --format; --with-tests needs --format json-patch.

      Exit status, like diff(1): 0 no differences (or none of the --fail-on class), \
      1 differences; 2 an unknown revision, 65 invalid JSON or an invalid document, 66 a \
      file that cannot be read (docs/cli.md, "Exit statuses of the CI gate").
      """,
    arguments: [
      old.spec, new.spec, format.spec, stat.spec, quiet.spec, nameOnly.spec, prune.spec,
      CommonArguments.followRenames.spec, CommonArguments.allowFormerNames.spec, withTests.spec,
      CommonArguments.color.spec, failOn.spec, CommonArguments.maxDepth.spec,
      CommonArguments.maxSize.spec,
    ],
    examples: [
      Example("What importing a file would change:", "catalog diff @head components.json"),
      Example("Since a release, as a patch:", "catalog diff @v1.0 @head --format json-patch"),
      Example(
        "Fail a CI job on breaking changes only:",
        "catalog diff @head components.json --fail-on breaking"),
    ],
    seeAlso: ["patch", "import", "log"])

  /// The CI gate's exit statuses (docs/cli.md): 0 same, 1 differences, 2 an unknown
  /// revision, and the documented status of every other failure (65 invalid input, 66 an
  /// unreadable file, 74 I/O), so that anything above 1 means the diff could not be made.
  static var reportsUnknownReferencesApart: Bool { true }

  /// The exit status of a diff that could not be computed.
  static func status(of error: CatalogDiffError) -> ExitStatus {
    switch error {
    case .duplicateKind, .invalidText: .dataError
    case .changedWhileRead: .ioError
    case .newDocumentNeeded: .internalError
    }
  }

  enum Format: String, CaseIterable, Sendable {
    case text
    case json
    case jsonPatch = "json-patch"
    case github
    case junit
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let operands = [arguments[old] ?? "", arguments[new] ?? ""]
    if operands.allSatisfy({ $0 == "-" }) {
      throw UsageError.invalidArguments("at most one operand may be '-' (standard input)")
    }
    let format = arguments[Self.format] ?? .text
    try checkCombinations(arguments, format: format)
    let failOn = arguments[Self.failOn] ?? .any
    // The text and --stat formats only; the others are data.
    let color = context.terminal(json: false).color

    let prune = arguments[Self.prune]
    let limits = context.documentLimits
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
    // NEW as a whole, for a JSON Patch that turns a bare array OLD into an object NEW (it
    // replaces the document): a revision's export, or a file's bytes, held only then.
    var wholeNew: (() throws -> JSONValue)?
    var violations: [PolicyViolation] = []
    // git:REF[:PATH] is the file as committed at REF, read from git's object database; its
    // PATH defaults to the other operand's.
    var committed: [String: DocumentSource] = [:]
    for (i, operand) in operands.enumerated() where GitBase.isGitOperand(operand) {
      do {
        let base = try GitBase(parsing: operand, file: operands[1 - i])
        committed[operand] = .bytes(try base.bytes(), name: base.name)
      } catch {
        context.console.error("catalog: error: \(CatalogMain.words(error))")
        return error.exitStatus
      }
    }
    func source(_ operand: String) -> DocumentSource {
      if let committed = committed[operand] { return committed }
      return operand == "-" ? DocumentSource.standardInput : .file(operand)
    }
    func fileEntries(_ operand: String, isOld: Bool = false) throws -> (
      entries: [CatalogEntry], frame: DocumentFrame, positions: [SourcePosition]
    ) {
      if locates && !isOld {
        let document = try SubmittedDocument(
          source: source(operand), maxDepth: limits.maxDepth, maxSize: limits.maxSize)
        newDocument = document
        return (document.entries, document.frame, document.positions)
      }
      let document = try source(operand).readDocument(
        maxDepth: limits.maxDepth, maxSize: limits.maxSize)
      if isOld { oldEntriesPointer = document.entriesPointer }
      return (document.entries, document.frame, document.positions)
    }
    for flag in [CommonArguments.followRenames, CommonArguments.allowFormerNames]
    where arguments[flag] && (reference(operands[0]) == nil || reference(operands[1]) != nil) {
      throw UsageError.invalidArguments(
        "'--\(flag.spec.name)' applies only to @REF FILE (what importing FILE would record)")
    }
    if prune, reference(operands[0]) == nil || reference(operands[1]) != nil {
      throw UsageError.invalidArguments(
        "'--prune' applies only to @REF FILE (what importing FILE with --prune would record)")
    }
    // Two revisions: compared by component identity. A revision and a file: what importing
    // the file would record. Anything else: two documents, matched by kind.
    var computed: CatalogDiff
    switch (reference(operands[0]), reference(operands[1])) {
    case (let old?, let new?):
      computed = try opened().diff(from: old, to: new)
    case (let old?, nil):
      let file = try fileEntries(operands[1])
      let formerNames = try context.formerNames()
      let preview = try opened().plannedImport(
        of: file.entries, positions: file.positions, at: old, prune: prune, frame: file.frame,
        formerNames: formerNames)
      violations = preview.violations
      // --quiet is the exit status alone: no notes either.
      if !arguments[quiet] {
        WriteReport.printFormerNames(
          preview.result.formerNames, file: source(operands[1]).name, formerNames,
          conditional: true, to: context.console)
        WriteReport.printNotes(
          kept: preview.result.kept, keptDeprecations: preview.result.keptDeprecations,
          conditional: true, to: context.console)
      }
      computed = preview.diff
    case (nil, let new?):
      let old = try fileEntries(operands[0], isOld: true)
      do {
        let catalog = try opened()
        let entries = try catalog.entries(at: new)
        let frame = try catalog.documentFrame(at: new)
        computed = try CatalogDiff(old: old.entries, new: entries)
        computed.compareFrames(old: old.frame, new: frame)
        wholeNew = { try Catalog.document(entries, frame: frame) }
      } catch let error as CatalogDiffError {
        context.console.error("catalog: error: \(CatalogMain.words(error))")
        return status(of: error)
      }
    case (nil, nil):
      do {
        let read = try DocumentSource.diff(
          from: source(operands[0]), to: source(operands[1]), maxDepth: limits.maxDepth,
          maxSize: limits.maxSize, holdingNewForPatch: format == .jsonPatch)
        computed = read.diff
        oldEntriesPointer = read.oldEntriesPointer
        if let held = read.heldNew {
          wholeNew = { try held.readJSONValue(maxDepth: limits.maxDepth, maxSize: limits.maxSize) }
        }
        // NEW was streamed: the CI formats read it again for the lines of the changes.
        if locates, operands[1] != "-" {
          newDocument = try SubmittedDocument(
            source: source(operands[1]), maxDepth: limits.maxDepth, maxSize: limits.maxSize)
        }
      } catch let error as CatalogDiffError {
        context.console.error("catalog: error: \(CatalogMain.words(error))")
        return status(of: error)
      }
    }
    let diff = computed
    do {
      if arguments[quiet] {
        // Exit status only.
      } else if arguments[nameOnly] {
        context.console.write(Array(diff.nameOnly().utf8))
      } else if arguments[stat] {
        context.console.write(Array(diff.stat(color: color).utf8))
      } else {
        switch format {
        case .text: context.console.write(Array(diff.text(color: color).utf8))
        case .json: context.console.write(Array(diff.jsonSummary().utf8))
        case .jsonPatch:
          // The patch applies to <old> as given: `/0/...` for a bare array.
          let patch = try diff.jsonPatch(
            withTests: arguments[withTests], components: oldEntriesPointer,
            newDocument: diff.needsNewDocument(components: oldEntriesPointer) ? wholeNew?() : nil)
          context.console.write(JSONWriter.indentedBytes(patch.jsonValue) + [0x0A])
        case .github, .junit:
          let report = Self.report(
            diff, name: "\(operands[0])..\(operands[1])", failOn: failOn, document: newDocument,
            violations: violations, maxDepth: limits.maxDepth)
          context.console.write(Array((format == .github ? report.github() : report.junit()).utf8))
        }
      }
    } catch let error as CatalogDiffError {
      context.console.error("catalog: error: \(CatalogMain.words(error))")
      return status(of: error)
    }
    return diff.differs(failingOn: failOn) ? .differences : .success
  }

  /// Options that make no sense together are usage errors (64), not silently ignored:
  /// `--stat` prints text, so it cannot be JSON; `--with-tests` only shapes a JSON Patch;
  /// `--quiet`, `--name-only` and `--stat` each replace the output.
  static func checkCombinations(_ arguments: ParsedArguments, format: Format) throws {
    let given = [quiet, nameOnly, stat].filter { arguments[$0] }.map(\.spec.name)
    if given.count > 1 {
      throw UsageError.invalidArguments("'--\(given[1])' cannot be used with '--\(given[0])'")
    }
    if let output = given.first, format != .text {
      throw UsageError.invalidArguments(
        "'--\(output)' cannot be used with '--format \(format.rawValue)'")
    }
    if arguments[withTests], format != .jsonPatch {
      throw UsageError.invalidArguments(
        "'--with-tests' needs '--format json-patch' (it adds test operations to a patch)")
    }
  }
}

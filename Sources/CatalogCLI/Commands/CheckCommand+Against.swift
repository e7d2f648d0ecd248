import CatalogDiff
import CatalogStore
import Components

/// `catalog check FILE --against REF`: the policy check of an import, without writing.
extension CheckCommand {
  ///
  /// - Parameter clients: Check the retained app builds' contracts too (`--clients`), in
  ///   the same report.
  static func runAgainst(
    _ reference: String, file: String, clients: Bool = false, context: CommandContext
  ) throws -> ExitStatus {
    let arguments = context.arguments
    let format = arguments[Self.format] ?? .text
    let (result, read) = try Self.read(file, keepingDocument: true, context: context)
    guard let document = read else {
      // The file cannot be checked: its problems in the format asked for, never silence.
      print(
        AgainstResult(reference: reference),
        file: result, report: result.report, format: format, context: context)
      return result.status
    }
    if GitBase.isGitOperand(reference) {
      // No catalog: the contracts too are the ones committed at the base.
      return try runAgainstGit(
        reference, file: result, document: document, clients: clients, context: context)
    }
    let clientCheck = clients ? try Self.clientCheck(of: document, context: context) : nil
    if arguments[Self.policyFile] != nil {
      throw UsageError.invalidArguments(
        "'--policy-file' needs '--against git:<ref>' (a catalog keeps its own policies)")
    }
    let preview: ImportPreview
    do {
      let catalog = try context.openCatalog(forWriting: false)
      preview = try catalog.policyCheck(
        of: document.entries, positions: document.positions,
        at: RevisionReference(parsing: reference), prune: arguments[Self.prune],
        formerNames: try context.formerNames())
    } catch CatalogError.unknownRevision(let name, let reason) {
      // A mistyped ref is no finding, but the CI formats still say what went wrong.
      let message = CatalogError.unknownRevision(reference: name, reason: reason).description
      var failed = result
      failed.problems = [DocumentProblem(file: result.file, title: "unknown ref", message: message)]
      if format != .text {
        print(
          AgainstResult(reference: reference),
          file: failed, report: failed.report, format: format, context: context)
      }
      throw CatalogError.unknownRevision(reference: name, reason: reason)
    }
    return finish(
      preview, against: AgainstResult(reference: reference, revision: preview.result.head),
      baseName: "revision \(preview.result.head)", names: [:], file: result,
      document: document, clients: clientCheck, context: context)
  }

  /// Reports the check's findings in the format asked for and returns the exit status.
  ///
  /// - Parameter names: What each revision of the preview stands for, when the base is not a
  ///   catalog (a committed version of the file).
  static func finish(
    _ preview: ImportPreview, against: AgainstResult, baseName: String, names: [Int64: String],
    file result: FileResult, document: SubmittedDocument, clients: ClientCheck? = nil,
    context: CommandContext
  ) -> ExitStatus {
    let format = context.arguments[Self.format] ?? .text
    var report = Self.report(
      preview, document: document, maxDepth: context.documentLimits.maxDepth)
    report.validatesDocument = true
    for i in report.findings.indices {
      if let revision = report.findings[i].against, let name = names[revision] {
        report.findings[i].againstName = name
      }
    }
    let counts = preview.result.counts
    var against = against
    against.counts = counts
    // Entries under names the catalog renamed: the import this previews refuses them unless
    // told what to do, so the gate fails as it would.
    let formerNames = (try? context.formerNames()) ?? .refuse
    WriteReport.printFormerNames(
      preview.result.formerNames, file: document.name, formerNames, conditional: true,
      to: context.console)
    let refusedNames = formerNames == .refuse ? preview.result.formerNames.count : 0
    if format == .text {
      for line in report.text().split(separator: "\n") { context.console.error(String(line)) }
      if refusedNames > 0, report.findings.isEmpty {
        context.console.error(
          "catalog: error: \(document.name) uses \(refusedNames.counting("name")) the catalog "
            + "renamed")
      } else if report.findings.isEmpty {
        context.console.print(
          "ok: \(document.name): no change refused by the policies "
            + "(\(counts.added) added, \(counts.changed) changed, \(counts.removed) removed "
            + "against \(baseName))")
      } else {
        let count = report.findings.count
        context.console.error(
          "catalog: error: the compatibility policies refuse \(count.counting("change")) "
            + "in \(document.name)")
      }
      if let clients { printClientsText(clients, context: context) }
    }
    let refused = !report.findings.isEmpty || refusedNames > 0
    if let clients { report.findings += clients.findings }
    print(
      against, file: result, report: report, clients: clients, format: format, context: context)
    return refused || !(clients?.findings.isEmpty ?? true) ? .findings : .success
  }

  /// What `--against` was measured on, for the JSON result.
  struct AgainstResult {
    var reference: String
    /// The revision the reference named, when it names one.
    var revision: Int64?
    /// The commit, for a git base.
    var commit: String?
    var counts: ChangeCounts?

    init(
      reference: String, revision: Int64? = nil, commit: String? = nil,
      counts: ChangeCounts? = nil
    ) {
      self.reference = reference
      self.revision = revision
      self.commit = commit
      self.counts = counts
    }
  }

  /// The result in a machine format; text is printed as it goes.
  ///
  /// - Parameter clients: The retained builds' check (`--clients`), whose matrix the JSON
  ///   result carries.
  static func print(
    _ against: AgainstResult?, file: FileResult, report: FindingReport,
    clients: ClientCheck? = nil, format: Format, context: CommandContext
  ) {
    switch format {
    case .text: break
    case .json:
      ResultJSON.print(
        ResultJSON.check(
          [file], against: against, report: report,
          clients: clients.map { ResultJSON.clients($0.matrix, file: $0.file, revision: nil) }),
        to: context.console)
    case .github: context.console.write(Array(report.github().utf8))
    case .junit: context.console.write(Array(report.junit().utf8))
    }
  }

  /// The violations as findings on the lines of the file, and the kinds checked (the
  /// file's, then the kinds it would remove).
  static func report(_ preview: ImportPreview, document: SubmittedDocument, maxDepth: Int)
    -> FindingReport
  {
    var indexOfOffset: [Int: Int] = [:]
    for (i, position) in document.positions.enumerated() { indexOfOffset[position.offset] = i }
    var requests: [(index: Int, pointer: JSONPointer)] = []
    var requestOf: [Int?] = []
    for violation in preview.violations {
      if let offset = violation.position?.offset, let index = indexOfOffset[offset] {
        requestOf.append(requests.count)
        requests.append((index, violation.change.pointer))
      } else {
        requestOf.append(nil)
      }
    }
    let located = document.locate(requests, maxDepth: maxDepth)
    var findings: [Finding] = []
    for (i, violation) in preview.violations.enumerated() {
      var finding = Finding(violation, file: document.name)
      if let request = requestOf[i], let position = located[request] { finding.position = position }
      findings.append(finding)
    }
    return FindingReport(
      name: document.name,
      checkedKinds: document.entries.map(\.kind) + preview.diff.removed.map(\.kind),
      findings: findings)
  }
}

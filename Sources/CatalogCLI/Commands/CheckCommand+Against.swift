import CatalogDiff
import CatalogStore
import Components

/// `catalog check FILE --against REF`: the policy check of an import, without writing.
extension CheckCommand {
  static func runAgainst(_ reference: String, file: String, context: CommandContext) throws
    -> ExitStatus
  {
    let arguments = context.arguments
    let format = arguments[Self.format] ?? .text
    let limits = context.documentLimits
    let source: DocumentSource = file == "-" ? .standardInput : .file(file)
    let document = try SubmittedDocument(
      source: source, maxDepth: limits.maxDepth, maxSize: limits.maxSize)
    let catalog = try context.openCatalog(forWriting: false)
    let formerNames = try context.formerNames()
    let preview = try catalog.policyCheck(
      of: document.entries, positions: document.positions,
      at: RevisionReference(parsing: reference), prune: arguments[Self.prune],
      formerNames: formerNames)
    let report = Self.report(preview, document: document, maxDepth: limits.maxDepth)
    WriteReport.printFormerNames(
      preview.result.formerNames, file: document.name, formerNames, conditional: true,
      to: context.console)
    // The import this previews would refuse the file: the gate fails as it would.
    let refusedNames = formerNames == .refuse ? preview.result.formerNames.count : 0
    switch format {
    case .text:
      for line in report.text().split(separator: "\n") { context.console.error(String(line)) }
      if refusedNames > 0 {
        context.console.error(
          "catalog: error: \(document.name) uses \(refusedNames.counting("name")) the catalog "
            + "renamed")
      } else if report.findings.isEmpty {
        let changed = preview.result.counts
        context.console.print(
          "ok: \(document.name): no change refused by the policies "
            + "(\(changed.added) added, \(changed.changed) changed, \(changed.removed) removed "
            + "against revision \(preview.result.head))")
      } else {
        let count = report.findings.count
        context.console.error(
          "catalog: error: the compatibility policies refuse \(count.counting("change")) "
            + "in \(document.name)")
      }
    case .json: context.console.write(Array(report.json().utf8))
    case .github: context.console.write(Array(report.github().utf8))
    case .junit: context.console.write(Array(report.junit().utf8))
    }
    return report.findings.isEmpty && refusedNames == 0 ? .success : .dataError
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

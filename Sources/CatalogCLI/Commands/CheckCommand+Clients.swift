import CatalogStore
import Components

/// `catalog check FILE --clients [--against REF]`: the retained app builds' gate, alone or
/// after the policies', in every format: a payload a build cannot decode is a finding of
/// mode `CLIENTS`, rule `DECODE_FAILS`, on the line of the offending value.
extension CheckCommand {
  /// What the retained builds make of a file: the findings and the client matrix.
  struct ClientCheck {
    var findings: [Finding]
    var matrix: ClientMatrix
    var file: String
  }

  static func runClients(files: [String], format: Format, context: CommandContext) throws
    -> ExitStatus
  {
    guard files.count == 1 else {
      throw UsageError.invalidArguments(
        "'--clients' checks one file, but \(files.count) were given")
    }
    if let reference = context.arguments[Self.against] {
      return try runAgainst(reference, file: files[0], clients: true, context: context)
    }
    let (result, read) = try read(files[0], keepingDocument: true, context: context)
    guard let document = read else {
      print(
        nil, file: result, report: result.report, clients: nil, format: format, context: context)
      return result.status
    }
    let check = try clientCheck(of: document, context: context)
    let report = FindingReport(
      name: document.name, checkedKinds: document.entries.map(\.kind), findings: check.findings,
      validatesDocument: true)
    if format == .text {
      printClientsText(check, context: context)
    }
    print(nil, file: result, report: report, clients: check, format: format, context: context)
    return check.findings.isEmpty ? .success : .findings
  }

  /// The text of the builds' gate: each finding on stderr, then what it comes to.
  static func printClientsText(_ check: ClientCheck, context: CommandContext) {
    let report = FindingReport(name: check.file, checkedKinds: [], findings: check.findings)
    for line in report.text().split(separator: "\n") { context.console.error(String(line)) }
    let rejections = check.matrix.rejections
    if rejections.isEmpty {
      context.console.print(
        "ok: \(check.matrix.entries.counting("component")), decoded by "
          + "\(check.matrix.builds.count.counting("retained app build"))")
    } else {
      let payloads = ClientsCommand.payloadCount(rejections)
      context.console.error(
        "catalog: error: a retained app build cannot decode \(payloads.counting("payload"))")
    }
  }

  /// Checks the document's entries against every build retained at the catalog's head;
  /// each rejection is located at the offending value in the file (its nearest enclosing
  /// value when the value is missing).
  static func clientCheck(of document: SubmittedDocument, context: CommandContext) throws
    -> ClientCheck
  {
    let catalog = try context.openCatalogWithRevisions()
    let matrix = try catalog.clientMatrix(of: document.entries, positions: document.positions)
    return clientCheck(matrix, of: document, context: context)
  }

  /// The findings of a client matrix of the document's entries (a catalog's builds, or the
  /// contracts committed at a `git:` base).
  static func clientCheck(
    _ matrix: ClientMatrix, of document: SubmittedDocument, context: CommandContext
  ) -> ClientCheck {
    var indexOfOffset: [Int: Int] = [:]
    for (i, position) in document.positions.enumerated() { indexOfOffset[position.offset] = i }
    let rejections = matrix.rejections
    var requests: [(index: Int, pointer: JSONPointer)] = []
    var values: [JSONValue?] = []
    var requestOf: [Int?] = []
    for rejection in rejections {
      guard let offset = rejection.position?.offset, let index = indexOfOffset[offset] else {
        requestOf.append(nil)
        values.append(nil)
        continue
      }
      requestOf.append(requests.count)
      requests.append((index, rejection.pointer))
      let payload = try? document.entries[index].payload.value()
      values.append(payload.flatMap { $0[rejection.violation.pointer] })
    }
    let located = document.locate(requests, maxDepth: context.documentLimits.maxDepth)
    var findings: [Finding] = []
    for (i, rejection) in rejections.enumerated() {
      let position = requestOf[i].flatMap { located[$0] }
      findings.append(
        Finding(rejection, value: values[i], file: document.name, position: position))
    }
    return ClientCheck(findings: findings, matrix: matrix, file: document.name)
  }
}

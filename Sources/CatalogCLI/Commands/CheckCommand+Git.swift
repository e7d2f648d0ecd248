import CatalogStore
import Components

/// `catalog check FILE --against git:REF[:PATH]`: the CI gate with nothing but a clone.
extension CheckCommand {
  /// Checks the file against its version committed at REF, with the policies and the app
  /// contracts committed there, through ``CommittedHistoryCheck``.
  ///
  /// - Parameter clients: Run the contracts' gate too (`--clients`), as on a catalog; the
  ///   policies consult the committed contracts either way.
  static func runAgainstGit(
    _ reference: String, file result: FileResult, document: SubmittedDocument,
    clients: Bool = false, context: CommandContext
  ) throws -> ExitStatus {
    let arguments = context.arguments
    let format = arguments[Self.format] ?? .text
    var against = AgainstResult(reference: reference)
    /// A base that cannot be read: the problem in the format asked for, and its status.
    func failed(_ problems: [DocumentProblem], status: ExitStatus) -> ExitStatus {
      var failed = result
      failed.problems = problems
      if format != .text {
        print(against, file: failed, report: failed.report, format: format, context: context)
      }
      return status
    }
    let base: GitBase
    let preview: ImportPreview
    var clientCheck: ClientCheck?
    var names: [Int64: String] = [:]
    do {
      base = try GitBase(parsing: reference, file: result.file)
      against.commit = base.commit
      // The base file first: a mistyped PATH is that, not a missing policy file beside it.
      let baseBytes = try base.bytes()
      let policyFile = try base.policyBytes(policyFile: arguments[Self.policyFile])
      let policy = try CatalogPolicy(
        document: policyFile.bytes, name: "git:\(base.ref):\(policyFile.path)")
      let contracts = try base.contractFiles(besidePolicyFile: policyFile.path)
      // A transitive mode compares with every committed version; any other only with the base.
      let versions =
        policy.usesTransitiveModes
        ? try base.history()
        : [CommittedHistoryCheck.Version(name: base.name, bytes: baseBytes)]
      let checked = try CommittedHistoryCheck.check(
        document, versions: versions, policy: policy, prune: arguments[Self.prune],
        contracts: contracts, clients: clients, limits: context.documentLimits)
      for skipped in checked.skipped {
        context.console.error("note: \(skipped) is not a valid components document; skipped")
      }
      preview = checked.preview
      clientCheck = checked.clients.map { Self.clientCheck($0, of: document, context: context) }
      for (revision, index) in checked.versionOfRevision { names[revision] = versions[index].name }
    } catch let failure as GitBase.Failure {
      context.console.error("catalog: error: \(failure)")
      let title: String
      switch failure {
      case .unknownRef: title = "unknown ref"
      case .missingPath, .notAFile: title = "no base file"
      case .missingPolicyFile: title = "no policy file"
      case .contractsNotADirectory: title = "no contracts directory"
      case .needsPath, .outsideRepository, .git: title = "git"
      }
      return failed(
        [DocumentProblem(file: result.file, title: title, message: failure.description)],
        status: failure.exitStatus)
    } catch CommittedHistoryCheck.ContractProblem.invalid(let name, let diagnostics) {
      // A committed contract that is not one: located in it, as git names it, and said apart
      // from a bad base, since its fix is in another file.
      context.console.report(diagnostics, in: name)
      context.console.error(
        "catalog: error: \(name) is not a valid app contract (a contract.json, as 'catalog "
          + "contract record' reads it); fix it, or delete it once that build is no longer in "
          + "the field")
      return failed(
        diagnostics.diagnostics.map {
          var problem = DocumentProblem(file: name, $0)
          problem.title = "invalid contract"
          return problem
        }, status: diagnostics.includesReadFailure ? .ioError : .dataError)
    } catch CommittedHistoryCheck.ContractProblem.conflicting(let build, let first, let second) {
      let message =
        "\(first) and \(second) are different contracts of \(build); a build's contract never "
        + "changes: keep one file per build"
      context.console.error("catalog: error: \(message)")
      return failed(
        [DocumentProblem(file: second, title: "conflicting contracts", message: message)],
        status: .dataError)
    } catch CatalogError.invalidDocument(let name, let diagnostics) {
      // The base or the policy file is not valid: located in it, as git names it.
      context.console.report(diagnostics, in: name)
      return failed(
        diagnostics.diagnostics.map { DocumentProblem(file: name, $0) },
        status: diagnostics.includesReadFailure ? .ioError : .dataError)
    } catch CatalogError.request(let problem) {
      let message = problem.message
      context.console.error("catalog: error: \(message)")
      return failed(
        [DocumentProblem(file: result.file, title: "no base", message: message)],
        status: .dataError)
    }
    return finish(
      preview, against: against, baseName: base.name, names: names, file: result,
      document: document, clients: clientCheck, context: context)
  }
}

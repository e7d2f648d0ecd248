import CatalogStore
import Components

/// `catalog doctor`: check the database and the catalog's invariants.
enum DoctorCommand: CatalogCommand {
  static let spec = CommandSpec(
    name: "doctor",
    abstract: "Check the database and the catalog's invariants.",
    discussion: """
      Runs the database's own checks (SQLite: integrity_check and foreign_key_check; \
      PostgreSQL, which checks its own pages: the references between rows), then the \
      catalog's own checks: revision numbers are consecutive, every stored payload is \
      referenced, every revision's catalog is valid, and every revision matches its \
      recorded digest (the chain of SHA-256 digests, recomputed from revision 1; the first \
      revision that does not match is named), and every tag event matches its digests: \
      the digest it recorded of its revision's export is still that export's, and the \
      events replay to the tags there are. Reports every problem found, and writes nothing.
      """,
    arguments: [CommonArguments.resultFormat.spec],
    examples: [
      Example("Check the default catalog:", "catalog doctor"),
      Example("Check a shared catalog:", "catalog -d /srv/catalog/components.sqlite doctor"),
    ],
    seeAlso: ["log"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let console = context.console
    let catalog: Catalog
    do {
      catalog = try context.openCatalog(forWriting: false)
    } catch CatalogError.database(let problem) where problem.code == .damaged {
      // The schema itself cannot be read: the engine's own check is all that can run.
      guard
        let check = try Catalog.integrityCheck(
          location: CatalogLocation(context.databasePath),
          busyTimeout: context.busyTimeout)
      else { throw CatalogError.database(problem) }
      let note =
        "the catalog's schema cannot be read, so only \(check.engine)'s \(check.check) ran"
      let problems =
        check.findings.isEmpty
        ? ["\(check.check) finds nothing wrong, yet the catalog's schema cannot be read"]
        : check.findings
      if context.wantsJSON {
        ResultJSON.print(ResultJSON.doctor(nil, notes: [note], problems: problems), to: console)
      } else {
        console.print("note: \(note)")
      }
      for problem in problems { console.error("catalog: error: \(problem)") }
      console.error("catalog: error: \(found(problems.count))")
      return .ioError
    }
    let report = try catalog.doctor()
    if context.wantsJSON {
      ResultJSON.print(
        ResultJSON.doctor(report, notes: report.notes, problems: report.problems), to: console)
      if !report.isHealthy {
        console.error("catalog: error: \(found(report.problems.count))")
      }
      return report.isHealthy ? .success : .ioError
    }
    for note in report.notes { console.print("note: \(note)") }
    if report.isHealthy {
      console.print(
        "ok: \(report.revisions) revisions, \(report.entryVersions) entry versions, "
          + "\(report.components) components at head; \(report.storageChecks)"
          + (report.headDigest.map { "; revision digests ok (head \($0))" } ?? "")
          + (report.payloads > 0 && report.payloadDigestsVerified
            ? "; \(report.payloads.counting("payload digest")) ok" : "")
          + (report.tagEvents > 0 && report.tagEventsVerified
            ? "; \(report.tagEvents.counting("tag event")) ok" : "")
          + (report.contractEvents > 0
            ? "; \(report.contractEvents.counting("contract event")) ok" : ""))
      return .success
    }
    for problem in report.problems { console.error("catalog: error: \(problem)") }
    console.error("catalog: error: \(found(report.problems.count))")
    return .ioError
  }

  /// `1 problem found`, `2 problems found`.
  static func found(_ count: Int) -> String {
    "\(count.counting("problem")) found"
  }
}

import CatalogStore

/// `catalog doctor`: check the database and the catalog's invariants.
enum DoctorCommand: CatalogCommand {
  static let spec = CommandSpec.doctorCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let console = context.console
    let catalog: Catalog
    do {
      catalog = try context.openCatalog(forWriting: false)
    } catch CatalogError.database(let problem) where problem.code == .damaged {
      // The schema itself cannot be read: SQLite's own check is all that can run.
      guard
        let findings = try Catalog.integrityCheck(
          location: CatalogLocation(context.databasePath),
          busyTimeout: try context.arguments.double("busy-timeout") ?? 5)
      else { throw CatalogError.database(problem) }
      let note = "the catalog's schema cannot be read, so only SQLite's integrity_check ran"
      let problems =
        findings.isEmpty
        ? ["integrity_check finds nothing wrong, yet the catalog's schema cannot be read"]
        : findings
      if context.wantsJSON {
        ResultJSON.print(ResultJSON.doctor(nil, notes: [note], problems: problems), to: console)
      } else {
        console.print("note: \(note)")
      }
      for problem in problems { console.error("catalog: error: \(problem)") }
      console.error("catalog: error: \(problems.count) problem(s) found")
      return .ioError
    }
    let report = try catalog.doctor()
    if context.wantsJSON {
      ResultJSON.print(
        ResultJSON.doctor(report, notes: report.notes, problems: report.problems), to: console)
      if !report.isHealthy {
        console.error("catalog: error: \(report.problems.count) problem(s) found")
      }
      return report.isHealthy ? .success : .ioError
    }
    for note in report.notes { console.print("note: \(note)") }
    if report.isHealthy {
      console.print(
        "ok: \(report.revisions) revisions, \(report.entryVersions) entry versions, "
          + "\(report.components) components at head; integrity_check ok, foreign keys ok")
      return .success
    }
    for problem in report.problems { console.error("catalog: error: \(problem)") }
    console.error("catalog: error: \(report.problems.count) problem(s) found")
    return .ioError
  }
}

import CatalogStore

/// `catalog doctor`: check the database and the catalog's invariants.
enum DoctorCommand: CatalogCommand {
  static let spec = CommandSpec.doctorCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let report = try catalog.doctor()
    let console = context.console
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

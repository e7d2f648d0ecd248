import Foundation
import TestSupport
import Testing

/// The app contracts' history is append-only in the database and tamper-evident: an
/// `UPDATE`, `DELETE` (and on SQLite `INSERT OR REPLACE`) of a contract event is refused; one
/// made with the triggers dropped or disabled breaks the events' chain of digests, which
/// `doctor` names and `copy` refuses. Both engines.
@Suite("App contract history is append-only and tamper-evident")
struct ContractHistoryTests {
  /// A catalog with two events: `ios@5.2.0` recorded, then retired.
  static func makeCatalog(_ engine: TestEngine) throws -> (TestLocation, CatalogRunner) {
    let (location, runner) = try ContractCommandTests.makeCatalog(engine)
    try runner.run(["contract", "record", "contract.json"])
    try runner.run(["contract", "retire", "ios@5.2.0"])
    return (location, runner)
  }

  @Test(arguments: TestEngine.allCases)
  func updatesAndDeletesAreRefused(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    let before = try runner.run(["contract", "list", "--format", "json"]).stdout
    var attacks = [
      "UPDATE contract_event SET author = 'mallory'", "DELETE FROM contract_event",
    ]
    if engine == .sqlite {
      attacks.append(
        "INSERT OR REPLACE INTO contract_event (id, after_revision, created_at, author, action, "
          + "app, version, contract, digest) SELECT id, after_revision, created_at, 'mallory', "
          + "action, app, version, contract, digest FROM contract_event WHERE id = 2")
    } else {
      attacks.append("TRUNCATE contract_event")
    }
    for sql in attacks {
      let error = AppendOnlyHistoryTests.refusal(of: sql, at: location)
      #expect(
        error?.contains("history is append-only") == true,
        "\(engine) \(sql): \(error ?? "accepted")")
    }
    #expect(try runner.run(["contract", "list", "--format", "json"]).stdout == before)
  }

  static let tampers: [(update: String, firstBad: Int)] = [
    ("UPDATE contract_event SET author = 'mallory' WHERE id = 2", 2),
    ("UPDATE contract_event SET contract = replace(contract, 'integer', 'number')", 1),
    ("UPDATE contract_event SET after_revision = 0 WHERE id = 1", 1),
  ]

  @Test(arguments: TestEngine.allCases, 0..<tampers.count)
  func doctorNamesTheFirstChangedEvent(_ engine: TestEngine, _ which: Int) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    #expect(try runner.run(["doctor"]).stdout.contains("; 2 contract events ok"))
    let (update, firstBad) = Self.tampers[which]
    try TamperEvidentHistoryTests.tamper("contract_event", update, at: location)
    let doctor = try runner.run(["doctor"], expect: 74)
    #expect(
      doctor.stderr.contains(
        "catalog: error: contract event \(firstBad) does not match its recorded digest"),
      "\(engine) \(update): \(doctor)")
    let copy = try location.sibling(fileName: "copy.sqlite")
    let copied = try runner.run(["copy", location.text, copy], expect: 74)
    #expect(
      copied.stderr.contains("contract event \(firstBad) does not match its recorded digest"),
      "\(copied)")
  }
}

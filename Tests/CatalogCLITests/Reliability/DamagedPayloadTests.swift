import TestSupport
import Testing

/// A catalog file handed over can hold payload text the store never writes (the append-only
/// triggers stop edits made through SQL, but not a file made elsewhere, nor a superuser who
/// disables them on PostgreSQL): every command that reads it refuses with the
/// damaged-catalog message naming the entry, exit status 74, and `doctor` reports it; none
/// crashes, and export writes no unparseable document. On both engines.
@Suite("A damaged stored payload is reported, not crashed on or exported")
struct DamagedPayloadTests {
  /// Payload texts and what is wrong with each, as the message says it. `sql` writes the
  /// same text as an SQL expression: 400,000 bytes do not fit in one argument to psql.
  static let cases: [(name: String, text: String, sql: String, detail: String)] = [
    (
      "nested 200,000 deep",
      String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000),
      "repeat('[', 200000) || repeat(']', 200000)",
      "byte 1001: nesting is deeper than 1000 levels"
    ),
    (
      "nested one level past the limit",
      String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001),
      "repeat('[', 1001) || repeat(']', 1001)",
      "byte 1001: nesting is deeper than 1000 levels"
    ),
    ("cut short", #"{"a":"#, #"'{"a":'"#, "byte 6: the text ends inside a value"),
    (
      "a lone surrogate", #""\ud800""#, #"'"\ud800"'"#,
      "byte 2: a string escape that canonical text never holds"
    ),
  ]

  /// A catalog of two kinds on `engine` whose `k` payload text is then replaced by the case's
  /// text behind the catalog's back, with the append-only triggers dropped or disabled.
  static func damagedCatalog(
    _ engine: TestEngine, _ damage: (text: String, sql: String)
  ) throws -> CatalogRunner {
    let location = try engine.makeLocation(fileName: "c.sqlite")
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try runner.directory.write(
      "v1.json",
      #"[{"kind": "a", "category": "c", "description": "d", "payload": {"x": [1, "y"]}},"#
        + #" {"kind": "k", "category": "c", "description": "d", "payload": {"x": 2}}]"#)
    try runner.run(["import", "v1.json"])
    let target = "(SELECT payload_id FROM entry_version WHERE kind = 'k')"
    if let database = location.database {
      try database.psql(
        "ALTER TABLE payload DISABLE TRIGGER USER; "
          + "UPDATE payload SET json = \(damage.sql) WHERE id = \(target)")
      return runner
    }
    let database = try RawSQLite(path: location.text)
    let triggers = try database.text(
      "SELECT group_concat(name, ' ') FROM sqlite_schema WHERE type = 'trigger'")
    for name in (triggers ?? "").split(separator: " ") {
      try database.execute("DROP TRIGGER \"\(name)\"")
    }
    try database.execute("UPDATE payload SET json = ?1 WHERE id = \(target)", [damage.text])
    return runner
  }

  @Test(arguments: TestEngine.allCases, cases.indices)
  func everyReaderRefusesItAndDoctorReportsIt(engine: TestEngine, _ index: Int) throws {
    let (name, text, sql, detail) = Self.cases[index]
    let runner = try Self.damagedCatalog(engine, (text, sql))
    let fact = #"the stored payload of "k" in revision 1 is not canonical JSON (\#(detail))"#
    let doctor = try runner.run(["doctor"], expect: 74)
    #expect(
      doctor.stderr
        == "catalog: error: \(fact)\ncatalog: error: revision 1 does not match its recorded "
        + "digest: its history was changed after it was written (the chain of digests breaks "
        + "there)\ncatalog: error: payload 2 does not match its recorded digest: its text or "
        + "its digest was changed after it was written\ncatalog: error: 3 problems found\n",
      "\(name): \(doctor)")
    // The location as given: the file's path, or the database's URL.
    let location = runner.leadingArguments[1]
    let refusal =
      "catalog: error: \(location): the database is damaged: \(fact); "
      + "'catalog doctor' reports what is wrong\n"
    for command in [["export"], ["show", "k"], ["blame", "k"], ["site", "-o", "site"]] {
      let result = try runner.run(command, expect: 74)
      #expect(result.stderr == refusal, "\(name): \(command): \(result)")
      #expect(result.stdout.isEmpty, "\(name): \(command): \(result)")
    }
    // The entry that is whole still reads.
    try runner.run(["show", "a"])
  }
}

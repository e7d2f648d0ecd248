import TestSupport
import Testing

/// A catalog file handed over can hold payload text the store never writes (the append-only
/// triggers stop edits made through SQL, but not a file made elsewhere): every command that
/// reads it refuses with the damaged-catalog message naming the entry, exit status 74, and
/// `doctor` reports it; none crashes, and export writes no unparseable document.
@Suite("A damaged stored payload is reported, not crashed on or exported")
struct DamagedPayloadTests {
  /// Payload texts and what is wrong with each, as the message says it.
  static let cases: [(name: String, text: String, detail: String)] = [
    (
      "nested 200,000 deep",
      String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000),
      "byte 1001: nesting is deeper than 1000 levels"
    ),
    (
      "nested one level past the limit",
      String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001),
      "byte 1001: nesting is deeper than 1000 levels"
    ),
    ("cut short", #"{"a":"#, "byte 6: the text ends inside a value"),
    ("a lone surrogate", #""\ud800""#, "byte 2: a string escape that canonical text never holds"),
  ]

  /// A catalog of two kinds whose `k` payload text is then replaced by `text` behind the
  /// catalog's back.
  static func damagedCatalog(_ text: String) throws -> CatalogRunner {
    let runner = try CatalogRunner(environment: ["CATALOG_AUTHOR": "ann"])
    try runner.directory.write(
      "v1.json",
      #"[{"kind": "a", "category": "c", "description": "d", "payload": {"x": [1, "y"]}},"#
        + #" {"kind": "k", "category": "c", "description": "d", "payload": {"x": 2}}]"#)
    try runner.run(["-d", "c.sqlite", "import", "v1.json"])
    let database = try RawSQLite(path: runner.directory.path("c.sqlite"))
    let triggers = try database.text(
      "SELECT group_concat(name, ' ') FROM sqlite_schema WHERE type = 'trigger'")
    for name in (triggers ?? "").split(separator: " ") {
      try database.execute("DROP TRIGGER \"\(name)\"")
    }
    try database.execute(
      "UPDATE payload SET json = ?1 WHERE id = "
        + "(SELECT payload_id FROM entry_version WHERE kind = 'k')", [text])
    return runner
  }

  @Test(arguments: cases.indices)
  func everyReaderRefusesItAndDoctorReportsIt(_ index: Int) throws {
    let (name, text, detail) = Self.cases[index]
    let runner = try Self.damagedCatalog(text)
    let fact = #"the stored payload of "k" in revision 1 is not canonical JSON (\#(detail))"#
    let doctor = try runner.run(["-d", "c.sqlite", "doctor"], expect: 74)
    #expect(
      doctor.stderr == "catalog: error: \(fact)\ncatalog: error: 1 problem found\n",
      "\(name): \(doctor)")
    let refusal =
      "catalog: error: c.sqlite: the database is damaged: \(fact); "
      + "'catalog doctor' reports what is wrong\n"
    for command in [["export"], ["show", "k"], ["blame", "k"], ["site", "-o", "site"]] {
      let result = try runner.run(["-d", "c.sqlite"] + command, expect: 74)
      #expect(result.stderr == refusal, "\(name): \(command): \(result)")
      #expect(result.stdout.isEmpty, "\(name): \(command): \(result)")
    }
    // The entry that is whole still reads.
    try runner.run(["-d", "c.sqlite", "show", "a"])
  }
}

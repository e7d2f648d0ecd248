import Components
import Foundation
import TestSupport
import Testing

/// The client matrix and the write gate (issue 32, item 4), through the binary on both
/// engines: the issue's cases against a retained `ios@5.2.0` whose `counter.count` is an
/// `Int`, `swatch.color` a `String?` read with `decode`, `badge.style` an enum and
/// `badge.title` required.
@Suite("The client matrix and the gate")
struct ClientGateTests {
  /// An entries file: `counter`, `swatch`, `badge` and `promo` (which the build does not
  /// know), each payload as given.
  static func document(
    count: String = "1", color: String = "null",
    badge: String = #"{"style": "info", "title": "t"}"#,
    counterExtra: String = #", "unread": true"#
  ) -> String {
    """
    [
      {"kind": "badge", "category": "c", "description": "d", "payload": \(badge)},
      {"kind": "counter", "category": "c", "description": "d", "payload": {"count": \(count)\(counterExtra)}},
      {"kind": "promo", "category": "c", "description": "d", "payload": {"x": 1}},
      {"kind": "swatch", "category": "c", "description": "d", "payload": {"color": \(color)}}
    ]
    """
  }

  /// A catalog at revision 1 with `ios@5.2.0` recorded.
  static func makeCatalog(_ engine: TestEngine) throws -> (TestLocation, CatalogRunner) {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write("v1.json", document())
    try location.directory.write("contract.json", ContractFiles.ios("5.2.0"))
    try runner.run(["import", "v1.json"])
    let recorded = try runner.run(["contract", "record", "contract.json"])
    #expect(recorded.stdout.contains("head: ios@5.2.0 decodes every payload"), "\(recorded)")
    return (location, runner)
  }

  @Test(arguments: TestEngine.allCases)
  func theMatrixOfHead(_ engine: TestEngine) throws {
    let (_, runner) = try Self.makeCatalog(engine)
    let matrix = try runner.run(["clients"])
    #expect(
      matrix.stdout == "ios@5.2.0: decodes 3 kinds, does not know 1 (promo), rejects 0 payloads\n")
    let json = try JSONValue(parsing: try runner.run(["clients", "--format", "json"]).stdoutBytes)
    #expect(json[JSONPointer(["builds", "0", "unknown", "0"])] == .string("promo"))
    #expect(json[JSONPointer(["revision"])] == .number(JSONNumber(1)))
  }

  /// `show KIND` names the builds that decode the kind and the shape they read, and where a
  /// build rejects the payload shown.
  @Test(arguments: TestEngine.allCases)
  func showNamesTheBuildsThatDecodeAKind(_ engine: TestEngine) throws {
    let (_, runner) = try Self.makeCatalog(engine)
    let shown = try runner.run(["show", "counter", "--format", "text"]).stdout
    #expect(shown.contains("\ndecoded by:  ios@5.2.0\nshape (ios@5.2.0):\n  {\n"), "\(shown)")
    #expect(shown.contains(#"      "count": {"#), "\(shown)")
    let promo = try runner.run(["show", "promo", "--format", "text"]).stdout
    #expect(promo.contains("\ndecoded by:  no retained app build\nnot known by: ios@5.2.0\n"))
    try runner.run(["contract", "retire", "ios@5.2.0"])
    let plain = try runner.run(["show", "counter", "--format", "text"]).stdout
    #expect(!plain.contains("decoded by"), "\(plain)")
  }

  /// `1` → `1.5` for an `Int`: refused by the gate, reported by `check --clients` and
  /// `clients FILE`, let through once the build is retired.
  @Test(arguments: TestEngine.allCases)
  func anIntegerThatBecomesAFractionIsRefused(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try location.directory.write("v2.json", Self.document(count: "1.5"))
    let before = try runner.run(["export"]).stdout
    let refused = try runner.run(["import", "v2.json"], expect: 65)
    #expect(
      refused.stderr.contains(
        "v2.json:3:3: error: CLIENTS refuses kind counter: /payload/count: app ios@5.2.0 "
          + "decodes an integer, found 1.5"), "\(refused)")
    #expect(refused.stderr.contains("a retained app build cannot decode 1 payload"))
    #expect(try runner.run(["export"]).stdout == before)
    try runner.run(["import", "v2.json", "--dry-run"], expect: 65)
    // The check locates the offending value, not only its entry.
    let check = try runner.run(["check", "v2.json", "--clients"], expect: 1)
    #expect(
      check.stderr.contains(
        "v2.json:3:81: error: CLIENTS refuses kind counter: /payload/count: app ios@5.2.0 "
          + "decodes an integer, found 1.5"), "\(check)")
    let file = try runner.run(["clients", "v2.json"])
    #expect(file.stdout.contains("rejects 1 payload\n  v2.json:3:3: kind counter: /payload/count"))
    try runner.run(["contract", "retire", "ios@5.2.0"])
    try runner.run(["import", "v2.json"])
  }

  /// `null` → a string for a `String?`: accepted; so is an unread key removed.
  @Test(arguments: TestEngine.allCases)
  func whatTheBuildDecodesIsAccepted(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try location.directory.write(
      "v2.json", Self.document(color: ##""#123456""##, counterExtra: ""))
    try runner.run(["check", "v2.json", "--clients"])
    try runner.run(["import", "v2.json"])
    #expect(try runner.run(["clients"]).stdout.hasSuffix("rejects 0 payloads\n"))
  }

  /// An unknown enum value and a missing required key: refused, each with its reason.
  @Test(arguments: TestEngine.allCases)
  func anUnknownEnumValueAndAMissingKeyAreRefused(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try location.directory.write("v2.json", Self.document(badge: #"{"style": "danger"}"#))
    let refused = try runner.run(["import", "v2.json"], expect: 65)
    #expect(refused.stderr.contains("kind badge: /payload/style: app ios@5.2.0 decodes one of"))
    #expect(refused.stderr.contains(#"found "danger""#), "\(refused)")
    #expect(
      refused.stderr.contains(
        "kind badge: /payload/title: app ios@5.2.0 decodes a string, found no member"),
      "\(refused)")
    #expect(refused.stderr.contains("cannot decode 1 payload,"), "\(refused)")
    // A deliberate break goes through and is recorded like a policy's.
    try runner.run(["import", "v2.json", "--allow-breaking", "old badges are gone"])
    let matrix = try runner.run(["clients"]).stdout
    #expect(matrix.contains("rejects 1 payload\n"), "\(matrix)")
  }

  /// A new build that cannot decode head is told so when it is recorded, and what it changes
  /// against the app's previous build.
  @Test(arguments: TestEngine.allCases)
  func recordingReportsHeadAndTheChangesAgainstThePreviousBuild(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try location.directory.write("v2.json", Self.document(count: "2"))
    try runner.run(["import", "v2.json"])
    // Back to 1: a Double build reads it; the Int build did too.
    try location.directory.write("c2.json", ContractFiles.iosFractional("5.3.0"))
    let recorded = try runner.run(["contract", "record", "c2.json"])
    #expect(recorded.stdout.contains("head: ios@5.3.0 decodes every payload"), "\(recorded)")
    #expect(
      recorded.stdout.contains("against ios@5.2.0: kind counter: /count: "), "\(recorded)")
    try location.directory.write("v3.json", Self.document(count: "2.5"))
    // ios@5.2.0 still refuses it; once retired, 5.3.0 reads it.
    try runner.run(["import", "v3.json"], expect: 65)
    try runner.run(["contract", "retire", "ios@5.2.0"])
    try runner.run(["import", "v3.json"])
    // A build that cannot decode head is recorded, and says so; --history looks further back.
    try location.directory.write("c3.json", ContractFiles.ios("5.4.0"))
    let narrow = try runner.run(["contract", "record", "c3.json", "--history"])
    #expect(
      narrow.stdout.contains(
        "head: ios@5.4.0 rejects 1 payload\n  kind counter: /payload/count: app ios@5.4.0 "
          + "decodes an integer, found 2.5"), "\(narrow)")
    #expect(narrow.stdout.contains("history: ios@5.4.0 rejects 1 payload of 3 revisions"))
  }

  /// Two builds with the same shapes share their stored index (schema 0011) and each payload
  /// is validated once for both, yet each build gets its own findings, in build order; a
  /// build recorded before the index (no index row) is indexed from its contract when read,
  /// with the same findings, in `check --clients` and in the write gate.
  @Test(arguments: TestEngine.allCases)
  func buildsSharingAnIndexAndBuildsWithoutOneGiveTheSameFindings(_ engine: TestEngine) throws {
    let (location, runner) = try Self.makeCatalog(engine)
    try location.directory.write("c2.json", ContractFiles.ios("5.2.1"))
    try runner.run(["contract", "record", "c2.json"])
    try location.directory.write(
      "v2.json", Self.document(count: "1.5", badge: #"{"style": "danger"}"#))
    let indexed = try runner.run(["check", "v2.json", "--clients"], expect: 1)
    let lines = indexed.stderr.split(separator: "\n").filter { $0.contains("CLIENTS refuses") }
    #expect(lines.count == 6, "\(indexed)")
    #expect(lines.prefix(3).allSatisfy { $0.contains("app ios@5.2.0 ") }, "\(indexed)")
    #expect(lines.suffix(3).allSatisfy { $0.contains("app ios@5.2.1 ") }, "\(indexed)")
    let gate = try runner.run(["import", "v2.json"], expect: 65)
    // The index is derived from the contract; doctor checks that it still is.
    try TamperEvidentHistoryTests.execute(
      "UPDATE contract_index SET body = replace(body, 'integer', 'number')", at: location)
    let doctor = try runner.run(["doctor"], expect: 74)
    #expect(
      doctor.stderr.contains(
        "the contract index of contract event 1 is not the index of its contract"), "\(doctor)")
    try TamperEvidentHistoryTests.execute("DELETE FROM contract_event_index", at: location)
    try runner.run(["doctor"])
    let unindexed = try runner.run(["check", "v2.json", "--clients"], expect: 1)
    #expect(unindexed.stderr == indexed.stderr)
    #expect(unindexed.stdout == indexed.stdout)
    #expect(try runner.run(["import", "v2.json"], expect: 65).stderr == gate.stderr)
    #expect(try runner.run(["clients", "v2.json"]).stdout.contains("ios@5.2.1: decodes 3 kinds"))
  }
}

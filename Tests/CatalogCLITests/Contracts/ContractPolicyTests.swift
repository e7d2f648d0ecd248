import Foundation
import TestSupport
import Testing

/// The compatibility policies in both worlds (issue 32, item 5; docs/policies.md, "Policies
/// that know what apps read"), through the binary on both engines: the same change judged by
/// the payloads alone, then with `ios@5.2.0` retained (`counter.count` an `Int`,
/// `swatch.color` a `String?`, `badge.style` an enum, `badge.title` required).
@Suite("Policies that know what apps read")
struct ContractPolicyTests {
  enum Build {
    case none, ios, iosFractional
  }

  /// A catalog at revision 1 holding `v1` (ClientGateTests' document by default), with
  /// `build` recorded and `mode` set on the catalog.
  static func makeCatalog(
    _ engine: TestEngine, build: Build, mode: String, v1: String = ClientGateTests.document()
  ) throws -> (TestLocation, CatalogRunner) {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write("v1.json", v1)
    try runner.run(["import", "v1.json"])
    switch build {
    case .none: break
    case .ios:
      try location.directory.write("contract.json", ContractFiles.ios("5.2.0"))
      try runner.run(["contract", "record", "contract.json"])
    case .iosFractional:
      try location.directory.write("contract.json", ContractFiles.iosFractional("5.3.0"))
      try runner.run(["contract", "record", "contract.json"])
    }
    try runner.run(["policy", "set", mode])
    return (location, runner)
  }

  /// Imports `v2` and expects `status`; returns standard error. A refused import leaves the
  /// export as it was.
  static func importing(
    _ v2: String, into location: TestLocation, _ runner: CatalogRunner, expect status: Int32,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try location.directory.write("v2.json", v2)
    let before = try runner.run(["export"]).stdout
    let result = try runner.run(
      ["import", "v2.json"], expect: status, sourceLocation: sourceLocation)
    if status != 0 {
      #expect(try runner.run(["export"]).stdout == before, sourceLocation: sourceLocation)
    }
    return result.stderr
  }

  /// `1` → `1.5`: a rule of its own without contracts (FORWARD refuses it, BACKWARD lets it
  /// through); with an `Int` build refused in every mode, by FORWARD's rule and by CLIENTS;
  /// with a `Double` build let through by FORWARD.
  @Test(arguments: TestEngine.allCases)
  func anIntegerThatBecomesAFraction(_ engine: TestEngine) throws {
    let v2 = ClientGateTests.document(count: "1.5")
    var (location, runner) = try Self.makeCatalog(engine, build: .none, mode: "FORWARD")
    let plain = try Self.importing(v2, into: location, runner, expect: 65)
    #expect(
      plain.contains(
        "v2.json:3:3: error: policy FORWARD of kind counter (set on the catalog) refuses "
          + "INTEGER_BECAME_FRACTION /payload/count: was 1, now 1.5 (against revision 1)"),
      "\(plain)")
    let diff = try runner.run(["diff", "@head", "v2.json"], expect: 1).stdout
    #expect(diff.contains("[breaking: INTEGER_BECAME_FRACTION]"), "\(diff)")
    (location, runner) = try Self.makeCatalog(engine, build: .none, mode: "BACKWARD")
    _ = try Self.importing(v2, into: location, runner, expect: 0)

    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "FORWARD")
    let int = try Self.importing(v2, into: location, runner, expect: 65)
    #expect(int.contains("refuses INTEGER_BECAME_FRACTION /payload/count"), "\(int)")
    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "NONE")
    let gate = try Self.importing(v2, into: location, runner, expect: 65)
    #expect(
      gate.contains(
        "CLIENTS refuses kind counter: /payload/count: app ios@5.2.0 decodes an integer"),
      "\(gate)")

    (location, runner) = try Self.makeCatalog(engine, build: .iosFractional, mode: "FULL")
    _ = try Self.importing(v2, into: location, runner, expect: 0)
    // Back to an integer: BACKWARD's FRACTION_BECAME_INTEGER, cleared by a Double reader.
    _ = try Self.importing(ClientGateTests.document(count: "2"), into: location, runner, expect: 0)
  }

  /// `null` → `"#123456"` for a `String?`: a TYPE_CHANGED every mode but NONE refuses by the
  /// payloads; with the build that decodes both, FULL lets it through, and back again.
  @Test(arguments: TestEngine.allCases)
  func nullToAStringForANullableReading(_ engine: TestEngine) throws {
    let v2 = ClientGateTests.document(color: ##""#123456""##)
    var (location, runner) = try Self.makeCatalog(engine, build: .none, mode: "FULL")
    let plain = try Self.importing(v2, into: location, runner, expect: 65)
    #expect(
      plain.contains("refuses TYPE_CHANGED /payload/color: was null, now \"#123456\""), "\(plain)")
    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "FULL")
    _ = try Self.importing(v2, into: location, runner, expect: 0)
    _ = try Self.importing(ClientGateTests.document(), into: location, runner, expect: 0)
    // A string to a number is not something a `String?` decodes.
    let number = try Self.importing(
      ClientGateTests.document(color: "7"), into: location, runner, expect: 65)
    #expect(number.contains("refuses TYPE_CHANGED /payload/color: was null, now 7"), "\(number)")
  }

  /// An enum value the build does not know: a VALUE_CHANGED no mode refuses; CLIENTS does.
  @Test(arguments: TestEngine.allCases)
  func anUnknownEnumValue(_ engine: TestEngine) throws {
    let v2 = ClientGateTests.document(badge: #"{"style": "danger", "title": "t"}"#)
    var (location, runner) = try Self.makeCatalog(engine, build: .none, mode: "FULL_TRANSITIVE")
    _ = try Self.importing(v2, into: location, runner, expect: 0)
    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "FULL_TRANSITIVE")
    let refused = try Self.importing(v2, into: location, runner, expect: 65)
    #expect(
      refused.contains("CLIENTS refuses kind badge: /payload/style: app ios@5.2.0 decodes one of"))
    #expect(!refused.contains("policy FULL_TRANSITIVE"), "\(refused)")
  }

  /// A required key: removing it is refused by FORWARD in both worlds (and by CLIENTS with a
  /// contract, in every mode); adding one the build requires is refused by BACKWARD (old
  /// payloads lack it), adding one it reads with `decodeIfPresent` is not.
  @Test(arguments: TestEngine.allCases)
  func aRequiredKey(_ engine: TestEngine) throws {
    let untitled = ClientGateTests.document(badge: #"{"style": "info"}"#)
    var (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "FORWARD")
    let removed = try Self.importing(untitled, into: location, runner, expect: 65)
    #expect(removed.contains("refuses KEY_REMOVED /payload/title"), "\(removed)")
    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "BACKWARD")
    let gate = try Self.importing(untitled, into: location, runner, expect: 65)
    #expect(
      gate.contains("kind badge: /payload/title: app ios@5.2.0 decodes a string, found no member"),
      "\(gate)")
    #expect(!gate.contains("policy BACKWARD"), "\(gate)")

    // Added: an untitled badge recorded before the build was.
    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "BACKWARD", v1: untitled)
    let added = try Self.importing(ClientGateTests.document(), into: location, runner, expect: 65)
    #expect(
      added.contains(
        "policy BACKWARD of kind badge (set on the catalog) refuses KEY_ADDED /payload/title"),
      "\(added)")
    let optional = ClientGateTests.document(counterExtra: #", "unread": true, "label": "new""#)
    (location, runner) = try Self.makeCatalog(engine, build: .none, mode: "BACKWARD")
    let plain = try Self.importing(optional, into: location, runner, expect: 65)
    #expect(plain.contains("refuses KEY_ADDED /payload/label"), "\(plain)")
    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "BACKWARD")
    _ = try Self.importing(optional, into: location, runner, expect: 0)
  }

  /// A key no build reads (`counter.unread`): FORWARD refuses its removal by the payloads,
  /// and lets it through once a retained build says nothing reads it; retiring the build
  /// brings the payload rule back.
  @Test(arguments: TestEngine.allCases)
  func anUnreadKeyRemoved(_ engine: TestEngine) throws {
    let v2 = ClientGateTests.document(counterExtra: "")
    var (location, runner) = try Self.makeCatalog(engine, build: .none, mode: "FORWARD_TRANSITIVE")
    let plain = try Self.importing(v2, into: location, runner, expect: 65)
    #expect(plain.contains("refuses KEY_REMOVED /payload/unread: was true, now absent"), "\(plain)")
    let check = try runner.run(["check", "v2.json", "--against", "head"], expect: 1)
    #expect(check.stderr.contains("refuses KEY_REMOVED /payload/unread"), "\(check)")
    (location, runner) = try Self.makeCatalog(engine, build: .ios, mode: "FORWARD_TRANSITIVE")
    try location.directory.write("v2.json", v2)
    try runner.run(["check", "v2.json", "--against", "head"])
    try runner.run(["contract", "retire", "ios@5.2.0"])
    try runner.run(["check", "v2.json", "--against", "head"], expect: 1)
    try runner.run(["contract", "record", "contract.json"])
    _ = try Self.importing(v2, into: location, runner, expect: 0)
  }
}

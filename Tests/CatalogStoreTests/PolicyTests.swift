import CatalogDiff
import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@Suite("Compatibility policies")
struct PolicyTests {
  final class Fixture {
    let location: TestLocation
    let catalog: Catalog

    init(_ engine: TestEngine) throws {
      location = try engine.makeLocation()
      catalog = try Catalog(path: location.text)
    }

    /// A document of `entries`: (kind, category, payload text).
    static func document(_ entries: [(String, String, String)]) -> [UInt8] {
      let items = entries.map {
        #"{"kind": "\#($0.0)", "category": "\#($0.1)", "description": "d", "payload": \#($0.2)}"#
      }
      return Array(#"{"components": [\#(items.joined(separator: ", "))]}"#.utf8)
    }

    @discardableResult
    func importing(
      _ entries: [(String, String, String)], allowBreaking: String? = nil, prune: Bool = false
    ) throws -> WriteResult {
      try catalog.importDocument(
        from: .bytes(Self.document(entries), name: "components.json"),
        options: WriteOptions(author: "ann", allowBreaking: allowBreaking), prune: prune)
    }

    func refusal(_ body: () throws -> Void) throws -> PolicyRefusal {
      do {
        try body()
      } catch let refusal as PolicyRefusal {
        return refusal
      }
      Issue.record("the write was not refused")
      throw CatalogError.internalError("not refused")
    }

    func set(_ mode: CompatibilityMode?, _ scope: PolicyRecord.Scope, _ name: String = "") throws {
      try catalog.changePolicy(author: "pat") { $0.set(mode, at: scope, name: name) }
    }
  }

  @Test(arguments: TestEngine.allCases) func theMostSpecificLevelWinsAndNoneSwitchesOff(
    _ engine: TestEngine
  ) throws {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"a": 1, "b": 2}"#), ("knob", "Input", #"{"a": 1}"#)])
    try f.set(.forward, .catalog)
    try f.set(.backward, .category, "Display")
    var policy = try f.catalog.policy()
    #expect(
      policy.effectiveMode(kind: "tile", category: "Display")
        == .init(mode: .backward, origin: .category("Display")))
    #expect(
      policy.effectiveMode(kind: "knob", category: "Input")
        == .init(mode: .forward, origin: .catalog))
    // BACKWARD (the category's) lets tile lose a key; FORWARD (the catalog's) refuses it
    // for knob.
    try f.importing([("tile", "Display", #"{"a": 1}"#), ("knob", "Input", #"{"a": 1}"#)])
    let refused = try f.refusal {
      try f.importing([("tile", "Display", #"{"a": 1}"#), ("knob", "Input", #"{}"#)])
    }
    #expect(refused.violations.map(\.kind) == ["knob"])
    #expect(refused.violations.map(\.origin) == [.catalog])
    // The kind's own mode wins over both; NONE there switches the inherited mode off.
    try f.set(.full, .kind, "tile")
    #expect(
      try f.refusal { try f.importing([("tile", "Display", #"{"a": 1, "c": 3}"#)]) }
        .violations.map(\.origin) == [.kind("tile")])
    try f.set(.noCheck, .kind, "knob")
    try f.importing([("tile", "Display", #"{"a": 1}"#), ("knob", "Input", #"{}"#)])
    // NONE on a category switches the catalog's mode off for its kinds.
    try f.set(.noCheck, .category, "Input")
    try f.set(nil, .kind, "knob")
    policy = try f.catalog.policy()
    #expect(
      policy.effectiveMode(kind: "knob", category: "Input")
        == .init(mode: .noCheck, origin: .category("Input")))
    try f.importing([("knob", "Input", #"{"x": true}"#)])
    // Unsetting the category's NONE brings the catalog's FORWARD back.
    try f.set(nil, .category, "Input")
    #expect(
      try f.refusal { try f.importing([("knob", "Input", #"{}"#)]) }.violations.map(\.rule)
        == [.keyRemoved])
  }

  @Test(arguments: TestEngine.allCases) func transitiveModesCatchABreakAgainstAnOlderRevision(
    _ engine: TestEngine
  ) throws {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"title": "a", "subtitle": "b"}"#)])
    // Before any policy: the key goes.
    try f.importing([("tile", "Display", #"{"title": "a"}"#)])
    try f.set(.forward, .kind, "tile")
    // Against head alone, adding a key is fine under FORWARD.
    try f.importing([("tile", "Display", #"{"title": "a", "badge": 1}"#)])
    try f.set(.forwardTransitive, .kind, "tile")
    let refusal = try f.refusal {
      try f.importing([("tile", "Display", #"{"title": "a", "badge": 2}"#)])
    }
    #expect(refusal.violations.count == 1)
    let violation = try #require(refusal.violations.first)
    #expect(violation.rule == .keyRemoved)
    #expect(violation.change.pointer.description == "/payload/subtitle")
    #expect(violation.change.old == .string("b"))
    #expect(violation.against == 1)
    #expect(try f.catalog.head()?.id == 3)
  }

  @Test(arguments: TestEngine.allCases) func transitiveModesFollowRenames(_ engine: TestEngine)
    throws
  {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"title": "a", "subtitle": "b"}"#)])
    try f.importing([("tile", "Display", #"{"title": "a"}"#)])
    try f.catalog.rename("tile", to: "card", options: WriteOptions(author: "ann"))
    try f.set(.forwardTransitive, .kind, "card")
    let refusal = try f.refusal {
      try f.importing([("card", "Display", #"{"title": "z"}"#)])
    }
    #expect(refusal.violations.map(\.rule) == [.keyRemoved])
    #expect(refusal.violations.map(\.against) == [1])
  }

  @Test(arguments: TestEngine.allCases) func refusedWritesLeaveHeadAndExportUnchanged(
    _ engine: TestEngine
  ) throws {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"a": 1, "b": 2}"#), ("knob", "Input", #"{"a": 1}"#)])
    try f.importing([("tile", "Display", #"{"a": 1}"#)])
    try f.set(.full, .catalog)
    let before = try f.catalog.exportBytes()
    let head = try f.catalog.head()?.id
    let options = WriteOptions(author: "ann")
    var refusals: [PolicyRefusal] = []
    refusals.append(try f.refusal { try f.importing([("tile", "Display", #"{"a": "1"}"#)]) })
    refusals.append(
      try f.refusal {
        try f.importing([("tile", "Display", #"{"a": 1}"#)], prune: true)
      })
    refusals.append(try f.refusal { try f.catalog.restore(1, options: options) })
    refusals.append(try f.refusal { try f.catalog.revert(2, options: options) })
    refusals.append(try f.refusal { try f.catalog.rename("knob", to: "dial", options: options) })
    refusals.append(
      try f.refusal {
        try f.catalog.update(options: options, source: "patch", operation: "patch") { entries in
          entries.filter { $0.kind != "knob" }
        }
      })
    #expect(
      refusals.map { $0.violations.map(\.rule) } == [
        [.typeChanged], [.entryRemoved], [.keyAdded], [.keyAdded], [.entryRenamed],
        [.entryRemoved],
      ])
    #expect(try f.catalog.exportBytes() == before)
    #expect(try f.catalog.head()?.id == head)
    #expect(try f.catalog.waivers().isEmpty)
    // Deprecation changes metadata only: never refused.
    try f.catalog.setDeprecated("knob", true, options: options)
  }

  @Test(arguments: TestEngine.allCases) func waiversAreRecordedListedAndStartANewBaseline(
    _ engine: TestEngine
  ) throws {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"title": "a", "subtitle": "b"}"#)])
    try f.set(.forwardTransitive, .category, "Display")
    let result = try f.importing(
      [("tile", "Display", #"{"title": "a"}"#)], allowBreaking: "subtitle moved to the app")
    let waiver = try #require(result.waiver)
    #expect(waiver.revision == 2)
    #expect(waiver.reason == "subtitle moved to the app")
    #expect(waiver.author == "ann")
    #expect(
      waiver.changes == [
        WaivedChange(
          kind: "tile", rule: "KEY_REMOVED", pointer: "/payload/subtitle",
          mode: "FORWARD_TRANSITIVE")
      ])
    #expect(try f.catalog.waivers() == [waiver])
    // The waived revision is the new baseline: later writes are not refused for the
    // subtitle again.
    try f.importing([("tile", "Display", #"{"title": "a", "badge": 1}"#)])
    // A write with nothing to waive records no waiver.
    let quiet = try f.importing(
      [("tile", "Display", #"{"title": "b", "badge": 1}"#)], allowBreaking: "nothing")
    #expect(quiet.waiver == nil)
    #expect(try f.catalog.waivers().map(\.revision) == [2])
  }

  @Test(arguments: TestEngine.allCases) func policiesHaveHistoryAndRoundTripAsAFile(
    _ engine: TestEngine
  ) throws {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"a": 1}"#)])
    try f.set(.forward, .catalog)
    try f.catalog.changePolicy(author: "pat") {
      $0.set(.full, at: .category, name: "Display")
      $0.addIgnore(
        .init(kind: "tile", rule: .keyRemoved, pointer: JSONPointer(["payload", "debug"])))
    }
    let history = try f.catalog.policyHistory()
    #expect(history.map(\.id) == [1, 2, 3])
    #expect(history.map(\.action) == [.set, .set, .ignore])
    #expect(history.map(\.afterRevision) == [1, 1, 1])
    #expect(history.allSatisfy { $0.author == "pat" })
    let document = try f.catalog.policy().document()
    #expect(
      String(decoding: document, as: UTF8.self) == """
        {
          "catalog": "FORWARD",
          "categories": {
            "Display": "FULL"
          },
          "kinds": {},
          "ignores": [
            {
              "kind": "tile",
              "rule": "KEY_REMOVED",
              "pointer": "/payload/debug"
            }
          ]
        }

        """)
    let parsed = try CatalogPolicy(document: document, name: "policies.json")
    #expect(parsed == (try f.catalog.policy()))
    // Importing the same file changes nothing; an empty one unsets everything.
    #expect(try f.catalog.changePolicy(author: "pat") { $0 = parsed }.isEmpty)
    let cleared = try f.catalog.changePolicy(author: "pat") {
      $0 = try CatalogPolicy(document: Array("{}".utf8), name: "empty.json")
    }
    #expect(cleared.map(\.action) == [.unset, .unset, .unignore])
    #expect(try f.catalog.policy() == CatalogPolicy())
  }

  @Test func aPolicyFileWithProblemsReportsEachWithItsPosition() throws {
    let text = """
      {
        "catalog": "SIDEWAYS",
        "kinds": {"tile": 3},
        "ignores": [{"kind": "tile", "rule": "KEY_GONE", "pointer": "/payload"}],
        "extra": 1
      }
      """
    #expect {
      try CatalogPolicy(document: Array(text.utf8), name: "policies.json")
    } throws: { error in
      guard case .invalidDocument(let source, let diagnostics) = error as? CatalogError else {
        return false
      }
      return source == "policies.json"
        && diagnostics.diagnostics.map(\.description) == [
          "2:14: error: /catalog: unknown mode 'SIDEWAYS'; modes: NONE, BACKWARD, FORWARD, FULL, "
            + "BACKWARD_TRANSITIVE, FORWARD_TRANSITIVE, FULL_TRANSITIVE",
          "3:21: error: /kinds/tile: expected a mode name, found number",
          "4:40: error: /ignores/0/rule: unknown rule 'KEY_GONE'; rules: "
            + ChangeRule.allCases.map(\.rawValue).joined(separator: ", "),
          "5:12: error: /extra: unknown member 'extra'; members: catalog, categories, kinds, ignores",
        ]
    }
  }

  @Test(arguments: TestEngine.allCases) func ignoresSkipARuleUnderAPointerPrefix(
    _ engine: TestEngine
  ) throws {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"a": 1, "debug": {"x": 1, "y": 2}}"#)])
    try f.catalog.changePolicy(author: "pat") {
      $0.set(.full, at: .kind, name: "tile")
      $0.addIgnore(
        .init(kind: "tile", rule: .keyRemoved, pointer: JSONPointer(["payload", "debug"])))
    }
    try f.importing([("tile", "Display", #"{"a": 1, "debug": {"x": 1}}"#)])
    let refusal = try f.refusal {
      try f.importing([("tile", "Display", #"{"debug": {"x": 1}}"#)])
    }
    #expect(refusal.violations.map(\.change.pointer.description) == ["/payload/a"])
  }

  @Test(arguments: TestEngine.allCases) func aRenameCarriesTheKindsPolicy(_ engine: TestEngine)
    throws
  {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"a": 1}"#)])
    try f.set(.forward, .kind, "tile")
    try f.catalog.rename(
      "tile", to: "card", options: WriteOptions(author: "ann", allowBreaking: "new name"))
    let policy = try f.catalog.policy()
    #expect(policy.kinds == [.init(name: "card", mode: .forward)])
    #expect(
      try f.refusal { try f.importing([("card", "Display", #"{}"#)]) }.violations.map(\.rule)
        == [.keyRemoved])
  }

  @Test(arguments: TestEngine.allCases) func aCheckReportsWhatAWriteWouldRefuseWithPositions(
    _ engine: TestEngine
  ) throws {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"a": 1}"#), ("knob", "Input", #"{"a": 1}"#)])
    try f.set(.forward, .catalog)
    let text = Fixture.document([("tile", "Display", #"{"a": 1}"#), ("knob", "Input", #"{}"#)])
    let reader = CatalogDocumentReader(JSONReader(bytes: text))
    var located: [CatalogDocumentReader.LocatedEntry] = []
    while let entry = try reader.next() { located.append(entry) }
    let preview = try f.catalog.policyCheck(
      of: located.map(\.entry), positions: located.map(\.position))
    #expect(preview.violations.map(\.kind) == ["knob"])
    #expect(preview.violations.first?.position?.description == "1:99")
    #expect(try f.catalog.head()?.id == 1)
  }
}

extension PolicyTests {
  @Test(arguments: TestEngine.allCases) func aCopyKeepsThePoliciesAndWaivers(_ engine: TestEngine)
    throws
  {
    let f = try Fixture(engine)
    try f.importing([("tile", "Display", #"{"a": 1, "c": 2}"#)])
    try f.set(.forward, .category, "Display")
    try f.importing([("tile", "Display", #"{"c": 2}"#)], allowBreaking: "a goes")
    let copy = try Catalog(path: try f.location.sibling(fileName: "copy.sqlite"))
    try copy.copyHistory(from: f.catalog)
    #expect(try copy.policyHistory() == (try f.catalog.policyHistory()))
    #expect(try copy.waivers() == (try f.catalog.waivers()))
    #expect(try copy.waivers().count == 1)
    let refusal = try f.refusal {
      try copy.importDocument(
        from: .bytes(Fixture.document([("tile", "Display", #"{}"#)]), name: "c.json"),
        options: WriteOptions(author: "ann"))
    }
    #expect(refusal.violations.map(\.rule) == [.keyRemoved])
  }
}

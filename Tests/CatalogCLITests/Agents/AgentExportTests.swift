import CatalogAgents
import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// `catalog export --format a2ui | json-schema | prompt` (issue 33, item 1): golden bytes on
/// both engines, the A2UI major's history, the official A2UI SDK loading the catalog and
/// accepting every sample, and Python's `jsonschema` agreeing with the shapes on every
/// sample and on mutations of them.
@Suite("Agent exports")
struct AgentExportTests {
  static let goldens: [(arguments: [String], file: String)] = [
    (["--format", "a2ui"], "agents/expected/a2ui.json"),
    (["--format", "json-schema"], "agents/expected/schema.json"),
    (["--format", "json-schema", "--strict"], "agents/expected/schema-strict.json"),
    (["--format", "prompt"], "agents/expected/prompt.md"),
  ]

  @Test(
    "each export is byte-identical to its golden file, twice, on both engines",
    arguments: TestEngine.allCases)
  func goldenBytes(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try AgentFixture.make(location)
    for golden in Self.goldens {
      let first = try runner.run(["export"] + golden.arguments).stdoutBytes
      let second = try runner.run(["export"] + golden.arguments).stdoutBytes
      #expect(first == second, "\(golden.arguments)")
      if ProcessInfo.processInfo.environment["CATALOG_UPDATE_GOLDEN"] == "1", engine == .sqlite {
        try Data(first).write(to: Fixtures.url(golden.file))
      }
      let expected = try Fixtures.bytes(golden.file)
      #expect(
        first == expected,
        "\(golden.arguments) differs from \(golden.file):\n\(String(decoding: first, as: UTF8.self))"
      )
    }
    // --output writes the same bytes.
    let path = location.directory.path("out.json")
    try runner.run(["export", "--format", "a2ui", "-o", path])
    #expect(
      try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        == Fixtures.bytes(Self.goldens[0].file))
  }

  @Test(
    "the catalogId's major rises at the type change and at the container added, not at the leaf removed"
  )
  func majors() throws {
    let location = try TestEngine.sqlite.makeLocation()
    _ = try AgentFixture.make(location)
    let catalog = try Catalog(path: location.text)
    let head = try AgentCatalog.load(from: catalog)
    #expect(
      head.majors == [
        CatalogMajor(major: 1, revision: 1, reasons: []),
        CatalogMajor(
          major: 2, revision: 2,
          reasons: ["price-tag: /amount changed type from integer to number"]),
        CatalogMajor(major: 3, revision: 3, reasons: ["container kind carousel added"]),
      ])
    #expect(head.kinds.map(\.kind) == ["hero-banner", "price-tag", "stack", "badge", "carousel"])
    #expect(head.removedKinds == ["divider"])
    #expect(head.kind("stack")?.isContainer == true)
    #expect(head.kind("badge")?.isContainer == false)
    // badge's icon appeared in revision 3: optional; 4 states, 4 samples.
    let badge = try #require(head.kind("badge"))
    #expect(badge.inferredFrom == 4)
    guard case .object(let object) = badge.shape.root else {
      Issue.record("badge's shape is not an object: \(badge.shape)")
      return
    }
    #expect(object.properties["icon"] == ShapeProperty(.string(.plain), required: false))
    #expect(object.properties["text"] == ShapeProperty(.string(.plain), required: true))
    #expect(try AgentCatalog.load(from: catalog, at: .number(1)).major == 1)
    #expect(try AgentCatalog.load(from: catalog, at: .number(2)).major == 2)
    let one = try CatalogRunner(location: location).run([
      "export", "--format", "a2ui", "--at", "1", "--id-base", "https://example.com/ui/",
    ]).stdout
    #expect(one.contains(#""catalogId": "https://example.com/ui/v1/catalog.json""#), "\(one)")
  }

  @Test(
    "the A2UI SDK loads the catalog of every revision and accepts every sample",
    arguments: TestEngine.allCases)
  func sdkLoadsTheCatalog(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try AgentFixture.make(location)
    let directory = location.directory
    for revision in 1...4 {
      let catalogPath = directory.path("a2ui-\(revision).json")
      try runner.run(["export", "--format", "a2ui", "--at", "\(revision)", "-o", catalogPath])
      let componentsPath = directory.path("components-\(revision).json")
      try runner.run(["export", "--at", "\(revision)", "-o", componentsPath])
      let loaded = try AgentFixture.python("load", [catalogPath])
      let kinds = try Catalog(path: location.text).kinds(at: .number(Int64(revision))).map(\.kind)
      #expect(
        loaded.objectValue?["components"]
          == .array(kinds.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { .string($0) })
      )
      let documents = try AgentFixture.python("documents", [catalogPath, componentsPath])
      let documentsPath = try AgentFixture.write(
        documents, "documents-\(revision).json", in: directory)
      let verdicts = try #require(
        try AgentFixture.python("validate", [catalogPath, documentsPath]).arrayValue)
      #expect(verdicts.count == kinds.count)
      for (kind, verdict) in zip(kinds, verdicts) {
        #expect(verdict.objectValue?["valid"] == true, "revision \(revision), \(kind): \(verdict)")
      }
    }
  }

  @Test(
    "jsonschema accepts every sample of every revision and agrees with the shapes on mutations",
    arguments: TestEngine.allCases)
  func jsonSchemaAgreesWithShapes(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try AgentFixture.make(location)
    let directory = location.directory
    let catalog = try Catalog(path: location.text)
    var mutationCount = 0
    var rejected = 0
    for revision in 1...4 {
      let schemaPath = directory.path("schema-\(revision).json")
      try runner.run(["export", "--format", "json-schema", "--at", "\(revision)", "-o", schemaPath])
      try runner.run([
        "export", "--format", "json-schema", "--strict", "--at", "\(revision)", "-o",
        directory.path("strict-\(revision).json"),
      ])
      let agents = try AgentCatalog.load(from: catalog, at: .number(Int64(revision)))
      let samples = agents.kinds.map { Self.entry($0.kind, $0.sample) }
      var instances = samples
      var expected = Array(repeating: true, count: samples.count)
      for kind in agents.kinds {
        for mutated in Mutations.of(kind.sample) {
          let violations = kind.shape.validate(mutated) { agents.kind($0)?.shape }
          instances.append(Self.entry(kind.kind, mutated))
          expected.append(violations.isEmpty)
        }
      }
      let instancesPath = try AgentFixture.write(
        .array(instances), "instances-\(revision).json", in: directory)
      let verdicts = try AgentFixture.python("jsonschema", [schemaPath, instancesPath])
      #expect(verdicts.arrayValue?.count == instances.count)
      for (index, verdict) in (verdicts.arrayValue ?? []).enumerated() {
        #expect(
          verdict == .bool(expected[index]),
          "revision \(revision): jsonschema says \(verdict), the shape \(expected[index]) for \(instances[index].canonicalText)"
        )
      }
      // The strict schema is a valid 2020-12 schema too (an empty instance list).
      let none = try AgentFixture.write(.array([]), "none.json", in: directory)
      _ = try AgentFixture.python("jsonschema", [directory.path("strict-\(revision).json"), none])
      mutationCount += instances.count - samples.count
      rejected += expected.filter { !$0 }.count
    }
    #expect(mutationCount > 100)
    #expect(rejected > 50)
  }

  @Test("the agent formats refuse the components options")
  func usage() throws {
    let location = try TestEngine.sqlite.makeLocation()
    let runner = try AgentFixture.make(location)
    let strict = try runner.run(["export", "--strict"], expect: 64)
    #expect(strict.stderr.contains("'--strict' needs '--format json-schema'"), "\(strict)")
    let digest = try runner.run(["export", "--format", "a2ui", "--digest"], expect: 64)
    #expect(digest.stderr.contains("'--digest' needs '--format components'"), "\(digest)")
  }

  static func entry(_ kind: String, _ payload: JSONValue) -> JSONValue {
    .object(
      JSONObject([.init(key: "kind", value: .string(kind)), .init(key: "payload", value: payload)]))
  }
}

/// Deterministic mutations of a payload: each value replaced by one of another type, each
/// object member removed, `null` put in place of each value.
enum Mutations {
  static func of(_ payload: JSONValue) -> [JSONValue] {
    var out: [JSONValue] = []
    func walk(_ value: JSONValue, rebuild: (JSONValue?) -> JSONValue) {
      out.append(rebuild(other(value)))
      out.append(rebuild(.null))
      switch value {
      case .object(let object):
        for (index, member) in object.members.enumerated() {
          var without = object.members
          without.remove(at: index)
          out.append(rebuild(.object(JSONObject(without))))
          walk(member.value) { replacement in
            var members = object.members
            if let replacement {
              members[index].value = replacement
            } else {
              members.remove(at: index)
            }
            return rebuild(.object(JSONObject(members)))
          }
        }
      case .array(let items):
        for (index, item) in items.enumerated() {
          walk(item) { replacement in
            var items = items
            if let replacement { items[index] = replacement } else { items.remove(at: index) }
            return rebuild(.array(items))
          }
        }
      default: break
      }
    }
    walk(payload) { $0 ?? .null }
    return out
  }

  static func other(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string: return 7
    case .number: return "7"
    case .bool: return "true"
    case .null: return 1
    case .array: return .object(JSONObject())
    case .object: return .array([])
    }
  }
}

import CatalogAgents
import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// `catalog validate-ui` (issue 33, item 2): its layers, positions, formats and exit
/// statuses through the binary on both engines, and agreement with the official A2UI SDK's
/// validator on a corpus of generated documents.
@Suite("validate-ui")
struct ValidateUITests {
  static let valid = """
    [
      {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://catalog.invalid/components/v3/catalog.json"}},
      {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
        {"id": "root", "component": "stack", "spacing": 4, "children": ["p", "b"]},
        {"id": "p", "component": "price-tag", "amount": 9.5, "currency": "EUR"},
        {"id": "b", "component": "badge", "text": "New", "tone": "info"}
      ]}}
    ]
    """

  @Test(
    "a valid document exits 0; each layer's problem is located and exits 1",
    arguments: TestEngine.allCases)
  func layers(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try AgentFixture.make(location)
    let directory = location.directory
    try directory.write("valid.json", Self.valid)
    #expect(
      try runner.run(["validate-ui", "valid.json"]).stdout == "valid: 3 components (revision 4)\n")
    let cases: [(name: String, text: String, line: String)] = [
      (
        "syntax.json", "[{\"version\": \"v0.9\",]",
        "syntax.json:1:21: error: syntax: /: invalid JSON: unexpected character ']'; expected a string key"
      ),
      (
        "removed.json", Self.valid.replacingOccurrences(of: "\"badge\"", with: "\"divider\""),
        "removed.json:6:30: error: vocabulary: /1/updateComponents/components/2/component: kind divider was removed from the catalog before revision 4"
      ),
      (
        "unknown.json",
        Self.valid.replacingOccurrences(
          of: "\"tone\": \"info\"", with: "\"tone\": \"info\", \"size\": 3"),
        "unknown.json:6:78: error: vocabulary: /1/updateComponents/components/2/size: kind badge has no property size"
      ),
      (
        "dangling.json",
        Self.valid.replacingOccurrences(of: "[\"p\", \"b\"]", with: "[\"p\", \"x\"]"),
        "dangling.json:4:74: error: graph: /1/updateComponents/components/0/children/1: no component with id x (a dangling child reference)"
      ),
      (
        "cycle.json",
        Self.valid.replacingOccurrences(of: "[\"p\", \"b\"]", with: "[\"p\", \"root\"]"),
        "cycle.json:4:74: error: graph: /1/updateComponents/components/0/children/1: a cycle: root contains itself (through root)"
      ),
      (
        "data.json", Self.valid.replacingOccurrences(of: "9.5", with: "\"9.5\""),
        "data.json:5:53: error: data: /1/updateComponents/components/1/amount: decodes a number, found \"9.5\""
      ),
      (
        "orphan.json", Self.valid.replacingOccurrences(of: "[\"p\", \"b\"]", with: "[\"p\"]"),
        "orphan.json:6:5: error: graph: /1/updateComponents/components/2: component b is not reachable from root (an orphan)"
      ),
    ]
    for item in cases {
      try directory.write(item.name, item.text)
      let result = try runner.run(["validate-ui", item.name], expect: 1)
      #expect(result.stdout.hasPrefix(item.line), "\(item.name): \(result.stdout)")
    }
    // JSON and A2UI error messages.
    let json = try runner.run(["validate-ui", "data.json", "--format", "json"], expect: 1)
    let problems = try JSONValue(parsing: json.stdout)
    #expect(problems.arrayValue?.count == 1)
    #expect(problems.arrayValue?.first?.objectValue?["line"] == 5)
    #expect(problems.arrayValue?.first?.objectValue?["expected"] == "a number")
    let a2ui = try runner.run(["validate-ui", "data.json", "--format", "a2ui"], expect: 1)
    let message = try JSONValue(parsing: a2ui.stdout)
    #expect(message.objectValue?["error"]?.objectValue?["code"] == "VALIDATION_FAILED")
    #expect(
      message.objectValue?["error"]?.objectValue?["path"]
        == "/1/updateComponents/components/1/amount")
    // Entries with nested children; an unknown revision and a missing file are 65.
    try directory.write(
      "entries.json",
      #"{"kind": "stack", "payload": {"spacing": 2, "children": [{"kind": "badge", "payload": {"text": 1, "tone": "x"}}]}}"#
    )
    let entries = try runner.run(["validate-ui", "entries.json"], expect: 1)
    #expect(
      entries.stdout.hasPrefix(
        "entries.json:1:96: error: data: /payload/children/0/payload/text: decodes a string, found 1"
      ), "\(entries)")
    try runner.run(["validate-ui", "valid.json", "--at", "99"], expect: 65)
    try runner.run(["validate-ui", "missing.json"], expect: 65)
    // JSON Lines, and stdin.
    let lines = try #require(try JSONValue(parsing: Self.valid).arrayValue).map {
      String(decoding: JSONWriter.canonicalBytes($0), as: UTF8.self)
    }
    #expect(
      try runner.run(["validate-ui", "-"], stdin: Array(lines.joined(separator: "\n").utf8)).status
        == 0)
  }

  @Test("hostile input: deep nesting and long child chains are bounded problems, not crashes")
  func hostile() throws {
    let location = try TestEngine.sqlite.makeLocation()
    let runner = try AgentFixture.make(location)
    try location.directory.write("deep.json", String(repeating: "[", count: 100_000))
    let deep = try runner.run(["validate-ui", "deep.json"], expect: 1)
    #expect(deep.stdout.contains("error: syntax:"), "\(deep)")
    // 60 components, each the child of the one before: deeper than A2UI's 50.
    var components = [#"{"id": "root", "component": "stack", "spacing": 1, "children": ["c1"]}"#]
    for level in 1..<60 {
      components.append(
        #"{"id": "c\#(level)", "component": "stack", "spacing": 1, "children": ["c\#(level + 1)"]}"#
      )
    }
    components.append(#"{"id": "c60", "component": "badge", "text": "a", "tone": "b"}"#)
    try location.directory.write(
      "chain.json",
      #"[{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}}, {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": ["#
        + components.joined(separator: ", ") + "]}}]")
    let chain = try runner.run(["validate-ui", "chain.json"], expect: 1)
    #expect(chain.stdout.contains("components nested deeper than 50 levels"), "\(chain)")
  }

  @Test("the A2UI SDK's validator and validate-ui agree on at least 500 generated documents")
  func agreesWithTheSDK() throws {
    let location = try TestEngine.sqlite.makeLocation()
    let runner = try AgentFixture.make(location)
    let directory = location.directory
    let catalog = try Catalog(path: location.text)
    var total = 0
    var disagreements: [String] = []
    for revision in 1...4 {
      let catalogPath = directory.path("a2ui-\(revision).json")
      try runner.run(["export", "--format", "a2ui", "--at", "\(revision)", "-o", catalogPath])
      let componentsPath = directory.path("components-\(revision).json")
      try runner.run(["export", "--at", "\(revision)", "-o", componentsPath])
      let valid = try #require(
        try AgentFixture.python("documents", [catalogPath, componentsPath]).arrayValue)
      var corpus = valid
      for document in valid { corpus += DocumentMutations.of(document) }
      let corpusPath = try AgentFixture.write(
        .array(corpus), "corpus-\(revision).json", in: directory)
      let verdicts = try #require(
        try AgentFixture.python("validate", [catalogPath, corpusPath]).arrayValue)
      let validator = UIDocumentValidator(
        catalog: try AgentCatalog.load(from: catalog, at: .number(Int64(revision))))
      for (document, verdict) in zip(corpus, verdicts) {
        let ours = validator.validate(JSONWriter.canonicalBytes(document))
        let theirs = verdict.objectValue?["valid"] == true
        if ours.isValid != theirs {
          disagreements.append(
            "revision \(revision): SDK \(theirs) (\(verdict.objectValue?["error"]?.stringValue ?? "")), validate-ui \(ours.isValid) \(ours.problems.map(\.text)): \(document.canonicalText)"
          )
        }
      }
      #expect(verdicts.count == corpus.count)
      total += corpus.count
    }
    print("validate-ui and the A2UI SDK: \(total) documents, \(disagreements.count) disagreements")
    #expect(total >= 500)
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20).joined(separator: "\n"))")
  }
}

/// Mutations of an A2UI message list: each component's members replaced by another type,
/// removed, an unknown member added, its kind renamed, ids duplicated, children dangling or
/// cyclic, the root removed, the version wrong.
enum DocumentMutations {
  static func of(_ document: JSONValue) -> [JSONValue] {
    guard let messages = document.arrayValue, messages.count == 2,
      case .object(var update)? = messages[1].objectValue?["updateComponents"],
      let components = update["components"]?.arrayValue,
      let second = messages[1].objectValue, let first = components.first?.objectValue
    else { return [] }
    var out: [JSONValue] = []
    func with(_ changed: [JSONValue]) -> JSONValue {
      update["components"] = .array(changed)
      var message = second
      message["updateComponents"] = .object(update)
      var copy = messages
      copy[1] = .object(message)
      return .array(copy)
    }
    for (index, component) in components.enumerated() {
      guard case .object(let object) = component else { continue }
      for member in object.members where !["id", "component"].contains(member.key) {
        for replacement in [
          Mutations.other(member.value), .null, "x",
          .number(JSONNumber(text: "1.5") ?? JSONNumber(1)), true,
        ] {
          var changed = object
          changed[member.key] = replacement
          var list = components
          list[index] = .object(changed)
          out.append(with(list))
        }
        var removed = object
        removed[member.key] = nil
        var list = components
        list[index] = .object(removed)
        out.append(with(list))
      }
      var extra = object
      extra["zz-unknown"] = 1
      var list = components
      list[index] = .object(extra)
      out.append(with(list))
      for kind in ["no-such-kind", "divider"] {
        var renamed = object
        renamed["component"] = .string(kind)
        list = components
        list[index] = .object(renamed)
        out.append(with(list))
      }
    }
    out.append(with(components + [components[0]]))  // a duplicate id
    var orphan = first
    orphan["id"] = "orphan"
    out.append(with(components + [.object(orphan)]))
    var noRoot = components
    if case .object(var root) = noRoot[0] {
      root["id"] = "top"
      noRoot[0] = .object(root)
      out.append(with(noRoot))
    }
    // A cycle: the root lists itself among its children.
    if case .object(var root) = components[0] {
      for key in ["children", "items"] {
        if case .array(let items)? = root[key] {
          root[key] = .array(items + ["root"])
          var list = components
          list[0] = .object(root)
          out.append(with(list))
        }
      }
    }
    var wrongVersion = messages
    if case .object(var first) = wrongVersion[0] {
      first["version"] = "v0.8"
      wrongVersion[0] = .object(first)
      out.append(.array(wrongVersion))
    }
    return out
  }
}

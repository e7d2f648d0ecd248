import Components
import Foundation
import TestSupport
import Testing

/// Random edit sequences (renames, moves, array insertions, member reorders, deprecations,
/// kinds added and removed) made through the built binary, checked against ``HistoryModel``:
/// for every pair of revisions the json-patch of `diff @a @b` turns `export --at a` into
/// `export --at b` byte for byte, `diff @a @b` lists exactly the kinds whose entry differs
/// and only kinds `log a..b` shows changing, and `blame` at every revision names, for every
/// leaf, the revision the model says last changed it.
@Suite("history properties: diff, patch, log and blame against a model")
struct HistoryPropertyTests {
  @Test(arguments: [7 as UInt64, 1_234])
  func randomHistories(seed: UInt64) throws {
    let directory = try TemporaryDirectory()
    func run(_ arguments: [String], stdin: [UInt8]? = nil) throws -> CatalogProcess.Result {
      try CatalogProcess.run(
        arguments, in: directory, stdin: stdin, environment: ["CATALOG_AUTHOR": "model"])
    }
    var model = HistoryModel(seed: seed)
    let revisions = 10
    for step in 0..<revisions {
      let command = step == 0 ? model.start() : model.edit()
      let result: CatalogProcess.Result
      switch command {
      case .importDocument:
        result = try run(
          ["import", "-", "--prune"], stdin: JSONWriter.indentedBytes(model.document))
      case .rename(let old, let new): result = try run(["rename", old, new])
      case .deprecate(let kind): result = try run(["deprecate", kind])
      case .undeprecate(let kind): result = try run(["undeprecate", kind])
      }
      try #require(
        result.status == 0 && result.stdout.hasPrefix("revision \(model.revision):"),
        "seed \(seed), step \(step), \(command): \(result)")
    }

    // Each revision holds what the model says.
    var exports: [[UInt8]] = [[]]
    for revision in 1...revisions {
      let export = try run(["export", "--at", String(revision)])
      exports.append(export.stdoutBytes)
      let expected = JSONValue.object(
        JSONObject([
          .init(key: "components", value: .array(model.snapshots[revision - 1].map(\.value)))
        ]))
      #expect(
        try JSONValue(parsing: export.stdout) == expected, "seed \(seed), revision \(revision)")
    }

    for a in 1...revisions {
      for b in 1...revisions where a != b {
        let patch = try run(["diff", "@\(a)", "@\(b)", "--format", "json-patch"])
        #expect(patch.status == 1, "seed \(seed), \(a)→\(b): \(patch)")
        #expect(
          try PatchCheck.apply(patch.stdout, to: exports[a]) == exports[b],
          "seed \(seed): diff @\(a) @\(b) --format json-patch")
        guard a < b else { continue }
        try checkKinds(seed: seed, from: a, to: b, model: model, run: run)
      }
    }

    for revision in 1...revisions {
      for entry in model.snapshots[revision - 1] {
        let blame = try run(["blame", entry.kind, "--at", String(revision), "--format", "json"])
        let lines = try JSONValue(parsing: blame.stdout)
        guard case .array(let items) = lines else {
          Issue.record("blame output is not an array: \(blame)")
          continue
        }
        let found = items.map { item in
          HistoryModel.Leaf(
            path: item.objectValue?["path"]?.stringValue ?? "",
            value: item.objectValue?["value"] ?? .null,
            revision: Int64(Self.number(item.objectValue?["revision"])))
        }
        #expect(
          found == entry.blame, "seed \(seed): blame \(entry.kind) --at \(revision)")
      }
    }
  }

  /// `diff @a @b` lists exactly the kinds whose entry differs between a and b (by component),
  /// and only kinds that `log a..b -p` shows changing.
  func checkKinds(
    seed: UInt64, from a: Int, to b: Int, model: HistoryModel,
    run: ([String], [UInt8]?) throws -> CatalogProcess.Result
  ) throws {
    let before = Dictionary(
      uniqueKeysWithValues: model.snapshots[a - 1].map { ($0.component, $0) })
    let after = Dictionary(uniqueKeysWithValues: model.snapshots[b - 1].map { ($0.component, $0) })
    var expected = Set<String>()
    for (component, entry) in after where before[component]?.value != entry.value {
      expected.insert(entry.kind)
    }
    for (component, entry) in before where after[component] == nil { expected.insert(entry.kind) }

    let summary = try JSONValue(
      parsing: run(["diff", "@\(a)", "@\(b)", "--format", "json"], nil).stdout)
    let listed = Self.kinds(in: summary)
    #expect(listed == expected, "seed \(seed): diff @\(a) @\(b) kinds")

    // The log names kinds as each revision had them; compare components.
    let log = try JSONValue(
      parsing: run(["log", "\(a)..\(b)", "-p", "--format", "json"], nil).stdout)
    var touched = Set<Int>()
    for item in log.arrayValue ?? [] {
      let revision = Self.number(item.objectValue?["revision"])
      guard let diff = item.objectValue?["diff"] else { continue }
      let names = Self.kinds(in: diff)
      for entry in model.snapshots[revision - 1] + model.snapshots[max(revision - 2, 0)]
      where names.contains(entry.kind) {
        touched.insert(entry.component)
      }
    }
    let listedComponents = Set(
      (Array(before.values) + Array(after.values)).filter { listed.contains($0.kind) }.map(
        \.component))
    #expect(
      listedComponents.isSubset(of: touched), "seed \(seed): log \(a)..\(b) misses a kind of diff")
  }

  static func number(_ value: JSONValue?) -> Int {
    if case .number(let number)? = value { return number.intValue ?? 0 }
    return 0
  }

  /// The kinds a diff summary lists as added, removed or changed.
  static func kinds(in summary: JSONValue) -> Set<String> {
    var kinds = Set<String>()
    for list in ["added", "removed", "changed"] {
      for item in summary.objectValue?[list]?.arrayValue ?? [] {
        if let kind = item.objectValue?["kind"]?.stringValue { kinds.insert(kind) }
      }
    }
    return kinds
  }
}

import Components
import Foundation
import TestSupport
import Testing

/// Random histories of names (``NameHistoryModel``: renames to new and former names, kinds
/// removed and brought back, a former name imported as a new kind, restores, reverts) made
/// through the built binary, on both engines. At every revision, for every kind there,
/// `show KIND --at R` is the entry `export --at R` holds and `blame KIND --at R` blames that
/// entry's values; for every kind at head, `log KIND` is one component's chain of names, the
/// revisions `blame` credits are among the ones `log` lists, and the site's page of the kind
/// lists the same revisions as `log`; `diff @R-1 @R` names only kinds of the two revisions.
@Suite("history properties: every command means the same component by a name")
struct NameIdentityPropertyTests {
  @Test(arguments: [(TestEngine.sqlite, 11 as UInt64), (.sqlite, 2_026), (.postgresql, 5)])
  func aNameMeansOneComponent(_ engine: TestEngine, seed: UInt64) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "model"])
    func run(_ arguments: [String], stdin: [UInt8]? = nil) throws -> CatalogProcess.Result {
      try CatalogProcess.run(
        runner.leadingArguments + arguments, in: location.directory, stdin: stdin,
        environment: runner.environment)
    }
    var model = NameHistoryModel(seed: seed)
    var head: Int64 = 0
    var entries: [JSONValue] = []
    var steps: [String] = []
    for step in 0..<12 {
      let command = step == 0 ? model.start() : model.next(head: entries, revision: head)
      let result: CatalogProcess.Result
      switch command {
      case .importDocument(let document):
        result = try run(
          ["import", "-", "--prune", "--allow-former-names"],
          stdin: JSONWriter.indentedBytes(document))
      case .rename(let old, let new): result = try run(["rename", old, new])
      case .restore(let revision): result = try run(["restore", String(revision)])
      case .revert(let revision): result = try run(["revert", String(revision)])
      }
      steps.append("\(command) → \(result.status)")
      // A revert that conflicts writes nothing (65); nothing else may fail, and no write
      // ends in an internal error.
      let conflict: Bool
      if case .revert = command { conflict = result.status == 65 } else { conflict = false }
      try #require(
        result.status == 0 || conflict, "seed \(seed), \(engine): \(steps) \(result)")
      let export = try run(["export"])
      entries = try JSONValue(parsing: export.stdout).objectValue?["components"]?.arrayValue ?? []
      head = Int64(try run(["log", "--oneline", "--limit", "1"]).stdout.prefix { $0 != " " }) ?? 0
    }
    let context = "seed \(seed), \(engine): \(steps)"

    var kindsAt: [Int64: [String: JSONValue]] = [:]
    for revision in 1...head {
      let export = try JSONValue(parsing: run(["export", "--at", String(revision)]).stdout)
      var kinds: [String: JSONValue] = [:]
      for entry in export.objectValue?["components"]?.arrayValue ?? [] {
        if let kind = entry.objectValue?["kind"]?.stringValue { kinds[kind] = entry }
      }
      kindsAt[revision] = kinds
      for (kind, entry) in kinds {
        let shown = try run(["show", kind, "--at", String(revision)])
        #expect(
          try JSONValue(parsing: shown.stdout) == entry && shown.stderr.isEmpty,
          "\(context): show \(kind) --at \(revision)")
        let blame = try JSONValue(
          parsing: run(["blame", kind, "--at", String(revision), "--format", "json"]).stdout)
        for line in blame.arrayValue ?? [] {
          let path = try JSONPointer(parsing: line.objectValue?["path"]?.stringValue ?? "")
          #expect(
            entry.value(at: path) == line.objectValue?["value"],
            "\(context): blame \(kind) --at \(revision) \(path)")
        }
      }
    }
    // diff names only kinds of its two revisions.
    for revision in 2...max(2, head) where revision <= head {
      let summary = try JSONValue(
        parsing: run(["diff", "@\(revision - 1)", "@\(revision)", "--format", "json"]).stdout)
      let old = kindsAt[revision - 1] ?? [:]
      let new = kindsAt[revision] ?? [:]
      for item in summary.objectValue?["added"]?.arrayValue ?? [] {
        #expect(new[item.objectValue?["kind"]?.stringValue ?? ""] != nil, "\(context): \(revision)")
      }
      for item in summary.objectValue?["removed"]?.arrayValue ?? [] {
        #expect(old[item.objectValue?["kind"]?.stringValue ?? ""] != nil, "\(context): \(revision)")
      }
      for item in summary.objectValue?["changed"]?.arrayValue ?? [] {
        let kind = item.objectValue?["kind"]?.stringValue ?? ""
        let before = item.objectValue?["renamedFrom"]?.stringValue ?? kind
        #expect(new[kind] != nil && old[before] != nil, "\(context): diff @\(revision)")
      }
    }

    let site = try run(["site", "--output", "site"])
    try #require(site.status == 0, "\(context): \(site)")
    for kind in kindsAt[head]?.keys.sorted() ?? [] {
      let log = try JSONValue(parsing: run(["log", kind, "--format", "json"]).stdout)
      let items = log.arrayValue ?? []
      #expect(items.first?.objectValue?["kind"]?.stringValue == kind, "\(context): log \(kind)")
      // Newest first: each item's name is the one the item before it (older) left.
      for (newer, older) in zip(items, items.dropFirst()) {
        let previous =
          newer.objectValue?["previousKind"]?.stringValue ?? newer.objectValue?["kind"]?.stringValue
        #expect(
          previous == older.objectValue?["kind"]?.stringValue,
          "\(context): log \(kind) names a chain")
      }
      let logged = items.map { Int64(HistoryPropertyTests.number($0.objectValue?["revision"])) }
      // Each logged state that is not a removal is in that revision's export.
      for item in items where item.objectValue?["change"]?.stringValue != "removed" {
        let revision = Int64(HistoryPropertyTests.number(item.objectValue?["revision"]))
        let name = item.objectValue?["kind"]?.stringValue ?? ""
        #expect(kindsAt[revision]?[name] != nil, "\(context): log \(kind) at \(revision)")
      }
      let blame = try JSONValue(parsing: run(["blame", kind, "--format", "json"]).stdout)
      for line in blame.arrayValue ?? [] {
        let revision = Int64(HistoryPropertyTests.number(line.objectValue?["revision"]))
        #expect(logged.contains(revision), "\(context): blame \(kind) credits r\(revision)")
      }
      let page = try String(
        contentsOfFile: location.directory.path("site/kinds/\(kind).html"), encoding: .utf8)
      let listed = page.components(separatedBy: " data-revision=").dropFirst().map {
        Int64($0.prefix { $0.isNumber }) ?? 0
      }
      #expect(listed == logged, "\(context): the site's page of \(kind)")
    }
  }
}

extension JSONValue {
  /// The value at `pointer`, nil when there is none.
  fileprivate func value(at pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let elements):
        guard let index = Int(token), index >= 0, index < elements.count else { return nil }
        current = elements[index]
      default: return nil
      }
    }
    return current
  }
}

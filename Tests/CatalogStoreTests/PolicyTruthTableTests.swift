import CatalogDiff
import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// The truth table of docs/policies.md, case by case: each (rule, mode) cell of the table
/// is compared with ``CompatibilityMode/refuses(_:)`` and with what a real write does.
@Suite("Compatibility truth table")
struct PolicyTruthTableTests {
  /// The cells of the table in docs/policies.md, read from the file.
  static let table: [String: [String: String]] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/policies.md")
    guard let text = try? String(contentsOf: url, encoding: .utf8),
      let start = text.range(of: "<!-- truth-table -->"),
      let end = text.range(of: "<!-- /truth-table -->")
    else { return [:] }
    let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n")
    guard let header = lines.first else { return [:] }
    let modes = header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      .dropFirst(2)
    var table: [String: [String: String]] = [:]
    for line in lines.dropFirst(2) {
      let cells = line.split(separator: "|").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(["`"]))
      }
      guard cells.count == modes.count + 2 else { continue }
      table[cells[0]] = Dictionary(uniqueKeysWithValues: zip(modes, cells.dropFirst(2)))
    }
    return table
  }()

  static let cases: [(ChangeRule, CompatibilityMode)] = ChangeRule.allCases.flatMap { rule in
    CompatibilityMode.allCases.map { (rule, $0) }
  }

  @Test func theTableHasEveryRuleAndMode() {
    #expect(Self.cases.count == 91)
    #expect(Set(Self.table.keys) == Set(ChangeRule.allCases.map(\.rawValue)))
    for row in Self.table.values {
      #expect(Set(row.keys) == Set(CompatibilityMode.allCases.map(\.rawValue)))
    }
  }

  /// A catalog in which one write makes exactly one change of `rule`.
  static func write(_ rule: ChangeRule, under mode: CompatibilityMode) throws -> (
    refused: PolicyRefusal?, rules: Set<ChangeRule>
  ) {
    let location = try TestEngine.sqlite.makeLocation()
    let catalog = try Catalog(path: location.text)
    let options = WriteOptions(author: "tester")
    func document(_ payload: String, kind: String = "tile", description: String = "d") -> [UInt8] {
      Array(
        #"{"components": [{"kind": "\#(kind)", "category": "Display", "description": "\#(description)", "payload": \#(payload)}]}"#
          .utf8)
    }
    let before: String
    switch rule {
    case .keyRemoved, .membersReordered: before = #"{"a": 1, "b": 2}"#
    case .elementRemoved: before = #"{"l": [1, 2]}"#
    case .elementAdded: before = #"{"l": [1]}"#
    case .fractionBecameInteger: before = #"{"a": 1.5}"#
    default: before = #"{"a": 1}"#
    }
    try catalog.importDocument(from: .bytes(document(before), name: "a.json"), options: options)
    try catalog.changePolicy(author: "tester") { $0.set(mode, at: .catalog, name: "") }
    var refusal: PolicyRefusal?
    do {
      switch rule {
      case .keyRemoved: try importing(#"{"a": 1}"#)
      case .typeChanged: try importing(#"{"a": "1"}"#)
      case .elementRemoved: try importing(#"{"l": [1]}"#)
      case .elementAdded: try importing(#"{"l": [1, 2]}"#)
      case .keyAdded: try importing(#"{"a": 1, "b": 2}"#)
      case .valueChanged: try importing(#"{"a": 2}"#)
      case .integerBecameFraction: try importing(#"{"a": 1.5}"#)
      case .fractionBecameInteger: try importing(#"{"a": 2}"#)
      case .membersReordered: try importing(#"{"b": 2, "a": 1}"#)
      case .metadataChanged: try importing(before, description: "new")
      case .entryAdded:
        try catalog.importDocument(
          from: .bytes(document(before, kind: "other"), name: "b.json"), options: options)
      case .entryRemoved:
        try catalog.importDocument(
          from: .bytes(document(before, kind: "other"), name: "b.json"), options: options,
          prune: true)
      case .entryRenamed:
        try catalog.rename("tile", to: "tile2", options: options)
      }
    } catch let error as PolicyRefusal {
      refusal = error
    }
    func importing(_ payload: String, description: String = "d") throws {
      try catalog.importDocument(
        from: .bytes(document(payload, description: description), name: "b.json"),
        options: options)
    }
    if let refusal { return (refusal, Set(refusal.violations.map(\.rule))) }
    let diff = try catalog.diff(from: 1, to: .head)
    var rules = Set(diff.changed.flatMap(\.changes).map(\.rule))
    if !diff.added.isEmpty { rules.insert(.entryAdded) }
    if !diff.removed.isEmpty { rules.insert(.entryRemoved) }
    return (nil, rules)
  }

  @Test(arguments: cases) func cell(_ rule: ChangeRule, _ mode: CompatibilityMode) throws {
    let documented = try #require(Self.table[rule.rawValue]?[mode.rawValue])
    #expect(documented == (mode.refuses(rule) ? "refused" : "allowed"))
    let outcome = try Self.write(rule, under: mode)
    #expect((outcome.refused != nil) == (documented == "refused"))
    if let refusal = outcome.refused {
      #expect(refusal.violations.map(\.rule) == [rule])
      #expect(refusal.violations.allSatisfy { $0.mode == mode && $0.origin == .catalog })
    } else if rule == .entryAdded {
      #expect(outcome.rules == [.entryAdded])
    } else if rule == .entryRemoved {
      // The pruning import adds "other" and removes "tile".
      #expect(outcome.rules == [.entryAdded, .entryRemoved])
    } else {
      #expect(outcome.rules == [rule])
    }
  }
}

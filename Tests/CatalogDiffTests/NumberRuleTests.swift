import CatalogDiff
import Components
import Testing

/// A number that keeps its JSON type but crosses between an integral value and a fraction
/// is a rule of its own (docs/policies.md): what an app's `Int` tells apart.
@Suite("Integer and fraction rules")
struct NumberRuleTests {
  static func rule(_ old: String, _ new: String) throws -> [ChangeRule] {
    func entry(_ value: String) throws -> CatalogEntry {
      CatalogEntry(
        kind: "counter", category: "c", description: "d",
        payload: try JSONValue(parsing: Array(#"{"count": \#(value)}"#.utf8)))
    }
    return try CatalogDiff.changes(from: entry(old), to: entry(new)).map(\.rule)
  }

  @Test(arguments: [
    ("1", "1.5", ChangeRule.integerBecameFraction),
    ("2.0", "2.5", .integerBecameFraction),
    ("1e2", "100.25", .integerBecameFraction),
    ("-3", "-0.5", .integerBecameFraction),
    ("1.5", "2", .fractionBecameInteger),
    ("0.1", "1e1", .fractionBecameInteger),
    ("1", "2", .valueChanged),
    ("1", "2.0", .valueChanged),
    ("1.5", "2.5", .valueChanged),
    ("1", "\"1\"", .typeChanged),
  ])
  func numberChanges(_ old: String, _ new: String, _ expected: ChangeRule) throws {
    #expect(try Self.rule(old, new) == [expected])
  }

  @Test func theSameValueSpelledAnotherWayIsNoIntegerChange() throws {
    // 1 and 1.0 are the same value: a VALUE_CHANGED of the text at most, never a fraction.
    #expect(try Self.rule("1", "1.0").allSatisfy { $0 == .valueChanged })
  }

  @Test func theRulesClassesAndModes() {
    #expect(ChangeRule.integerBecameFraction.changeClass == .breaking)
    #expect(ChangeRule.fractionBecameInteger.changeClass == .value)
    #expect(CompatibilityMode.forward.refuses(.integerBecameFraction))
    #expect(!CompatibilityMode.backward.refuses(.integerBecameFraction))
    #expect(CompatibilityMode.backward.refuses(.fractionBecameInteger))
    #expect(!CompatibilityMode.forward.refuses(.fractionBecameInteger))
  }
}

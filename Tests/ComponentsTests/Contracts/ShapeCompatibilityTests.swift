import Components
import Foundation
import TestSupport
import Testing

@Suite("Shape compatibility")
struct ShapeCompatibilityTests {
  func shape(_ text: String) throws -> Shape {
    try Shape(schema: JSONValue(parsing: text))
  }

  @Test("a key that became required, a type narrowed, an enum value removed: narrowing")
  func narrowing() throws {
    let old = try shape(
      #"{"type":"object","properties":{"a":{"type":"string"},"n":{"type":"number"},"e":{"enum":["x","y"]}},"required":[]}"#
    )
    let new = try shape(
      #"{"type":"object","properties":{"a":{"type":"string"},"n":{"type":"integer"},"e":{"enum":["x"]}},"required":["a"]}"#
    )
    let changes = ShapeCompatibility.changes(from: old, to: new)
    #expect(
      changes.map(\.description) == [
        "/a: \"a\" became required", "/e: \"y\" removed", "/n: an integer instead of a number",
      ])
    #expect(changes.map(\.code) == [.becameRequired, .enumValueRemoved, .typeNarrowed])
    #expect(!ShapeCompatibility.isBackwardCompatible(changes))
    #expect(ShapeCompatibility.isForwardCompatible(changes))
    let back = ShapeCompatibility.changes(from: new, to: old)
    #expect(ShapeCompatibility.isBackwardCompatible(back))
    #expect(!ShapeCompatibility.isForwardCompatible(back))
  }

  @Test("two builds of the same recorded type are identical, recursion included")
  func identical() {
    let registry = makeContractRegistry()
    let a = registry.contract(app: "a", version: "1")
    let b = makeContractRegistry().contract(app: "a", version: "2")
    for (kind, shape) in a.kinds {
      let other = b.kinds[kind] ?? Shape(root: .unknown("missing"))
      #expect(ShapeCompatibility.changes(from: shape, to: other).isEmpty, "\(kind)")
    }
  }

  @Test("nullable to required, and an unknown place, are reported")
  func nullAndUnknown() throws {
    let old = try shape(#"{"type":["string","null"]}"#)
    let new = try shape(#"{"type":"string"}"#)
    #expect(ShapeCompatibility.changes(from: old, to: new).map(\.code) == [.nullRefused])
    let unknown = try shape(#"{"x-unknown":"custom"}"#)
    let changes = ShapeCompatibility.changes(from: new, to: unknown)
    #expect(changes.map(\.code) == [.undecidable])
    #expect(!ShapeCompatibility.isBackwardCompatible(changes))
    #expect(!ShapeCompatibility.isForwardCompatible(changes))
  }

  /// Apicurio Registry's JSON Schema compatibility cases (Tests/Fixtures/apicurio-jsonschema-
  /// compatibility, Apache-2.0). `backward`: the updated schema reads everything the original
  /// did, and not the other way round; `both`: each reads the other's; `none`: neither.
  @Test("Apicurio Registry's JSON Schema compatibility data, the cases in the subset")
  func apicurio() throws {
    let data = try JSONValue(
      parsing: Fixtures.bytes("apicurio-jsonschema-compatibility/compatibility-test-data.json"))
    let cases = try #require(data[JSONPointer(["tests"])]?.arrayValue)
    var run = 0
    var unsupported: [String] = []
    for testCase in cases {
      let id = testCase[JSONPointer(["id"])]?.stringValue ?? "?"
      guard let original = testCase[JSONPointer(["original"])],
        let updated = testCase[JSONPointer(["updated"])],
        let expected = testCase[JSONPointer(["compatibility"])]?.stringValue
      else {
        Issue.record("malformed case \(id)")
        continue
      }
      // The cases state draft-07; the keywords of the subset mean the same there.
      guard let old = try? Shape(schema: Self.withoutDraft07(original)),
        let new = try? Shape(schema: Self.withoutDraft07(updated))
      else {
        unsupported.append(id)
        continue
      }
      run += 1
      let changes = ShapeCompatibility.changes(from: old, to: new)
      let backward = ShapeCompatibility.isBackwardCompatible(changes)
      let forward = ShapeCompatibility.isForwardCompatible(changes)
      let actual =
        backward && forward
        ? "both" : backward ? "backward" : !forward && !backward ? "none" : "forward"
      #expect(actual == expected, "\(id): \(changes)")
    }
    print(
      "Apicurio JSON Schema compatibility: \(run) cases run, \(unsupported.count) not supported "
        + "(outside the subset) of \(cases.count)")
    print("  not supported: \(unsupported.joined(separator: "; "))")
    #expect(run + unsupported.count == cases.count)
    #expect(run >= 12)
  }

  static func withoutDraft07(_ schema: JSONValue) -> JSONValue {
    guard case .object(var object) = schema,
      object["$schema"] == .string("http://json-schema.org/draft-07/schema#")
    else { return schema }
    object["$schema"] = nil
    return .object(object)
  }
}

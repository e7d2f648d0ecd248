import CatalogDiff
import Components
import TestSupport
import Testing

/// One record of the json-patch-tests suite (Tests/Fixtures/json-patch-tests, Apache-2.0).
struct JSONPatchTestCase: Sendable, CustomTestStringConvertible {
  var file: String
  var index: Int
  var comment: String
  var document: JSONValue
  var patch: JSONValue
  var expected: JSONValue?
  var error: String?
  var disabled: Bool

  var testDescription: String { "\(file) #\(index): \(comment)" }

  /// Every record of `file` that has a document and a patch.
  static func load(_ file: String) -> [JSONPatchTestCase] {
    guard let bytes = try? Fixtures.bytes("json-patch-tests/\(file)"),
      let records = try? LenientJSON.parse(bytes).arrayValue
    else { return [] }
    return records.enumerated().compactMap { index, record in
      guard let object = record.objectValue, let document = object["doc"],
        let patch = object["patch"]
      else { return nil }
      return JSONPatchTestCase(
        file: file, index: index, comment: object["comment"]?.stringValue ?? "",
        document: document, patch: patch, expected: object["expected"],
        error: object["error"]?.stringValue, disabled: object["disabled"] == .bool(true))
    }
  }

  static let all = load("tests.json") + load("spec_tests.json")
  static let enabled = all.filter { !$0.disabled }
  static let disabled = all.filter(\.disabled)
}

@Suite("json-patch-tests")
struct JSONPatchConformanceTests {
  /// The counts the suite's README gives, so that a fixture that fails to load fails here.
  @Test func suiteIsPresent() {
    #expect(JSONPatchTestCase.load("tests.json").count == 95)
    #expect(JSONPatchTestCase.load("spec_tests.json").count == 17)
    #expect(JSONPatchTestCase.enabled.count == 108)
    #expect(JSONPatchTestCase.enabled.filter { $0.expected != nil }.count == 74)
    #expect(JSONPatchTestCase.enabled.filter { $0.error != nil }.count == 34)
  }

  /// Every enabled record: the result equals `expected` as JSON, or applying fails where the
  /// record has `error` (whose wording is only a hint and is not compared).
  @Test(arguments: JSONPatchTestCase.enabled)
  func enabledCase(_ testCase: JSONPatchTestCase) {
    #expect((testCase.expected != nil) != (testCase.error != nil))
    let result = Result { () throws(JSONPatchError) -> JSONValue in
      try JSONPatch(decoding: testCase.patch).apply(to: testCase.document)
    }
    switch (result, testCase.expected) {
    case (.success(let actual), let expected?):
      #expect(actual.isEquivalent(to: expected), "got \(actual.canonicalText)")
    case (.success(let actual), nil):
      Issue.record("expected an error (\(testCase.error ?? "")), got \(actual.canonicalText)")
    case (.failure(let error), let expected?):
      Issue.record("expected \(expected.canonicalText), got: \(error)")
    case (.failure, nil):
      break
    }
  }

  /// The disabled records, which other tools disagree on, with what this engine does.
  @Test func disabledCases() throws {
    let outcomes = JSONPatchTestCase.disabled.map { testCase in
      do {
        let result = try JSONPatch(decoding: testCase.patch).apply(to: testCase.document)
        return "\(testCase.comment): \(result.canonicalText)"
      } catch {
        return "\(testCase.comment): \(error)"
      }
    }
    #expect(
      outcomes == [
        "Toplevel scalar values OK?: \"bar\"",
        "Whole document: {\"foo\":1}",
        "duplicate ops: operation 0 (add /baz): duplicate member \"op\"",
        "A.13 Invalid JSON Patch Document: operation 0 (add /baz): duplicate member \"op\"",
      ])
  }
}

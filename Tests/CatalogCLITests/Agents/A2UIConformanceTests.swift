import CatalogAgents
import Components
import Foundation
import TestSupport
import Testing

/// A2UI's validator conformance suite (Tests/Fixtures/A2UI/suites/validator.yaml, vendored
/// unmodified), run through `validate-ui`'s validator: every step of every case passes (valid
/// when the suite expects no error, invalid when it expects one), or the case is listed as not
/// applicable with its reason; the counts are printed.
@Suite("A2UI validator conformance")
struct A2UIConformanceTests {
  /// The cases that do not apply, by name prefix or name, with the reason.
  static func notApplicable(_ name: String, version: String) -> String? {
    if version != "0.9" { return "an A2UI v0.8 case: validate-ui reads v0.9 messages" }
    if name.contains("function_call") {
      return "A2UI functions: a catalog of components has none"
    }
    if name.contains("invalid_paths") {
      return "data bindings ({\"path\": …}): the exported shapes are literal values"
    }
    if name == "test_validator_0_9" || name.contains("global_recursion") {
      return
        "the suite's full v0.9 catalog (common types, functions, data bindings) is not a catalog of components"
    }
    return nil
  }

  @Test("every applicable case passes")
  func suite() throws {
    let path = Fixtures.url("A2UI/suites/validator.yaml").path
    let converted = try runCommand(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)", path,
      ])
    try #require(converted.status == 0, "\(converted.stderr)")
    let cases = try #require(try JSONValue(parsing: converted.stdout).arrayValue)
    var passed = 0
    var skipped: [String] = []
    var failed: [String] = []
    for item in cases {
      let object = try #require(item.objectValue)
      let name = object["name"]?.stringValue ?? "?"
      let catalogConfig = object["catalog"]?.objectValue
      let version = catalogConfig?["version"].map { $0.stringValue ?? $0.canonicalText } ?? "?"
      if let reason = Self.notApplicable(name, version: version) {
        skipped.append("\(name): \(reason)")
        continue
      }
      guard case .object(let schema)? = catalogConfig?["catalog_schema"] else {
        skipped.append("\(name): a catalog file, not an inline catalog")
        continue
      }
      let validator = UIDocumentValidator(catalog: Self.catalog(schema))
      let steps = object["steps"]?.arrayValue ?? [item]
      for (index, step) in steps.enumerated() {
        let payload = step.objectValue?["payload"] ?? .null
        let expectError = (step.objectValue?["expect_error"] ?? object["expect_error"]) != nil
        let result = validator.validate(JSONWriter.canonicalBytes(payload))
        if result.isValid == !expectError {
          passed += 1
        } else {
          failed.append(
            "\(name) step \(index): expected \(expectError ? "an error" : "valid"), validate-ui: \(result.problems.map(\.text))"
          )
        }
      }
    }
    print(
      "A2UI validator conformance: \(cases.count) cases; \(passed) steps pass, \(failed.count) fail, \(skipped.count) cases not applicable:\n  "
        + skipped.joined(separator: "\n  "))
    #expect(failed.isEmpty, "\(failed.joined(separator: "\n"))")
    #expect(passed >= 18)
  }

  /// The suite's inline catalog as an ``AgentCatalog``: each component's properties (besides
  /// `component`) as a shape; a `child` string is a child reference and `children` a child
  /// list, the names by which the A2UI SDK finds references in these test catalogs.
  static func catalog(_ schema: JSONObject) -> AgentCatalog {
    var kinds: [AgentKind] = []
    for member in schema["components"]?.objectValue ?? JSONObject() {
      var properties: [String: ShapeProperty] = [:]
      let definition = member.value.objectValue ?? JSONObject()
      var required = Set(definition["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      var members = definition["properties"]?.objectValue?.members ?? []
      for part in definition["allOf"]?.arrayValue ?? [] {
        members += part.objectValue?["properties"]?.objectValue?.members ?? []
        required.formUnion(
          part.objectValue?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      }
      for property in members where property.key != "component" {
        let node: ShapeNode
        switch property.key {
        case "child": node = .component
        case "children": node = .array(.component)
        default: node = shape(property.value)
        }
        properties[property.key] = ShapeProperty(node, required: required.contains(property.key))
      }
      kinds.append(
        AgentKind(
          kind: member.key, category: "", description: "", deprecated: false, sample: .null,
          shape: Shape(root: .object(ShapeObject(properties: properties))), inferredFrom: 0))
    }
    return AgentCatalog(revision: 1, kinds: kinds)
  }

  static func shape(_ schema: JSONValue) -> ShapeNode {
    guard let object = schema.objectValue else { return .any }
    switch object["type"]?.stringValue {
    case "string"?: return .string(.plain)
    case "number"?: return .number(.double)
    case "integer"?: return .integer(nil)
    case "boolean"?: return .boolean
    case "array"?: return .array(object["items"].map(shape) ?? .any)
    case "object"?:
      let required = Set(object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      var properties: [String: ShapeProperty] = [:]
      for member in object["properties"]?.objectValue ?? JSONObject() {
        properties[member.key] = ShapeProperty(
          shape(member.value), required: required.contains(member.key))
      }
      return .object(ShapeObject(properties: properties))
    default: return .unknown("not in the subset")
    }
  }
}

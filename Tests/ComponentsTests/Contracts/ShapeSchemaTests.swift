import Components
import Foundation
import Testing

@Suite("Shape schemas")
struct ShapeSchemaTests {
  let registry = makeContractRegistry()

  @Test("every recorded schema reads back to the same shape and writes the same bytes")
  func roundTrip() throws {
    let contract = registry.contract(app: "test", version: "1")
    for (kind, shape) in contract.kinds {
      let read = try Shape(schema: shape.schema)
      #expect(read == shape, "\(kind)")
      #expect(read.schemaBytes == shape.schemaBytes, "\(kind)")
    }
  }

  @Test("recording twice gives the same bytes")
  func deterministic() {
    let first = registry.contract(app: "a", version: "1").canonicalBytes
    let second = makeContractRegistry().contract(app: "a", version: "1").canonicalBytes
    #expect(first == second)
  }

  @Test("what the subset cannot say is a located error, every problem reported")
  func outsideSubset() throws {
    let schema = try JSONValue(
      parsing: #"""
        {"type": "object", "properties": {"a": {"type": "string", "pattern": "x"},
         "b": {"oneOf": []}, "c": {"type": "integer", "minimum": 3}, "d": {"$ref": "#/$defs/Nope"},
         "e": false}, "additionalProperties": {"type": ["string", "number"]}}
        """#)
    let error = try #require(throws: ShapeSchemaError.self) { try Shape(schema: schema) }
    #expect(
      error.problems.map(\.description).sorted() == [
        "/additionalProperties/type: type must be one of string, boolean, integer, number, array, object, alone or with \"null\"",
        "/properties/a/pattern: keyword \"pattern\" is outside the subset",
        "/properties/b/oneOf: keyword \"oneOf\" is outside the subset",
        "/properties/b: a schema must have \"type\", \"enum\", \"$ref\" or \"x-unknown\"",
        "/properties/c: minimum and maximum must be the range of a fixed-width integer type (Int8 … UInt64)",
        "/properties/d/$ref: $ref names \"Nope\", which $defs does not define",
        "/properties/e: a schema must be an object or true, found boolean",
      ])
    #expect(error.problems.count == 7)
    #expect(error.problems.contains { $0.pointer == JSONPointer(["properties", "a", "pattern"]) })
    #expect(error.problems.contains { $0.pointer == JSONPointer(["properties", "e"]) })
  }

  @Test("a foreign dialect is refused")
  func dialect() throws {
    let schema: JSONValue = [
      "$schema": "http://json-schema.org/draft-07/schema#", "type": "string",
    ]
    let error = try #require(throws: ShapeSchemaError.self) { try Shape(schema: schema) }
    #expect(
      error.description
        == "/$schema: the dialect must be \"https://json-schema.org/draft/2020-12/schema\"")
  }

  @Test("messages name the pointer, what the app decodes and what is there")
  func messages() throws {
    let contract = registry.contract(app: "ios", version: "5.2.0")
    #expect(
      contract.validate(
        kind: "integers",
        payload: [
          "count": jsonNumber("1.5"), "small": 300, "port": -1, "offset": 0,
          "big": 1,
        ]
      )
      .map(\.message) == [
        "/count: decodes an integer, found 1.5",
        "/port: decodes an integer from 0 to 65535, found -1",
        "/small: decodes an integer from -128 to 127, found 300",
      ])
    #expect(
      contract.validate(kind: "plain", payload: ["title": "A", "isActive": "yes"]).map(\.message)
        == [
          "/isActive: decodes a boolean, found \"yes\"",
          "/subtitle: decodes a string, found no member",
        ])
    #expect(
      contract.validate(kind: "aligned", payload: ["alignment": "middle"]).map(\.message) == [
        "/alignment: decodes one of \"leading\", \"center\", \"trailing\", found \"middle\""
      ])
    #expect(
      contract.validate(kind: "nullable", payload: ["color": nil]).isEmpty)
    #expect(
      contract.validate(kind: "nullable", payload: [:]).map(\.message) == [
        "/color: decodes a string, found no member"
      ])
    #expect(
      contract.validate(
        kind: "column", payload: ["spacing": 1, "children": [["kind": "nope", "payload": [:]]]]
      )
      .map(\.message) == ["/children/0/kind: decodes a registered kind, found \"nope\""])
    #expect(
      contract.validate(kind: "nope", payload: [:]).map(\.message) == [
        "/: decodes a registered kind, found kind \"nope\""
      ])
  }
}

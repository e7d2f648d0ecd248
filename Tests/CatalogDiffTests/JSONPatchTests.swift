import CatalogDiff
import Components
import Testing

/// The patch engine's decoding, errors, encoding and the RFC 6902 corners the conformance
/// suite leaves out.
@Suite("JSON Patch engine")
struct JSONPatchTests {
  private func apply(_ patch: String, to document: String) throws -> JSONValue {
    try JSONPatch(decoding: JSONValue(parsing: patch)).apply(to: JSONValue(parsing: document))
  }

  /// The error of applying `patch` to `document`, which must fail.
  private func failure(_ patch: String, on document: String) throws -> JSONPatchError? {
    let patchValue = try JSONValue(parsing: patch)
    let documentValue = try JSONValue(parsing: document)
    do {
      _ = try JSONPatch(decoding: patchValue).apply(to: documentValue)
      return nil
    } catch {
      return error
    }
  }

  @Test func failingOperationIsNamedWithIndexOpAndPath() throws {
    let entries = (0..<8).map { #"{"kind":"k\#($0)","payload":{}}"# }.joined(separator: ",")
    let document = #"{"components":[\#(entries)]}"#
    let patch = #"""
      [{"op": "test", "path": "/components/7/kind", "value": "k7"},
       {"op": "add", "path": "/components/7/payload/y", "value": 1},
       {"op": "remove", "path": "/components/7/payload/y"},
       {"op": "replace", "path": "/components/7/payload/x", "value": 2}]
      """#
    let error = try #require(try failure(patch, on: document))
    #expect(error.index == 3)
    #expect(error.op == "replace")
    #expect(error.path == "/components/7/payload/x")
    #expect(error.code == .pathNotFound)
    #expect(
      error.description == "operation 3 (replace /components/7/payload/x): path does not exist")
  }

  @Test(arguments: [
    (
      #"[{"op": "move", "from": 3, "path": "/a"}]"#, "{}",
      #"operation 0 (move /a): "from" must be a string, found a number"#,
      JSONPatchError.Code.malformedOperation
    ),
    (#"[{"path": "/a", "value": 1}]"#, "{}", "operation 0: missing \"op\"", .malformedOperation),
    (
      #"[{"op": 1, "path": "/a"}]"#, "{}", #"operation 0: "op" must be a string, found a number"#,
      .malformedOperation
    ),
    (
      #"[{"op": "spam", "path": "/a"}]"#, "{}",
      #"operation 0 (spam /a): unknown operation "spam"; expected add, remove, replace, move, copy or test"#,
      .unknownOperation
    ),
    (
      #"[{"op": "add", "value": 1}]"#, "{}", #"operation 0 (add): missing "path""#,
      .malformedOperation
    ),
    (
      #"[{"op": "add", "path": null, "value": 1}]"#, "{}",
      #"operation 0 (add): "path" must be a string, found null"#, .malformedOperation
    ),
    (
      #"[{"op": "add", "path": "a", "value": 1}]"#, "{}",
      #"operation 0 (add a): "path" is not a JSON Pointer: must start with '/'"#, .invalidPointer
    ),
    (
      #"[{"op": "add", "path": "/a~2", "value": 1}]"#, "{}",
      #"operation 0 (add /a~2): "path" is not a JSON Pointer: '~' must be followed by '0' or '1'"#,
      .invalidPointer
    ),
    (
      #"[{"op": "replace", "path": "/a"}]"#, "{}", #"operation 0 (replace /a): missing "value""#,
      .malformedOperation
    ),
    (
      #"[{"op": "copy", "path": "/a"}]"#, "{}", #"operation 0 (copy /a): missing "from""#,
      .malformedOperation
    ),
    (
      #"[{"op": "test", "path": "/a", "value": 1}, 7]"#, #"{"a": 1}"#,
      "operation 1: expected an operation object, found a number", .malformedOperation
    ),
    (#"{"op": "add"}"#, "{}", "", .notAnArray),
  ])
  func malformedOperations(
    patch: String, document: String, description: String, code: JSONPatchError.Code
  ) throws {
    let error = try #require(try failure(patch, on: document))
    #expect(error.code == code)
    if code == .notAnArray {
      #expect(error.index == nil)
      #expect(
        error.description == "invalid patch: expected an array of operations, found an object")
    } else {
      #expect(error.description == description)
    }
  }

  @Test(arguments: [
    (
      #"[{"op": "test", "path": "/01", "value": 1}]"#, "[0, 1]",
      "operation 0 (test /01): '01' is not an array index: leading zeros are not allowed",
      JSONPatchError.Code.invalidIndex
    ),
    (
      #"[{"op": "remove", "path": "/1e0"}]"#, "[0, 1]",
      "operation 0 (remove /1e0): '1e0' is not an array index", .invalidIndex
    ),
    (
      #"[{"op": "remove", "path": "/-"}]"#, "[0, 1]",
      "operation 0 (remove /-): path does not exist: '-' names the position after the last element",
      .pathNotFound
    ),
    (
      #"[{"op": "add", "path": "/3", "value": 9}]"#, "[0, 1]",
      "operation 0 (add /3): path does not exist: index 3 is past the end of an array of 2 elements",
      .pathNotFound
    ),
    (
      #"[{"op": "replace", "path": "/2", "value": 9}]"#, "[0, 1]",
      "operation 0 (replace /2): path does not exist: index 2 is past the end of an array of 2 elements",
      .pathNotFound
    ),
    (
      #"[{"op": "add", "path": "/a/b", "value": 9}]"#, #"{"a": "text"}"#,
      "operation 0 (add /a/b): cannot add to a string: the parent must be an object or an array",
      .notAContainer
    ),
    (
      #"[{"op": "add", "path": "/a/b/c", "value": 9}]"#, #"{"a": {}}"#,
      "operation 0 (add /a/b/c): path does not exist", .pathNotFound
    ),
    (
      #"[{"op": "move", "from": "/a", "path": "/a/b"}]"#, #"{"a": {}}"#,
      "operation 0 (move /a/b): cannot move a value into one of its own children", .moveIntoChild
    ),
    (
      #"[{"op": "move", "from": "/x", "path": "/y"}]"#, #"{"a": 1}"#,
      "operation 0 (move /y): from location does not exist", .fromNotFound
    ),
    (
      #"[{"op": "remove", "path": ""}]"#, #"{"a": 1}"#,
      #"operation 0 (remove ""): cannot remove the whole document"#, .removeRoot
    ),
    (
      #"[{"op": "test", "path": "/a", "value": [1, 2]}]"#, #"{"a": [1, 2, 3]}"#,
      "operation 0 (test /a): test failed: found [1,2,3], expected [1,2]", .testFailed
    ),
  ])
  func failingOperations(
    patch: String, document: String, description: String, code: JSONPatchError.Code
  ) throws {
    let error = try #require(try failure(patch, on: document))
    #expect(error.code == code)
    #expect(error.description == description)
  }

  @Test func allOrNothing() throws {
    let document: JSONValue = ["a": 1, "list": [1, 2]]
    let patch = JSONPatch([
      .add(path: JSONPointer(["b"]), value: 2),
      .remove(path: JSONPointer(["list", "0"])),
      .remove(path: JSONPointer(["missing"])),
    ])
    #expect(throws: JSONPatchError.self) { try patch.apply(to: document) }
    #expect(document == ["a": 1, "list": [1, 2]])
    #expect(
      try JSONPatch(Array(patch.operations.prefix(2))).apply(to: document) == [
        "a": 1, "list": [2], "b": 2,
      ])
  }

  @Test func addToAnExistingMemberReplacesItInPlace() throws {
    let result = try apply(#"[{"op": "add", "path": "/a", "value": 3}]"#, to: #"{"a": 1, "b": 2}"#)
    #expect(result.canonicalText == #"{"a":3,"b":2}"#)
  }

  @Test func moveWithinAnArrayUsesTheIndexAfterRemoval() throws {
    let result = try apply(
      #"[{"op": "move", "from": "/0", "path": "/2"}]"#, to: #"["a","b","c","d"]"#)
    #expect(result == ["b", "c", "a", "d"])
    let back = try apply(
      #"[{"op": "move", "from": "/3", "path": "/0"}]"#, to: #"["a","b","c","d"]"#)
    #expect(back == ["d", "a", "b", "c"])
  }

  @Test func moveToItselfKeepsMemberOrder() throws {
    let result = try apply(
      #"[{"op": "move", "from": "/a", "path": "/a"}]"#, to: #"{"a": 1, "b": 2}"#)
    #expect(result.canonicalText == #"{"a":1,"b":2}"#)
  }

  @Test func copyIsIndependentOfItsSource() throws {
    let result = try apply(
      #"[{"op": "copy", "from": "/a", "path": "/b"}, {"op": "add", "path": "/b/-", "value": 2}]"#,
      to: #"{"a": [1]}"#)
    #expect(result.canonicalText == #"{"a":[1],"b":[1,2]}"#)
  }

  @Test func testComparesAsJSON() throws {
    let result = try apply(
      #"[{"op": "test", "path": "", "value": {"b": [1.0, {"y": 2, "x": 1}], "a": 10e-1}}]"#,
      to: #"{"a": 1, "b": [1, {"x": 1, "y": 2}]}"#)
    #expect(result.canonicalText == #"{"a":1,"b":[1,{"x":1,"y":2}]}"#)
  }

  @Test func pointerTokensAreEscapedAndUnescaped() throws {
    let patch = JSONPatch([.add(path: JSONPointer(["a/b", "m~n"]), value: true)])
    #expect(patch.text == "[\n  {\"op\":\"add\",\"path\":\"/a~1b/m~0n\",\"value\":true}\n]\n")
    #expect(try patch.apply(to: ["a/b": [:]]).canonicalText == #"{"a/b":{"m~n":true}}"#)
  }

  @Test func encodingWritesMembersInRFCOrderAndRoundTrips() throws {
    let patch = JSONPatch([
      .test(path: JSONPointer(["a"]), value: nil),
      .move(from: JSONPointer(["a"]), path: JSONPointer(["b"])),
      .copy(from: JSONPointer(["b"]), path: JSONPointer(["c"])),
      .replace(path: JSONPointer(["c"]), value: ["x": 1]),
      .remove(path: JSONPointer(["b"])),
      .add(path: .root, value: []),
    ])
    #expect(
      patch.text == """
        [
          {"op":"test","path":"/a","value":null},
          {"op":"move","from":"/a","path":"/b"},
          {"op":"copy","from":"/b","path":"/c"},
          {"op":"replace","path":"/c","value":{"x":1}},
          {"op":"remove","path":"/b"},
          {"op":"add","path":"","value":[]}
        ]

        """)
    #expect(try JSONPatch(decoding: patch.jsonValue) == patch)
    #expect(try JSONPatch(decoding: JSONValue(parsing: patch.text)) == patch)
    #expect(JSONPatch().text == "[]\n")
  }

  /// Unknown members are ignored, as RFC 6902 requires; known ones may not repeat.
  @Test func unknownMembersAreIgnoredAndDuplicatesRejected() throws {
    let result = try apply(#"[{"op": "add", "path": "/a", "value": 1, "note": "x"}]"#, to: "{}")
    #expect(result == ["a": 1])
    let duplicated = JSONValue.array([
      .object(
        JSONObject([
          .init(key: "op", value: "add"), .init(key: "path", value: "/a"),
          .init(key: "value", value: 1), .init(key: "path", value: "/b"),
        ]))
    ])
    #expect(throws: JSONPatchError.self) { try JSONPatch(decoding: duplicated) }
  }

  /// Thousands of operations on a large array, applied to a new value while the original
  /// stays as it was. (Each operation changes the document in place; how long that takes is
  /// timed by `catalog-bench --only diff-model`, not here.)
  @Test func largeDocumentsArePatchedWithoutChangingTheOriginal() throws {
    let count = 50_000
    let document = JSONValue.object(
      JSONObject([
        .init(key: "components", value: .array((0..<count).map { ["n": .number(JSONNumber($0))] }))
      ]))
    var operations: [JSONPatchOperation] = []
    for i in 0..<2_000 {
      operations.append(
        .replace(path: JSONPointer(["components", String(i * 20), "n"]), value: -1))
      operations.append(.add(path: JSONPointer(["components", String(i * 20), "m"]), value: true))
    }
    let result = try JSONPatch(operations).apply(to: document)
    #expect(result[JSONPointer(["components", "20", "n"])] == -1)
    #expect(result[JSONPointer(["components", "20", "m"])] == true)
    #expect(result[JSONPointer(["components", "21", "n"])] == 21)
    #expect(document[JSONPointer(["components", "20", "n"])] == 20)
  }
}

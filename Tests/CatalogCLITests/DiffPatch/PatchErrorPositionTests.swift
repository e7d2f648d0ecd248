import Foundation
import TestSupport
import Testing

/// Every problem of `catalog patch` is located in the user's patch file: `FILE:LINE:COLUMN`
/// of the operation's member at fault (or of the operation) and its JSON Pointer in the
/// patch (`/0/path`). A result that is not a valid catalog used to be reported at a line and
/// column of the patched text, which the user never sees (issue 30, item 20).
@Suite("patch: errors point at the patch document")
struct PatchErrorPositionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// The operation, written on line 2 of the patch after two spaces.
    var operation: String
    /// Where the error is: the column of the text after this marker in the operation's line,
    /// or of the operation when nil.
    var after: String?
    var pointer: String
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "missing op", operation: #"{"path": "/x"}"#, after: nil, pointer: "/0",
      message: #"operation 0: missing "op""#),
    Case(
      name: "op not a string", operation: #"{"op": 1, "path": "/x"}"#, after: #""op": "#,
      pointer: "/0/op", message: #"operation 0: "op" must be a string, found a number"#),
    Case(
      name: "unknown op", operation: #"{"op": "swap", "path": "/x"}"#, after: #""op": "#,
      pointer: "/0/op",
      message:
        #"operation 0 (swap /x): unknown operation "swap"; expected add, remove, replace, move, copy or test"#
    ),
    Case(
      name: "duplicate member", operation: #"{"op": "remove", "path": "/a", "path": "/b"}"#,
      after: #""path": "/a", "path": "#, pointer: "/0/path",
      message: #"operation 0 (remove /a): duplicate member "path""#),
    Case(
      name: "invalid pointer", operation: #"{"op": "remove", "path": "x"}"#,
      after: #""path": "#, pointer: "/0/path",
      message:
        #"operation 0 (remove x): "path" is not a JSON Pointer: must start with '/'"#
    ),
    Case(
      name: "path not found",
      operation: #"{"op": "replace", "path": "/components/7/payload/x", "value": 1}"#,
      after: #""path": "#, pointer: "/0/path",
      message:
        "operation 0 (replace /components/7/payload/x): path does not exist: index 7 is past the end of an array of 1 element"
    ),
    Case(
      name: "from not found",
      operation:
        #"{"op": "move", "from": "/components/0/payload/y", "path": "/components/0/payload/z"}"#,
      after: #""from": "#, pointer: "/0/from",
      message: "operation 0 (move /components/0/payload/z): from location does not exist"),
    Case(
      name: "test failed",
      operation: #"{"op": "test", "path": "/components/0/payload/x", "value": 2}"#,
      after: #""value": "#, pointer: "/0/value",
      message: "operation 0 (test /components/0/payload/x): test failed: found 1, expected 2"),
    Case(
      name: "invalid index", operation: #"{"op": "remove", "path": "/components/01"}"#,
      after: #""path": "#, pointer: "/0/path",
      message:
        "operation 0 (remove /components/01): '01' is not an array index: leading zeros are not allowed"
    ),
    Case(
      name: "remove root", operation: #"{"op": "remove", "path": ""}"#, after: #""path": "#,
      pointer: "/0/path", message: #"operation 0 (remove ""): cannot remove the whole document"#),
    Case(
      name: "invalid result",
      operation: #"{"op": "replace", "path": "/components/0/kind", "value": 5}"#,
      after: #""value": "#, pointer: "/0/value",
      message:
        "the patched catalog would not be valid at /components/0/kind: expected a string, found a number"
    ),
  ]

  static let catalog =
    #"[{"kind": "tile", "category": "c", "description": "d", "payload": {"x": 1}}]"# + "\n"

  @Test(arguments: TestEngine.allCases, cases)
  func eachProblemIsLocatedInThePatch(engine: TestEngine, test: Case) throws {
    let runner = CatalogRunner(
      location: try engine.makeLocation(), environment: ["CATALOG_AUTHOR": "ann"])
    try runner.directory.write("v1.json", Self.catalog)
    try runner.run(["import", "v1.json"])
    let line = "  " + test.operation
    try runner.directory.write("patch.json", "[\n\(line)\n]\n")
    let column: Int
    if let after = test.after {
      let range = try #require(line.range(of: after))
      column = line.distance(from: line.startIndex, to: range.upperBound) + 1
    } else {
      column = 3
    }
    let result = try runner.run(["patch", "patch.json"], expect: 65)
    #expect(
      result.stderr == "patch.json:2:\(column): error: \(test.pointer): \(test.message)\n",
      "\(result)")
    #expect(try runner.run(["log", "--oneline"]).stdout.hasPrefix("1 "))
  }

  /// A patch that is not an array is located at its start; one that is not JSON where the
  /// reader stopped, as for any document.
  @Test func aDocumentThatIsNoPatchIsLocatedAtItsStart() throws {
    let runner = try CatalogRunner()
    try runner.directory.write("v1.json", Self.catalog)
    try runner.run(["import", "v1.json"])
    try runner.directory.write("patch.json", "\n  {\"op\": \"remove\", \"path\": \"/x\"}\n")
    let result = try runner.run(["patch", "patch.json"], expect: 65)
    #expect(
      result.stderr
        == "patch.json:2:3: error: not a JSON Patch: expected an array of operations, found an object\n"
    )
    try runner.directory.write("broken.json", "[\n  {\"op\": \"remove\",}\n]\n")
    let broken = try runner.run(["patch", "broken.json"], expect: 65)
    #expect(broken.stderr.hasPrefix("broken.json:2:19: error: invalid JSON: "), "\(broken)")
  }

  /// An invalid result is told at the operation that wrote there, the last one when several
  /// did, and the operation's index counts from 0 as the patch's own pointer does.
  @Test func anInvalidResultNamesTheLastOperationThatWroteThere() throws {
    let runner = try CatalogRunner()
    try runner.directory.write("v1.json", Self.catalog)
    try runner.run(["import", "v1.json"])
    try runner.directory.write(
      "patch.json",
      """
      [
        {"op": "replace", "path": "/components/0/payload/x", "value": 2},
        {"op": "add", "path": "/components/-", "value": {"kind": "tile", "category": "c", "description": "d", "payload": {}}}
      ]

      """)
    let result = try runner.run(["patch", "patch.json"], expect: 65)
    let line = #"  {"op": "add", "path": "/components/-", "value": "#
    #expect(
      result.stderr
        == "patch.json:3:\(line.count + 1): error: /1/value: the patched catalog would not be "
        + "valid at /components/1/kind: duplicate kind \"tile\": also at /components/0\n",
      "\(result)")
  }

  /// `patch --help`'s example error is exactly what patch prints for such a patch.
  @Test func theHelpsExampleIsWhatPatchPrints() throws {
    let runner = try CatalogRunner()
    try runner.directory.write(
      "v1.json",
      #"[{"kind": "a", "category": "c", "description": "d", "payload": {}}, "#
        + #"{"kind": "b", "category": "c", "description": "d", "payload": {"y": 1}}]"# + "\n")
    try runner.run(["import", "v1.json"])
    // As `diff --format json-patch` writes a patch: one compact operation a line.
    try runner.directory.write(
      "change.json",
      """
      [
        {"op":"test","path":"/components/0/kind","value":"a"},
        {"op":"test","path":"/components/1/kind","value":"b"},
        {"op":"replace","path":"/components/1/payload/y","value":2},
        {"op":"remove","path":"/components/1/x"}
      ]

      """)
    let result = try runner.run(["patch", "change.json"], expect: 65)
    let help = try runner.run(["patch", "--help"]).stdout
    let start = try #require(help.range(of: "for example '"))
    let end = try #require(help[start.upperBound...].range(of: "'"))
    let example = help[start.upperBound..<end.lowerBound]
      .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    #expect(result.stderr == example + "\n", "\(result)")
  }
}

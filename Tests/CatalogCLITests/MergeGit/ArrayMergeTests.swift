import Foundation
import TestSupport
import Testing

/// Merges of arrays of objects with ids through the built binary: each side's alignment with
/// BASE is reconciled with the other's, so that an edit lands on its own element or the merge
/// is a conflict, never a clean merge with an edit on a neighbour (issue 30, item 1).
@Suite("catalog merge: arrays of elements with ids")
struct ArrayMergeTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  init() throws {
    runner = try CatalogRunner()
  }

  static func document(_ items: [String]) -> String {
    """
    {"components": [
      {"kind": "list", "category": "Display", "description": "A list",
       "payload": {"items": [\(items.joined(separator: ", "))]}}
    ]}
    """
  }

  /// The canonical bytes of a document (`catalog git textconv`, the export format).
  func canonical(_ items: [String]) throws -> String {
    try canonicalForm(Self.document(items))
  }

  /// `text` in the export format: the merge writes OURS' style, compared here by its catalog.
  func canonicalForm(_ text: String) throws -> String {
    try directory.write("expected.json", text)
    return try runner.run(["git", "textconv", "expected.json"]).stdout
  }

  /// Ours edits `b.v`; theirs inserts `x` before `b` and adds `b.w`. Lined up alone, theirs
  /// looked like "`b` became `x`, then a new `b`", and `b`'s edit landed on `x`.
  @Test func anEditAndAnInsertionBeforeTheEditedElement() throws {
    try directory.write(
      "base.json", Self.document([#"{"id": "a"}"#, #"{"id": "b", "v": 1}"#, #"{"id": "c"}"#]))
    try directory.write(
      "ours.json", Self.document([#"{"id": "a"}"#, #"{"id": "b", "v": 2}"#, #"{"id": "c"}"#]))
    try directory.write(
      "theirs.json",
      Self.document([
        #"{"id": "a"}"#, #"{"id": "x", "v": 1}"#, #"{"id": "b", "v": 1, "w": 1}"#, #"{"id": "c"}"#,
      ]))
    let merged = try runner.run(["merge", "base.json", "ours.json", "theirs.json"], expect: 0)
    #expect(merged.stderr == "")
    #expect(
      try canonicalForm(merged.stdout)
        == (try canonical([
          #"{"id": "a"}"#, #"{"id": "x", "v": 1}"#, #"{"id": "b", "v": 2, "w": 1}"#,
          #"{"id": "c"}"#,
        ])))
  }

  /// Ours removes `b` and edits `c`; theirs edits `b`: a removal against an edit, not `b`'s
  /// edit landing on `c`.
  @Test func aRemovalAgainstAnEditConflicts() throws {
    try directory.write(
      "base.json",
      Self.document([
        #"{"id": "a"}"#, #"{"id": "b", "v": 1}"#, #"{"id": "c", "v": 1}"#, #"{"id": "d"}"#,
      ]))
    try directory.write(
      "ours.json", Self.document([#"{"id": "a"}"#, #"{"id": "c", "v": 2}"#, #"{"id": "d"}"#]))
    try directory.write(
      "theirs.json",
      Self.document([
        #"{"id": "a"}"#, #"{"id": "b", "v": 3}"#, #"{"id": "c", "v": 1}"#, #"{"id": "d"}"#,
      ]))
    let merged = try runner.run(
      ["merge", "base.json", "ours.json", "theirs.json", "-o", "out.json"], expect: 1)
    #expect(
      merged.stderr
        == #"out.json:8: conflict: /components/0/payload/items/1: ours (removed), theirs "#
        + #"{"id":"b","v":3}"# + "\n")
    try runner.run(["check", "out.json"], expect: 65)
    // The array is marked; ours' edit of c is on both sides of the markers, theirs' of b on
    // theirs only.
    let text = String(decoding: try directory.read("out.json"), as: UTF8.self)
    #expect(text.components(separatedBy: "\"v\": 2").count == 3, "\(text)")
    #expect(text.components(separatedBy: "\"v\": 3").count == 2, "\(text)")
  }

  /// Past the alignment's dynamic-programming budget (2,500 elements on each side, changed at
  /// both ends), an insertion at the front no longer shifts every element onto its neighbour.
  @Test func aLongArrayWithAnInsertionAtTheFront() throws {
    let count = 2500
    func items(_ edit: (Int) -> String?) -> [String] {
      (0..<count).map { edit($0) ?? #"{"id": "e\#($0)", "n": 0}"# }
    }
    try directory.write("base.json", Self.document(items { _ in nil }))
    try directory.write(
      "ours.json", Self.document(items { $0 == 1000 ? #"{"id": "e1000", "n": 1}"# : nil }))
    try directory.write(
      "theirs.json",
      Self.document([#"{"id": "new", "n": 0}"#] + items { _ in nil } + [#"{"id": "end"}"#]))
    let merged = try runner.run(["merge", "base.json", "ours.json", "theirs.json"], expect: 0)
    #expect(
      try canonicalForm(merged.stdout)
        == (try canonical(
          [#"{"id": "new", "n": 0}"#] + items { $0 == 1000 ? #"{"id": "e1000", "n": 1}"# : nil }
            + [#"{"id": "end"}"#])))
    // The diff lines them up the same way: two elements added, nothing else.
    let diff = try runner.run(["diff", "base.json", "theirs.json", "--format", "json"], expect: 1)
    #expect(diff.stdout.components(separatedBy: "ELEMENT_ADDED").count == 3)
    #expect(!diff.stdout.contains("VALUE_CHANGED"))
  }

  /// `catalog revert` runs the same merge: undoing revision 2 (b.v 1 → 2) after revision 3
  /// inserted `x` (whose `v` is 2 too) before `b` and added `b.w` puts `v` back on `b`, not on
  /// `x`; on both engines.
  @Test(arguments: TestEngine.allCases)
  func revertFindsTheEditedElementBehindAnInsertion(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let session = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try session.directory.write(
      "v1.json",
      Self.document([#"{"id": "a"}"#, #"{"id": "b", "v": 1}"#, #"{"id": "c"}"#]))
    try session.run(["import", "v1.json", "-m", "first"])
    try session.directory.write(
      "p2.json", #"[{"op": "replace", "path": "/components/0/payload/items/1/v", "value": 2}]"#)
    try session.run(["patch", "p2.json"])
    try session.directory.write(
      "p3.json",
      """
      [{"op": "add", "path": "/components/0/payload/items/1", "value": {"id": "x", "v": 2}},
       {"op": "add", "path": "/components/0/payload/items/2/w", "value": 1}]
      """)
    try session.run(["patch", "p3.json"])
    #expect(
      try session.run(["revert", "2"]).stdout == "revision 4: 0 added, 1 changed, 0 removed\n")
    try session.directory.write(
      "expected.json",
      Self.document([
        #"{"id": "a"}"#, #"{"id": "x", "v": 2}"#, #"{"id": "b", "v": 1, "w": 1}"#, #"{"id": "c"}"#,
      ]))
    try session.run(["diff", "@head", "expected.json"], expect: 0)
  }
}

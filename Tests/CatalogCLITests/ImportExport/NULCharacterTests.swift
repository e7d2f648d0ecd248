import Foundation
import TestSupport
import Testing

/// U+0000, one rule on both engines: refused at input with a located message and exit 65
/// (PostgreSQL's text cannot hold it), and a SQLite catalog written before the rule that
/// holds one is refused by `copy` before anything is written.
@Suite struct NULCharacterTests {
  /// A document with U+0000 in one place, and the pointer and position of the message.
  static let placements: [(document: String, pointer: String, position: String)] = [
    (
      #"{"kind": "a\u0000b", "category": "C", "description": "", "payload": {}}"#,
      "/components/0/kind", "2:12"
    ),
    (
      #"{"kind": "a", "category": "\u0000", "description": "", "payload": {}}"#,
      "/components/0/category", "2:28"
    ),
    (
      #"{"kind": "a", "category": "C", "description": "x\u0000", "payload": {}}"#,
      "/components/0/description", "2:49"
    ),
    (
      #"{"kind": "a", "category": "C", "description": "", "payload": {"t": ["\u0000"]}}"#,
      "/components/0/payload/t/0", "2:70"
    ),
    (
      #"{"kind": "a", "category": "C", "description": "", "payload": {"k\u0000": 1}}"#,
      "/components/0/payload", "2:65"
    ),
  ]

  static func document(_ entry: String) -> String {
    "{\"components\": [\n" + entry + "\n]}\n"
  }

  @Test(arguments: TestEngine.allCases)
  func inputHoldingNULIsRefusedWhereItIs(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    try runner.directory.write(
      "ok.json", Self.document(#"{"kind": "a", "category": "C", "description": "", "payload": {}}"#)
    )
    try runner.run(["import", "ok.json"], expect: 0)
    let before = try runner.run(["export"], expect: 0).stdoutBytes
    for placement in Self.placements {
      try runner.directory.write("bad.json", Self.document(placement.document))
      for command in [["import", "bad.json"], ["check", "bad.json"]] {
        let result = try runner.run(command, expect: 65)
        #expect(
          result.stderr.contains(
            "bad.json:\(placement.position): error: \(placement.pointer): string holds U+0000 "
              + "(\\u0000), which a catalog cannot store"), "\(command): \(result)")
      }
    }
    try runner.directory.write(
      "patch.json", #"[{"op": "replace", "path": "/components/0/description", "value": "\u0000"}]"#)
    let patch = try runner.run(["patch", "patch.json"], expect: 65)
    #expect(patch.stderr.contains("U+0000"), "\(patch)")
    #expect(try runner.run(["export"], expect: 0).stdoutBytes == before)
    #expect(
      try runner.run(["log", "--oneline"], expect: 0).stdout.split(separator: "\n").count == 1)
  }

  /// A catalog written before the rule (made here by editing the SQLite file, as an old
  /// binary could have written it): copy names the place and writes nothing.
  @Test(arguments: TestEngine.allCases)
  func copyRefusesASourceHoldingNUL(_ destination: TestEngine) throws {
    let runner = try CatalogRunner()
    try runner.directory.write(
      "c.json",
      Self.document(
        #"{"kind": "hero", "category": "C", "description": "", "payload": {"title": "hello"}}"#))
    try runner.run(["import", "c.json"], expect: 0)
    let database = runner.directory.path("components.sqlite")
    let edit = try runCommand(
      "/usr/bin/sqlite3",
      [
        database,
        "DROP TRIGGER payload_is_append_only_update; "
          + #"UPDATE payload SET json = replace(json, 'hello', 'hel\u0000lo');"#,
      ])
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(try runner.run(["export"], expect: 0).stdout.contains(#""hel\u0000lo""#))
    let target = try destination.makeLocation(fileName: "copy.sqlite")
    let copy = try runner.run(["copy", "components.sqlite", target.text], expect: 65)
    #expect(
      copy.stderr
        == "catalog: error: revision 1, kind 'hero': /payload/title holds U+0000, which a "
        + "catalog cannot hold (PostgreSQL text cannot, and imports refuse it); nothing was "
        + "copied. Export the catalog, remove it, and import the file into a new catalog\n",
      "\(copy)")
    let after = try CatalogProcess.run(["-d", target.text, "log"], in: runner.directory)
    #expect(after.status == 66, "\(after)")
  }
}

import Foundation
import TestSupport
import Testing

/// Equality is bytes: kinds, keys and string values that differ only in Unicode
/// normalization (NFC `é`, U+00E9, against NFD `é`, U+0065 U+0301) are different everywhere,
/// and a payload whose 64-bit hash collides with the stored one is still a change.
@Suite("Equality is bytes")
struct ByteEqualityTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  init() throws {
    runner = try CatalogRunner()
  }

  /// One entry `k` with the given payload text.
  func document(payload: String, kind: String = "k") -> String {
    #"[{"kind": "\#(kind)", "category": "c", "description": "d", "payload": \#(payload)}]"#
  }

  /// Two payloads with equal 64-bit FNV-1a hashes (found in 14 CPU-seconds, issue 15):
  /// import, import --dry-run, restore and patch all see the change, and the bytes land.
  @Test func aPayloadWhoseHashCollidesIsAChange() throws {
    let a = document(payload: #"{"x":"1d587ab38f06be6f"}"#)
    let b = document(payload: #"{"x":"b15fbd8e4d2b3796"}"#)
    try directory.write("a.json", a)
    try directory.write("b.json", b)
    try runner.run(["import", "a.json"], expect: 0)
    let dryRun = try runner.run(["import", "b.json", "--dry-run"], expect: 0)
    #expect(dryRun.stdout.hasPrefix("dry run: would write revision 2: 0 added, 1 changed"))
    #expect(
      try runner.run(["import", "b.json"], expect: 0).stdout.hasPrefix(
        "revision 2: 0 added, 1 changed"))
    #expect(try runner.run(["export"], expect: 0).stdout.contains("b15fbd8e4d2b3796"))
    #expect(
      try runner.run(["restore", "1"], expect: 0).stdout.hasPrefix("revision 3: 0 added, 1 changed")
    )
    #expect(try runner.run(["export"], expect: 0).stdout.contains("1d587ab38f06be6f"))
    try directory.write(
      "p.json",
      #"[{"op": "replace", "path": "/components/0/payload/x", "value": "b15fbd8e4d2b3796"}]"#)
    #expect(
      try runner.run(["patch", "p.json"], expect: 0).stdout.hasPrefix(
        "revision 4: 0 added, 1 changed"))
    #expect(try runner.run(["export"], expect: 0).stdout.contains("b15fbd8e4d2b3796"))
    // The same text again is no change.
    try runner.run(["import", "b.json"], expect: 0)
    #expect(try runner.run(["log", "--limit", "1"], expect: 0).stdout.hasPrefix("revision 4\n"))
  }

  /// `diff` (text and json-patch) sees a string value re-spelled in NFD.
  @Test func diffSeesANormalizationChange() throws {
    try directory.write("nfc.json", document(payload: #"{"s": "\u00e9"}"#))
    try directory.write("nfd.json", document(payload: #"{"s": "e\u0301"}"#))
    let text = try runner.run(["diff", "nfc.json", "nfd.json"], expect: 1).stdout
    #expect(
      Array(text.utf8)
        == Array("~ k\n  /payload/s: \"\u{E9}\" → \"e\u{301}\"  [value: VALUE_CHANGED]\n".utf8))
    let patch = try runner.run(
      ["diff", "nfc.json", "nfd.json", "--format", "json-patch"], expect: 1)
    #expect(containsBytes(patch.stdout, #""value": "e\#u{301}""#))
    try runner.run(["diff", "nfc.json", "nfc.json"], expect: 0)
    // Kinds too: an NFD kind is another kind.
    try directory.write("kind-nfc.json", document(payload: "{}", kind: "\\u00e9"))
    try directory.write("kind-nfd.json", document(payload: "{}", kind: "e\\u0301"))
    let kinds = try runner.run(["diff", "kind-nfc.json", "kind-nfd.json"], expect: 1).stdout
    // Compared as bytes, and listed in byte order ("e" is 0x65, "é" starts with 0xC3).
    #expect(
      Array(kinds.utf8)
        == Array("+ e\u{301}  [additive: ENTRY_ADDED]\n- \u{E9}  [breaking: ENTRY_REMOVED]\n".utf8))
  }

  /// With both spellings of a key in one object, `patch` changes the one named, `test`
  /// compares bytes, and `log`, `blame` and `show` keep the two apart.
  @Test func bothSpellingsOfAKeyInOneObject() throws {
    try directory.write(
      "one.json", document(payload: #"{"\u00e9": 1, "e\u0301": 2, "s": "\u00e9"}"#))
    try directory.write(
      "two.json", document(payload: #"{"\u00e9": 1, "e\u0301": 2, "s": "e\u0301"}"#))
    try runner.run(["import", "one.json"], expect: 0)
    try runner.run(["import", "two.json"], expect: 0)
    let log = try runner.run(["log", "k"], expect: 0).stdout
    #expect(log.contains("Change:  changed /payload/s\n"))
    let blame = try runner.run(["blame", "k", "--format", "json"], expect: 0).stdout
    let lines = try #require(
      try JSONSerialization.jsonObject(with: Data(blame.utf8)) as? [[String: Any]])
    let revisions = Dictionary(
      lines.map { (Array(($0["path"] as? String ?? "").utf8), $0["revision"] as? Int ?? 0) },
      uniquingKeysWith: { a, _ in a })
    #expect(revisions[Array("/payload/\u{E9}".utf8)] == 1)
    #expect(revisions[Array("/payload/e\u{301}".utf8)] == 1)
    #expect(revisions[Array("/payload/s".utf8)] == 2)

    // `test` of the NFC value against the stored NFD one fails; nothing is written.
    try directory.write(
      "test.json", #"[{"op": "test", "path": "/components/0/payload/s", "value": "\u00e9"}]"#)
    let failed = try runner.run(["patch", "test.json"], expect: 65)
    #expect(failed.stderr.contains("test failed"))
    // `replace` of the NFD key changes that key only.
    try directory.write(
      "replace.json",
      #"[{"op": "test", "path": "/components/0/payload/s", "value": "e\u0301"}, "#
        + #"{"op": "replace", "path": "/components/0/payload/e\u0301", "value": 3}]"#)
    try runner.run(["patch", "replace.json"], expect: 0)
    let shown = try runner.run(["show", "k"], expect: 0).stdout
    #expect(containsBytes(shown, "\"\u{E9}\": 1,\n"))
    #expect(containsBytes(shown, "\"e\u{301}\": 3,\n"))
  }

  /// `show`, `rename` and friends take a kind by its bytes; renaming a kind to its other
  /// spelling is a rename, and a name equal up to normalization to another kind is refused.
  @Test func kindsAreNamedByBytes() throws {
    try directory.write(
      "kinds.json",
      #"[{"kind": "caf\u00e9", "category": "c", "description": "d", "payload": {}},"#
        + #" {"kind": "other", "category": "c", "description": "d", "payload": {}}]"#)
    try runner.run(["import", "kinds.json"], expect: 0)
    let unknown = try runner.run(["show", "cafe\u{301}"], expect: 65)
    #expect(containsBytes(unknown.stderr, "\"cafe\u{301}\""))
    try runner.run(["show", "caf\u{E9}"], expect: 0)
    let renamed = try runner.run(["rename", "caf\u{E9}", "cafe\u{301}"], expect: 0)
    #expect(renamed.stdout.hasPrefix("revision 2: "))
    try runner.run(["show", "cafe\u{301}"], expect: 0)
    let refused = try runner.run(["rename", "other", "caf\u{E9}"], expect: 65)
    #expect(refused.stderr.contains("that kind already exists"))
  }

  /// JSON Patch `test` compares numbers by their exact decimal value: beyond Double's range
  /// and past its precision, while `1.0`, `1` and `10e-1` stay equal (RFC 6902).
  @Test func testComparesNumbersExactly() throws {
    try directory.write(
      "n.json",
      document(payload: #"{"big": 1e400, "long": 123456789012345678901234567890, "one": 1.0}"#))
    try runner.run(["import", "n.json"], expect: 0)
    func test(_ path: String, _ value: String) throws -> Int32 {
      try directory.write(
        "t.json",
        #"[{"op": "test", "path": "/components/0/payload/\#(path)", "value": \#(value)}]"#)
      return try CatalogProcess.run(["patch", "t.json"], in: directory).status
    }
    #expect(try test("big", "1e401") == 65)
    #expect(try test("big", "1e400") == 0)
    #expect(try test("big", "10E399") == 0)
    #expect(try test("long", "123456789012345678901234567891") == 65)
    #expect(try test("long", "123456789012345678901234567890") == 0)
    #expect(try test("long", "1.23456789012345678901234567890e29") == 0)
    #expect(try test("one", "1") == 0)
    #expect(try test("one", "10e-1") == 0)
    #expect(try test("one", "1.0000000000000000000001") == 65)
  }
}

/// Whether `text` holds `part` byte for byte (String's `contains` uses canonical equivalence).
func containsBytes(_ text: String, _ part: String) -> Bool {
  Array(text.utf8).firstRange(of: Array(part.utf8)) != nil
}

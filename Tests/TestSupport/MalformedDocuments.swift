import Foundation

/// Components documents that must be rejected, each with the exact diagnostics a user sees.
///
/// Shared by the reader's tests (ComponentsTests) and the command-line tests (CatalogCLITests),
/// which import every case into a catalog and check that nothing was written. Each expected
/// line is a diagnostic without the file name: `LINE:COLUMN: error: …`.
public enum MalformedDocuments {
  public struct Case: Sendable, CustomStringConvertible {
    public var name: String
    public var bytes: [UInt8]
    public var expected: [String]

    public var description: String { name }
    /// The file name the command-line tests write the case to.
    public var fileName: String { "\(name).json" }
  }

  /// A one-line entry with the given members written after `"kind": "tile"` (or instead of
  /// the standard members, when `members` is given whole).
  static func document(_ entries: String...) -> [UInt8] {
    Array("{\"components\": [\n\(entries.joined(separator: ",\n"))\n]}\n".utf8)
  }

  static let valid =
    #"  {"kind": "tile", "category": "Display", "description": "A tile", "payload": {}}"#

  static func text(_ name: String, _ text: String, _ expected: String...) -> Case {
    Case(name: name, bytes: Array(text.utf8), expected: expected)
  }

  static func bytes(_ name: String, _ bytes: [UInt8], _ expected: String...) -> Case {
    Case(name: name, bytes: bytes, expected: expected)
  }

  /// Every case, in a stable order.
  public static var all: [Case] {
    structure + entries + encoding + truncation
  }

  /// The shape of the document around the entries.
  public static let structure: [Case] = [
    text(
      "top-level-string", #""components""#,
      #"1:1: error: expected an object with "components" or an array of entries, found a string"#),
    text(
      "top-level-number", "42\n",
      #"1:1: error: expected an object with "components" or an array of entries, found a number"#),
    text(
      "top-level-null", "null",
      #"1:1: error: expected an object with "components" or an array of entries, found a null"#),
    text(
      "empty-object", "{}",
      #"1:1: error: missing "components": a catalog document is {"components": [...]} or an array of entries"#
    ),
    text(
      "components-missing", "{\n  \"items\": []\n}",
      #"1:1: error: missing "components""#),
    text(
      "top-level-member-twice", "{\n  \"version\": 1,\n  \"components\": [],\n  \"version\": 2\n}",
      #"4:3: error: /version: duplicate key "version""#),

    text(
      "components-object", #"{"components": {"kind": "tile"}}"#,
      "1:16: error: /components: expected an array of entries, found an object"),
    text(
      "components-string", #"{"components": "tile"}"#,
      "1:16: error: /components: expected an array of entries, found a string"),
    text(
      "components-twice", #"{"components": [], "components": []}"#,
      #"1:20: error: /components: duplicate key "components""#),
    text(
      "empty-file", "",
      "1:1: error: invalid JSON: the document is empty"),
    text(
      "not-json", "<html></html>",
      "1:1: error: invalid JSON: unexpected character '<'; expected a JSON value"),
    text(
      "trailing-garbage", "[]\n]",
      "2:1: error: invalid JSON: unexpected character ']' after the end of the JSON value"),
  ]

  /// Entries and their members.
  public static let entries: [Case] = [
    Case(
      name: "entry-not-object",
      bytes: document("  1", #"  "tile""#, "  null", "  []"),
      expected: [
        "2:3: error: /components/0: expected an entry object, found a number",
        "3:3: error: /components/1: expected an entry object, found a string",
        "4:3: error: /components/2: expected an entry object, found a null",
        "5:3: error: /components/3: expected an entry object, found an array",
      ]),
    Case(
      name: "entry-empty", bytes: document("  {}"),
      expected: [#"2:3: error: /components/0: missing "kind""#]),
    Case(
      name: "kind-missing",
      bytes: document(#"  {"category": "Display", "description": "A tile", "payload": {}}"#),
      expected: [#"2:3: error: /components/0: missing "kind""#]),
    Case(
      name: "kind-not-string",
      bytes: document(
        #"  {"kind": 7, "category": "Display", "description": "A tile", "payload": {}}"#),
      expected: ["2:12: error: /components/0/kind: expected a string, found a number"]),
    Case(
      name: "kind-empty",
      bytes: document(
        #"  {"kind": "", "category": "Display", "description": "A tile", "payload": {}}"#),
      expected: ["2:12: error: /components/0/kind: kind must not be empty"]),
    Case(
      name: "kind-duplicated", bytes: document(valid, valid, valid),
      expected: [
        #"3:12: error: /components/1/kind: duplicate kind "tile": also at /components/0 (line 2, column 12)"#,
        #"4:12: error: /components/2/kind: duplicate kind "tile": also at /components/0 (line 2, column 12)"#,
      ]),
    Case(
      name: "kind-duplicated-by-normalization",
      bytes: document(
        #"  {"kind": "caf\u00e9", "category": "Display", "description": "A tile", "payload": {}}"#,
        #"  {"kind": "cafe\u0301", "category": "Display", "description": "A tile", "payload": {}}"#),
      expected: [
        "3:12: error: /components/1/kind: duplicate kind \"cafe\u{301}\": also at /components/0 "
          + "(line 2, column 12), which differs only in Unicode normalization"
      ]),
    Case(
      name: "category-not-string",
      bytes: document(
        #"  {"kind": "tile", "category": ["Display"], "description": "A tile", "payload": {}}"#),
      expected: ["2:32: error: /components/0/category: expected a string, found an array"]),
    Case(
      name: "description-not-string",
      bytes: document(
        #"  {"kind": "tile", "category": "Display", "description": null, "payload": {}}"#),
      expected: ["2:58: error: /components/0/description: expected a string, found a null"]),
    Case(
      name: "payload-missing",
      bytes: document(#"  {"kind": "tile", "category": "Display", "description": "A tile"}"#),
      expected: [#"2:3: error: /components/0: missing "payload""#]),
    Case(
      name: "member-duplicated",
      bytes: document(
        #"  {"kind": "tile", "category": "Display", "description": "A tile", "payload": {}, "kind": "x"}"#
      ),
      expected: [#"2:83: error: /components/0: duplicate key "kind""#]),
    Case(
      name: "payload-duplicate-key",
      bytes: document(
        #"  {"kind": "tile", "category": "Display", "description": "A tile", "payload": {"title": "a", "title": "b"}}"#
      ),
      expected: [#"2:94: error: /components/0/payload: duplicate key "title""#]),
    Case(
      name: "payload-nested-duplicate-key",
      bytes: document(
        valid,
        #"  {"kind": "list", "category": "Display", "description": "A list", "payload": {"items": [{"id": 1, "id": 2}]}}"#
      ),
      expected: [#"3:100: error: /components/1/payload/items/0: duplicate key "id""#]),
    Case(
      name: "several-problems",
      bytes: document(
        #"  {"kind": "tile", "category": 1, "description": "A tile", "payload": {}}"#,
        #"  {"kind": "tile", "category": "Display", "description": "A tile"}"#,
        #"  {"kind": "", "category": "Display", "description": false, "payload": []}"#),
      expected: [
        "2:32: error: /components/0/category: expected a string, found a number",
        #"3:3: error: /components/1: missing "payload""#,
        #"3:12: error: /components/1/kind: duplicate kind "tile": also at /components/0 (line 2, column 12)"#,
        "4:54: error: /components/2/description: expected a string, found a boolean",
        "4:12: error: /components/2/kind: kind must not be empty",
      ]),
  ]

  /// Bytes that are not UTF-8 JSON text.
  public static let encoding: [Case] = [
    Case(
      name: "invalid-utf8",
      bytes: Array(#"[{"kind": "tile", "category": "Display", "description": "A "#.utf8) + [0xFF]
        + Array(#"", "payload": {}}]"#.utf8),
      expected: ["1:60: error: invalid JSON: invalid UTF-8: unexpected byte 0xff"]),
    Case(
      name: "overlong-utf8",
      bytes: Array(#"[{"kind": "a"#.utf8) + [0xE0, 0x80, 0xAF]
        + Array(#"", "category": "c", "description": "d", "payload": 1}]"#.utf8),
      expected: [
        "1:13: error: invalid JSON: invalid UTF-8: overlong, surrogate or out-of-range sequence starting with byte 0xe0"
      ]),
    Case(
      name: "utf16",
      bytes: [0xFF, 0xFE] + Array("[]".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
      expected: ["1:1: error: invalid JSON: unexpected byte 0xff; expected a JSON value"]),
    Case(
      name: "nul-in-string",
      bytes: Array(#"[{"kind": "ti"#.utf8) + [0]
        + Array(#"le", "category": "c", "description": "d", "payload": 1}]"#.utf8),
      expected: [
        "1:14: error: invalid JSON: unescaped control character U+0000 in string; write it as an escape"
      ]),
    Case(
      name: "nul-after-document", bytes: Array("[]\n".utf8) + [0],
      expected: [
        "2:1: error: invalid JSON: unexpected character 'U+0000' after the end of the JSON value"
      ]),
    text(
      "lone-surrogate-in-payload",
      #"[{"kind": "tile", "category": "Display", "description": "A tile", "payload": {"title": "\ud800"}}]"#,
      #"1:89: error: /0/payload/title: string holds a lone surrogate \ud800, which UTF-8 cannot represent"#
    ),
    text(
      "lone-surrogate-in-kind",
      #"[{"kind": "a\udc00", "category": "Display", "description": "A tile", "payload": {}}]"#,
      #"1:13: error: /0/kind: string holds a lone surrogate \udc00, which UTF-8 cannot represent"#),
    text(
      "lone-surrogate-in-key",
      #"[{"kind": "a", "category": "c", "description": "d", "payload": {}, "\ud83d": 1}]"#,
      #"1:69: error: /0: string holds a lone surrogate \ud83d, which UTF-8 cannot represent"#),
    text(
      "invalid-escape", #"[{"kind": "a\x41"}]"#,
      #"1:13: error: invalid JSON: invalid escape '\x' in string"#),
  ]

  /// Files that end too early.
  public static var truncation: [Case] {
    var cases: [Case] = []
    if let generated = try? Fixtures.bytes("generated-300.json") {
      // Cut inside entry 150's description: "Displa|ys …".
      cases.append(
        Case(
          name: "truncated-in-string", bytes: Array(generated.prefix(103_528)),
          expected: [
            "4240:29: error: invalid JSON: unexpected end of input in a string that starts at 4240:22"
          ]))
      cases.append(
        Case(
          name: "truncated-after-entry", bytes: Array(generated.prefix(103_445 - 12)),
          expected: ["4237:1: error: invalid JSON: unexpected end of input; expected a JSON value"])
      )
    }
    cases.append(
      text(
        "truncated-in-literal",
        #"[{"kind": "a", "category": "c", "description": "d", "payload": tr"#,
        "1:66: error: invalid JSON: unexpected end of input in 'true'"))
    cases.append(
      text(
        "truncated-in-escape", #"[{"kind": "a\u00"#,
        #"1:13: error: invalid JSON: invalid \u escape: expected four hexadecimal digits"#))
    // 10 MB of string that never ends: the message still names where it began, though the
    // reader has long dropped those bytes.
    cases.append(
      Case(
        name: "unterminated-long-string",
        bytes: Array(#"[{"kind": "tile", "category": "Display", "description": ""#.utf8)
          + [UInt8](repeating: 0x78, count: 10_000_000),
        expected: [
          "1:10000058: error: invalid JSON: unexpected end of input in a string that starts at 1:57"
        ]))
    return cases
  }
}

import Components
import Foundation
import TestSupport
import Testing

/// Bad input given to the real `catalog import`: every file is refused with a located message
/// and exit status 65, nothing crashes, and the catalog is left exactly as it was.
@Suite("Bad input")
struct BadInputTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A catalog holding generated-300.json, and its state.
  func seededCatalog() throws -> CatalogState {
    try directory.write("seed.json", try Fixtures.bytes("generated-300.json"))
    let seeded = try CatalogProcess.run(["import", "seed.json", "-m", "seed"], in: directory)
    try #require(seeded.status == 0, "\(seeded)")
    return try directory.catalogState()
  }

  static let suite = Fixtures.url("JSONTestSuite/test_parsing").path

  /// Every n_ file is invalid JSON: exit 65, every line of stderr a located error, the last one
  /// `FILE:LINE:COLUMN: error: invalid JSON: …` at the place the JSON reader names. Problems
  /// found in the valid prefix (an entry that is not an object) come first, as for any file.
  @Test func everyRejectedSuiteFileIsInvalidJSONAndChangesNothing() throws {
    let before = try seededCatalog()
    let names = try Fixtures.jsonTestSuite("n_")
    #expect(names.count == 188)
    for name in names {
      let path = "\(Self.suite)/\(name)"
      let result = try CatalogProcess.run(["import", path, "-m", "must not land"], in: directory)
      #expect(result.status == 65, "\(name): \(result)")
      #expect(result.stdout.isEmpty, "\(name)")
      let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.last == "", "\(name): stderr must end with a newline")
      for line in lines.dropLast() {
        #expect(line.hasPrefix("\(path):") && line.contains(": error: "), "\(name): \(line)")
      }
      // The syntax error is where the plain JSON reader finds it in the same bytes (the
      // wording may name the catalog's structure: "after an entry").
      let bytes = try Fixtures.bytes("JSONTestSuite/test_parsing/\(name)")
      do {
        _ = try JSONValue(parsing: bytes)
        Issue.record("\(name) parsed")
      } catch {
        let located = "\(path):\(error.position): error: invalid JSON: "
        #expect(lines.dropLast().last?.hasPrefix(located) == true, "\(name): \(result.stderr)")
      }
    }
    #expect(try directory.catalogState() == before)
    try directory.expectHealthy()
  }

  /// Every y_ file is JSON: whatever `catalog import` says about it as a catalog, it never
  /// calls it invalid JSON. None of them is a catalog with entries, so nothing is written
  /// (the catalog is seeded from a bare array, so that `[]` does not change its form).
  @Test func everyAcceptedSuiteFileIsReadWithoutASyntaxError() throws {
    guard case .object(let seed) = try JSONValue(parsing: Fixtures.bytes("generated-300.json")),
      let entries = seed["components"]
    else {
      Issue.record("generated-300.json is not {\"components\": [...]}")
      return
    }
    try directory.write("seed.json", JSONWriter.indentedBytes(entries) + [0x0A])
    let seeded = try CatalogProcess.run(["import", "seed.json", "-m", "seed"], in: directory)
    try #require(seeded.status == 0, "\(seeded)")
    let before = try directory.catalogState()
    let names = try Fixtures.jsonTestSuite("y_")
    #expect(names.count == 95)
    for name in names {
      let result = try CatalogProcess.run(["import", "\(Self.suite)/\(name)"], in: directory)
      #expect(!result.stderr.contains("invalid JSON"), "\(name): \(result)")
      #expect(result.status == 65 || result.status == 0, "\(name): \(result)")
      if result.status == 0 {
        // Only `[]` is a catalog: an empty one, which keeps every kind.
        #expect(result.stdout == "no changes (head is revision 1)\n", "\(name)")
      }
    }
    #expect(try directory.catalogState() == before)
  }

  /// What `catalog import` says about each i_ file: the table in docs/json.md. The JSON-level
  /// outcome is asserted in ComponentsTests' JSONTestSuiteTests.
  static let implementationDefinedMessages: [String: String] = [
    "i_number_double_huge_neg_exp.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_huge_exp.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_neg_int_huge_exp.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_pos_double_huge_exp.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_real_neg_overflow.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_real_pos_overflow.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_real_underflow.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_too_big_neg_int.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_too_big_pos_int.json": "1:2: error: /0: expected an entry object, found a number",
    "i_number_very_big_negative_int.json":
      "1:2: error: /0: expected an entry object, found a number",
    "i_object_key_lone_2nd_surrogate.json":
      #"1:3: error: string holds a lone surrogate \udfaa, which UTF-8 cannot represent"#,
    "i_string_1st_surrogate_but_2nd_missing.json":
      #"1:3: error: /0: string holds a lone surrogate \udada, which UTF-8 cannot represent"#,
    "i_string_1st_valid_surrogate_2nd_invalid.json":
      #"1:3: error: /0: string holds a lone surrogate \ud888, which UTF-8 cannot represent"#,
    "i_string_UTF-16LE_with_BOM.json":
      "1:1: error: invalid JSON: unexpected byte 0xff; expected a JSON value",
    "i_string_UTF-8_invalid_sequence.json":
      "1:5: error: invalid JSON: invalid UTF-8: unexpected byte 0xfa",
    "i_string_UTF8_surrogate_U+D800.json":
      "1:3: error: invalid JSON: invalid UTF-8: overlong, surrogate or out-of-range sequence starting with byte 0xed",
    "i_string_incomplete_surrogate_and_escape_valid.json":
      #"1:3: error: /0: string holds a lone surrogate \ud800, which UTF-8 cannot represent"#,
    "i_string_incomplete_surrogate_pair.json":
      #"1:3: error: /0: string holds a lone surrogate \udd1e, which UTF-8 cannot represent"#,
    "i_string_incomplete_surrogates_escape_valid.json":
      #"1:3: error: /0: string holds a lone surrogate \ud800, which UTF-8 cannot represent"#,
    "i_string_invalid_lonely_surrogate.json":
      #"1:3: error: /0: string holds a lone surrogate \ud800, which UTF-8 cannot represent"#,
    "i_string_invalid_surrogate.json":
      #"1:3: error: /0: string holds a lone surrogate \ud800, which UTF-8 cannot represent"#,
    "i_string_invalid_utf-8.json": "1:3: error: invalid JSON: invalid UTF-8: unexpected byte 0xff",
    "i_string_inverted_surrogates_U+1D11E.json":
      #"1:3: error: /0: string holds a lone surrogate \udd1e, which UTF-8 cannot represent"#,
    "i_string_iso_latin_1.json":
      "1:3: error: invalid JSON: invalid UTF-8: truncated sequence starting with byte 0xe9",
    "i_string_lone_second_surrogate.json":
      #"1:3: error: /0: string holds a lone surrogate \udfaa, which UTF-8 cannot represent"#,
    "i_string_lone_utf8_continuation_byte.json":
      "1:3: error: invalid JSON: invalid UTF-8: unexpected byte 0x81",
    "i_string_not_in_unicode_range.json":
      "1:3: error: invalid JSON: invalid UTF-8: overlong, surrogate or out-of-range sequence starting with byte 0xf4",
    "i_string_overlong_sequence_2_bytes.json":
      "1:3: error: invalid JSON: invalid UTF-8: unexpected byte 0xc0",
    "i_string_overlong_sequence_6_bytes.json":
      "1:3: error: invalid JSON: invalid UTF-8: unexpected byte 0xfc",
    "i_string_overlong_sequence_6_bytes_null.json":
      "1:3: error: invalid JSON: invalid UTF-8: unexpected byte 0xfc",
    "i_string_truncated-utf-8.json":
      "1:3: error: invalid JSON: invalid UTF-8: truncated sequence starting with byte 0xe0",
    "i_string_utf16BE_no_BOM.json":
      "1:1: error: invalid JSON: unexpected character 'U+0000'; expected a JSON value",
    "i_string_utf16LE_no_BOM.json":
      "1:2: error: invalid JSON: unexpected character 'U+0000'; expected a JSON value",
    "i_structure_500_nested_arrays.json":
      "1:2: error: /0: expected an entry object, found an array",
    "i_structure_UTF-8_BOM_empty_object.json":
      #"1:1: error: missing "components": a catalog document is {"components": [...]} or an array of entries"#,
  ]

  @Test func everyImplementationDefinedSuiteFileHasItsDocumentedMessage() throws {
    let before = try seededCatalog()
    let names = try Fixtures.jsonTestSuite("i_")
    #expect(Set(names) == Set(Self.implementationDefinedMessages.keys))
    for name in names {
      let result = try CatalogProcess.run(["import", "\(Self.suite)/\(name)"], in: directory)
      #expect(result.status == 65, "\(name): \(result)")
      let expected = Self.implementationDefinedMessages[name].map {
        "\(Self.suite)/\(name):\($0)\n"
      }
      #expect(result.stderr == expected, "\(name)")
    }
    #expect(try directory.catalogState() == before)
  }

  /// Every malformed document of the shared table, imported into one catalog: the exact
  /// messages, exit 65, and afterwards the same head, the same export and a healthy database.
  @Test func malformedDocumentsAreRejectedWithTheirMessages() throws {
    let before = try seededCatalog()
    for document in MalformedDocuments.all {
      try directory.write(document.fileName, document.bytes)
      let result = try CatalogProcess.run(["import", document.fileName], in: directory)
      #expect(result.status == 65, "\(document.name): \(result)")
      let expected = document.expected.map { "\(document.fileName):\($0)\n" }.joined()
      #expect(result.stderr == expected, "\(document.name)")
      #expect(result.stdout.isEmpty, "\(document.name)")
      try FileManager.default.removeItem(atPath: directory.path(document.fileName))
    }
    #expect(try directory.catalogState() == before)
    try directory.expectHealthy()
  }

  /// 100,000 opening brackets, closed or not, as a document and inside a payload: an error
  /// with exit 65, never a stack overflow.
  @Test func deepNestingIsAnErrorNotACrash() throws {
    let before = try seededCatalog()
    let depth = 100_000
    let open = String(repeating: "[", count: depth)
    let close = String(repeating: "]", count: depth)
    let objects =
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    let entry = #"[{"kind": "deep", "category": "c", "description": "d", "payload": "#
    let cases: [(String, String, String)] = [
      (
        "unclosed.json", open,
        "2:1: error: invalid JSON: unexpected end of input; expected a JSON value"
      ),
      (
        "arrays.json", open + close,
        // A bare array counts one level more (as exported, inside {"components": [...]}).
        "1:1000: error: /" + Array(repeating: "0", count: 999).joined(separator: "/")
          + ": nesting is deeper than 1000 levels (the --max-depth limit)"
      ),
      (
        "payload.json", entry + objects + "}]",
        "1:5052: error: /0/payload/" + Array(repeating: "a", count: 997).joined(separator: "/")
          + ": nesting is deeper than 1000 levels (the --max-depth limit)"
      ),
      (
        "payload-unclosed.json", entry + open,
        "2:1: error: invalid JSON: unexpected end of input; expected a JSON value"
      ),
    ]
    for (name, text, message) in cases {
      try directory.write(name, text + "\n")
      let result = try CatalogProcess.run(["import", name], in: directory)
      #expect(result.status == 65, "\(name): exit \(result.status)")
      #expect(result.stderr == "\(name):\(message)\n", "\(name)")
    }
    #expect(try directory.catalogState() == before)
  }

  /// `--max-depth` is capped where the recursive reader still fits the stack of a debug
  /// build; within the cap, a document at the limit is read and one level more is not.
  @Test func maxDepthLimits() throws {
    let tooDeep = try CatalogProcess.run(
      ["check", "x.json", "--max-depth", "100000"], in: directory)
    #expect(tooDeep.status == 64)
    #expect(
      tooDeep.stderr.hasPrefix(
        "catalog: error: invalid value '100000' for '--max-depth <n>': expected an integer from 1 to 1000\n"
      ))
    // The payload sits at depth 3 (document, components array, entry): 997 more levels fill
    // a limit of 1000 exactly.
    func document(_ levels: Int) -> String {
      #"{"components": [{"kind": "deep", "category": "c", "description": "d", "payload": "#
        + String(repeating: #"{"a":"#, count: levels) + "1" + String(repeating: "}", count: levels)
        + "}]}\n"
    }
    try directory.write("fits.json", document(997))
    let fits = try CatalogProcess.run(
      ["import", "fits.json", "--max-depth", "1000"], in: directory)
    #expect(fits.status == 0, "\(fits)")
    #expect(fits.stdout == "revision 1: 1 added, 0 changed, 0 removed\n")
    let exported = try CatalogProcess.run(["export"], in: directory)
    #expect(
      try JSONValue(parsing: exported.stdoutBytes, maxDepth: 1000)
        == JSONValue(parsing: document(997), maxDepth: 1000))
    try directory.write("deeper.json", document(998))
    let deeper = try CatalogProcess.run(
      ["check", "deeper.json", "--max-depth", "1000"], in: directory)
    #expect(deeper.status == 65)
    #expect(
      deeper.stderr.hasSuffix(": nesting is deeper than 1000 levels (the --max-depth limit)\n"))
    let shallow = try CatalogProcess.run(["check", "fits.json", "--max-depth", "3"], in: directory)
    #expect(
      shallow.stderr
        == "fits.json:1:82: error: /components/0/payload: nesting is deeper than 3 levels (the --max-depth limit)\n"
    )
    try directory.expectHealthy()
  }

  /// `--max-size` refuses a document larger than the limit without reading past it, from a
  /// file or from stdin, and leaves the catalog alone; a document of exactly the limit is read.
  @Test func maxSizeLimits() throws {
    let before = try seededCatalog()
    let bytes = try Fixtures.bytes("generated-300.json")
    try directory.write("big.json", try GeneratedCatalog.document(count: 600))
    let refused = try CatalogProcess.run(
      ["import", "big.json", "--max-size", "1000"], in: directory)
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "big.json:42:5: error: /components/1/payload/insets: the document is larger than 1000 bytes (the --max-size limit)\n"
    )
    let piped = try CatalogProcess.run(
      ["import", "-", "--max-size", "1000"], in: directory, stdin: bytes)
    #expect(piped.status == 65)
    #expect(piped.stderr.hasPrefix("-:42:5: error: "))
    #expect(try directory.catalogState() == before)

    try directory.write("exact.json", bytes)
    let exact = try CatalogProcess.run(
      ["check", "exact.json", "--max-size", "\(bytes.count)"], in: directory)
    #expect(exact.status == 0 && exact.stdout == "ok: 300 components\n", "\(exact)")
    let oneLess = try CatalogProcess.run(
      ["check", "exact.json", "--max-size", "\(bytes.count - 1)"], in: directory)
    #expect(oneLess.status == 65)
    #expect(
      oneLess.stderr
        == "exact.json:8457:2: error: the document is larger than \(bytes.count - 1) bytes (the --max-size limit)\n"
    )
    // From 1 to 4 GiB − 1, the most the reader's 32-bit text offsets address: beyond, a
    // document past 4 GiB would stop the process instead of being refused.
    for value in ["0", "4294967296"] {
      let outside = try CatalogProcess.run(
        ["check", "exact.json", "--max-size", value], in: directory)
      #expect(outside.status == 64)
      #expect(
        outside.stderr.hasPrefix(
          "catalog: error: invalid value '\(value)' for '--max-size <bytes>': expected an integer from 1 to 4294967295\n"
        ), "\(outside)")
    }
  }
}

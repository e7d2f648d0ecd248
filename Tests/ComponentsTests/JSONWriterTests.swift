import Components
import Foundation
import TestSupport
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
  @Test func indentsLikePythonJSONDump() throws {
    let value = try JSONValue(parsing: #"{"a":[],"b":{},"c":[1,{"d":"é\u2028"}],"e":"\u001f\""}"#)
    let expected = """
      {
        "a": [],
        "b": {},
        "c": [
          1,
          {
            "d": "é\u{2028}"
          }
        ],
        "e": "\\u001f\\""
      }
      """
    #expect(value.indentedText == expected)
  }

  @Test func reindentCopiesStringsThatLookLikeStructure() throws {
    let value: JSONValue = ["x": "a, b: {c} [d] \"e\" \\"]
    #expect(value.indentedText == "{\n  \"x\": \"a, b: {c} [d] \\\"e\\\" \\\\\"\n}")
  }

  /// Indentation past the writer's 128-space template, a string longer than its 4096-byte
  /// buffer, and runs that end where the text ends: the same lines as shallow ones.
  @Test func reindentsDeepNestingAndLongRuns() throws {
    let depth = 70
    let long = String(repeating: "ab\u{e9}", count: 2000)
    let text =
      String(repeating: "[", count: depth) + #"{"k":""# + long + #"","n":-12.5e3}"#
      + String(repeating: "]", count: depth)
    let indent = { (level: Int) in String(repeating: " ", count: 2 * level) }
    var lines = ["["] + (1..<depth).map { indent($0) + "[" }
    lines += [indent(depth) + "{", indent(depth + 1) + #""k": ""# + long + #"","#]
    lines += [indent(depth + 1) + #""n": -12.5e3"#, indent(depth) + "}"]
    lines += (0..<depth).reversed().map { indent($0) + "]" }
    var out: [UInt8] = []
    Array(text.utf8).withUnsafeBufferPointer { JSONWriter.reindent($0, level: 0, into: &out) }
    #expect(String(decoding: out, as: UTF8.self) == lines.joined(separator: "\n"))
    var number: [UInt8] = []
    Array("12345".utf8).withUnsafeBufferPointer {
      JSONWriter.reindent($0, level: 3, into: &number)
    }
    #expect(number == Array("12345".utf8))
  }

  /// Text quoted from bytes (the export's kinds, categories, descriptions) escapes exactly
  /// what quoting a string escapes, wherever in an eight-byte word the byte to escape falls.
  @Test func quotingBytesEscapesAtEveryOffset() {
    for special in ["\u{0}", "\u{1f}", "\"", "\\", "\n", "\u{7f}", "é", " "] {
      for offset in 0..<20 {
        let text = String(repeating: "a", count: offset) + special + "bcdefghijkl\u{1}"
        var fromString: [UInt8] = []
        JSONWriter.appendString(text, to: &fromString)
        var fromBytes: [UInt8] = []
        Array(text.utf8).withUnsafeBytes { JSONWriter.appendString(utf8: $0, to: &fromBytes) }
        #expect(fromBytes == fromString, "\(offset) \(special.debugDescription)")
      }
    }
  }

  @Test func generatedCatalogRoundTripsByteForByte() throws {
    let bytes = try Fixtures.bytes("generated-300.json")
    let entries = try CatalogDocumentReader(JSONReader(bytes: bytes)).readAll()
    #expect(entries.count == 300)
    #expect(CatalogDocumentWriter.document(entries) == bytes)
  }

  @Test func emptyCatalogExport() {
    #expect(
      String(decoding: CatalogDocumentWriter.document([]), as: UTF8.self)
        == "{\n  \"components\": []\n}\n")
  }

  /// RFC 8785 vectors hold the characters the writer must escape or keep; their strings
  /// survive a round trip through canonical text unchanged in value.
  @Test func canonicalizationVectorsRoundTripAsValues() throws {
    for name in ["arrays", "french", "structures", "unicode", "values", "weird"] {
      let input = try Fixtures.bytes("json-canonicalization/testdata/input/\(name).json")
      let value = try JSONValue(parsing: input)
      let again = try JSONValue(parsing: JSONWriter.canonicalBytes(value))
      #expect(again == value, "\(name)")
      #expect(try JSONValue(parsing: JSONWriter.indentedBytes(value)) == value, "\(name)")
    }
  }

  /// The checking copy of stored text refuses, at the first byte that shows it, everything
  /// that is not canonical compact JSON: what would otherwise be copied into an unparseable
  /// export. `checkCanonical` agrees with it.
  @Test(arguments: [
    (#"{"a":"#, CanonicalTextError(.unexpectedEnd, offset: 5)),
    (#""\ud800""#, CanonicalTextError(.invalidEscape, offset: 1)),
    (#""\u0041""#, CanonicalTextError(.invalidEscape, offset: 1)),
    (#""\/""#, CanonicalTextError(.invalidEscape, offset: 1)),
    ("\"a\u{1}\"", CanonicalTextError(.unexpectedByte(0x01), offset: 2)),
    ("[1,]", CanonicalTextError(.unexpectedByte(0x5D), offset: 3)),
    (#"{"a"}"#, CanonicalTextError(.unexpectedByte(0x7D), offset: 4)),
    ("[1 ]", CanonicalTextError(.unexpectedByte(0x20), offset: 2)),
    ("[1]]", CanonicalTextError(.unexpectedByte(0x5D), offset: 3)),
    ("{]", CanonicalTextError(.unexpectedByte(0x5D), offset: 1)),
    ("01", CanonicalTextError(.invalidNumber, offset: 0)),
    ("[1.]", CanonicalTextError(.invalidNumber, offset: 1)),
    ("[tru]", CanonicalTextError(.invalidLiteral, offset: 1)),
    ("", CanonicalTextError(.unexpectedEnd, offset: 0)),
  ])
  func reindentCheckingRefusesTextThatIsNotCanonical(_ text: String, _ expected: CanonicalTextError)
  {
    let bytes = Array(text.utf8)
    #expect(Self.checkingError(bytes) == expected, "\(text.debugDescription)")
  }

  /// Bytes that are not UTF-8 in a string (a stray continuation, an encoded surrogate, an
  /// overlong form, a sequence cut short by the quote) are refused; UTF-8 in every length is
  /// copied.
  @Test func reindentCheckingRefusesStringsThatAreNotUTF8() {
    for bad: [UInt8] in [[0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE2, 0x82], [0xF4, 0x90]] {
      let text = [0x22, 0x61] + bad + [0x22]
      #expect(
        Self.checkingError(text) == CanonicalTextError(.invalidUTF8, offset: 2), "\(bad)")
    }
    let good = Array("\"\u{e9}\u{20ac}\u{1f600}\u{7f}abcdefghij\"".utf8)
    #expect(Self.checkingError(good) == nil)
  }

  /// The depth limit is the reader's, counted as the reader counts it (an empty container
  /// is a level): what `JSONReader` reads, the check passes, and the level past it neither.
  @Test func reindentCheckingHoldsTheReadersDepthLimit() throws {
    let limit = JSONReader.defaultMaxDepth
    let deepest =
      String(repeating: "[", count: limit - 1) + "{}" + String(repeating: "]", count: limit - 1)
    let past = String(repeating: "[", count: limit) + "[]" + String(repeating: "]", count: limit)
    let objects =
      String(repeating: #"{"a":"#, count: limit + 1) + "1"
      + String(repeating: "}", count: limit + 1)
    _ = try JSONValue(parsing: deepest)
    #expect(throws: JSONDiagnostic.self) { try JSONValue(parsing: past) }
    #expect(Self.checkingError(Array(deepest.utf8)) == nil)
    #expect(
      Self.checkingError(Array(past.utf8))
        == CanonicalTextError(.tooDeep(limit: limit), offset: limit))
    #expect(
      Self.checkingError(Array(objects.utf8))
        == CanonicalTextError(.tooDeep(limit: limit), offset: 5 * limit))
    // Far past it, the walk stops at the limit: no recursion, no indentation of every level.
    let huge = Array(repeating: UInt8(ascii: "["), count: 200_000)
    #expect(
      Self.checkingError(huge) == CanonicalTextError(.tooDeep(limit: limit), offset: limit))
  }

  /// Canonical text is copied by the checking walk exactly as by the unchecked one.
  @Test func reindentCheckingCopiesCanonicalTextUnchanged() throws {
    let value = try JSONValue(
      parsing: #"{"a":[],"b":{},"c":[1,-0.5e+3,true,false,null,{"d":"é\u001f\n\"\\"}],"E":1E2}"#)
    let canonical = JSONWriter.canonicalBytes(value)
    var checked: [UInt8] = []
    try canonical.withUnsafeBufferPointer { (bytes) throws(CanonicalTextError) in
      try JSONWriter.reindent(checking: bytes, level: 2, into: &checked)
    }
    var unchecked: [UInt8] = []
    canonical.withUnsafeBufferPointer { JSONWriter.reindent($0, level: 2, into: &unchecked) }
    #expect(checked == unchecked)
    #expect(try JSONValue(parsing: checked) == value)
  }

  /// The error of the checking copy of `bytes`, or nil; `checkCanonical` must agree.
  static func checkingError(_ bytes: [UInt8]) -> CanonicalTextError? {
    var out: [UInt8] = []
    let copying = bytes.withUnsafeBufferPointer { bytes -> CanonicalTextError? in
      do throws(CanonicalTextError) {
        try JSONWriter.reindent(checking: bytes, level: 0, into: &out)
        return nil
      } catch { return error }
    }
    let checking = bytes.withUnsafeBufferPointer { bytes -> CanonicalTextError? in
      do throws(CanonicalTextError) {
        try JSONWriter.checkCanonical(bytes)
        return nil
      } catch { return error }
    }
    #expect(copying == checking)
    return copying
  }
}

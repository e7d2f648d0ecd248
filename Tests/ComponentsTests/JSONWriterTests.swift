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
}

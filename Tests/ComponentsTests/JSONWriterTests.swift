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

import Components
import Foundation
import TestSupport
import Testing

/// The reader's fast transcoder (values whole in the buffer) and its general one (any value,
/// across refills) must agree byte for byte, and so must every diagnostic and position.
///
/// A reader over memory holds the whole text in its buffer, so it takes the fast path
/// wherever it can; a reader streaming from a file with a buffer of a few bytes almost never
/// can. Their outcomes are compared over the JSONTestSuite, the fixtures, and texts made to
/// hit each way out of the fast path.
@Suite("JSON reader paths")
struct JSONReaderPathsTests {
  static let handmade: [String] = [
    #"{"a":"x\/y\"z\\w\b\f\n\r\t","b":"\u00e9\u0001\ud83c\udfa8"}"#,
    #"{"title": "Überschrift", "t": "タイトル", "e": "🎨 palette", "n": [0, -0, 1.5e-3, 10E+2, -12.0]}"#,
    #"{"k": [1, 2, {"k": [3, {"k": 4}]}], "k2": {}, "k3": [], "k4": [{}, []]}"#,
    #"{"a": 1, "b": 2, "a": 3}"#,
    #"{"a": [0, {"t": 1, "t": 2}]}"#,
    "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}",
    "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k33\": 0}",
    "{" + (0..<16).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k3\": 0}",
    String(repeating: "[", count: 70) + "1" + String(repeating: "]", count: 70),
    String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600),
    #"[01]"#, #"[1.]"#, #"[1e]"#, #"[-]"#, #"[1e+]"#, #"["a\x"]"#, #"["\u12"]"#, #"["\ud800"]"#,
    "[\"a\u{01}b\"]", "[tru]", "[nul]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "[1,]", "  [ 1 , 2 ]  ",
    "123", "-0.5", "\"top\"", "true", "null", "[1] x", "{\"a\":\n\n  [1,\n  2,\n  tru]}",
    // Past a depth limit of 3: the rest is only checked for syntax, a lone surrogate there is
    // still a document error, and the pointer names the containers above the limit.
    #"{"a": [{"b": [1, {"c": "\ud800"}]}]}"#, #"{"a": [{"b": [1, {"c": 2} 3]}]}"#,
    #"[[0, [[{"x": 1, "x": 2}]]]]"#, #"{"a": {"b": {"c": {"d": []}}}}"#,
  ]

  static let fixtureFiles: [String] =
    ((try? Fixtures.jsonTestSuite("")) ?? []).map { "JSONTestSuite/test_parsing/\($0)" }
    + ["generated-300.json", "generated-300-mutated.json"]

  /// What reading one value and the end of input gives: the canonical text, or the error.
  static func outcome(_ reader: JSONReader) -> String {
    var out: [UInt8] = []
    do {
      try reader.transcodeValue(into: &out)
      try reader.expectEndOfInput()
      return "ok " + String(decoding: out, as: UTF8.self)
    } catch {
      return "\(error.category) \(error.pointer) \(error.position.offset) \(error.description)"
    }
  }

  static func streamedOutcome(_ bytes: [UInt8], bufferSize: Int, maxDepth: Int) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("reader-paths-\(UUID()).json")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    return outcome(
      JSONReader(fileDescriptor: handle.fileDescriptor, bufferSize: bufferSize, maxDepth: maxDepth))
  }

  static func check(_ bytes: [UInt8], _ name: String) throws {
    for maxDepth in [JSONReader.defaultMaxDepth, 3] {
      let inMemory = outcome(JSONReader(bytes: bytes, maxDepth: maxDepth))
      for size in [16, 37, 4096] {
        let streamed = try streamedOutcome(bytes, bufferSize: size, maxDepth: maxDepth)
        #expect(inMemory == streamed, "\(name), buffer of \(size) bytes, depth \(maxDepth)")
      }
    }
  }

  /// The fixture list is read from disk; an empty list would pass every case vacuously.
  @Test func fixtureFilesArePresent() {
    #expect(Self.fixtureFiles.count == 95 + 188 + 35 + 2)
  }

  @Test(arguments: handmade)
  func handmadeTextsAgree(_ text: String) throws {
    try Self.check(Array(text.utf8), text)
  }

  @Test(arguments: fixtureFiles)
  func fixtureFilesAgree(_ name: String) throws {
    try Self.check(try Fixtures.bytes(name), name)
  }

  /// Positions are counted eight bytes at a time; every kind of byte must count as one
  /// column or as none, across newlines and multi-byte characters.
  @Test func positionsCountScalarsAcrossLines() {
    let text = "[\"é\",\n\"タイトル🎨\",\n  \"x\", \"ab\u{00A0}\",\n\n  \"naïve café\", tru]"
    do {
      _ = try JSONValue(parsing: text)
      Issue.record("accepted invalid JSON")
    } catch {
      #expect(error.position.line == 5)
      #expect(error.position.column == 17)
    }
  }
}

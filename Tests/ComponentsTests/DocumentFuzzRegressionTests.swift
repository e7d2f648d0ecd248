import Components
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Inputs the fuzzer (Tests/Fuzz) found, replayed with the fuzz target's oracles: the reader
/// gives the same answer from memory and streamed through a 16-byte buffer, the tree reader
/// and the transcoder agree, and a document reports a bounded number of problems.
@Suite("Fuzz regressions")
struct DocumentFuzzRegressionTests {
  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.url("fuzz-regressions").path))
    ?? []).sorted()

  @Test func regressionsArePresent() {
    #expect(Self.names.count >= 4)
  }

  @Test(arguments: names)
  func streamingGivesTheSameAnswerAsMemory(_ name: String) throws {
    let path = Fixtures.url("fuzz-regressions/\(name)").path
    let bytes = try Fixtures.bytes("fuzz-regressions/\(name)")
    let inMemory = Result { () throws(JSONDiagnostic) in try JSONReader(bytes: bytes).readDocument()
    }
    let streamed = try withFile(path) { fd in
      Result { () throws(JSONDiagnostic) in
        try JSONReader(fileDescriptor: fd, bufferSize: 16).readDocument()
      }
    }
    #expect(describe(streamed) == describe(inMemory))

    let documentInMemory = documentDiagnostics(JSONReader(bytes: bytes))
    let documentStreamed = try withFile(path) {
      documentDiagnostics(JSONReader(fileDescriptor: $0, bufferSize: 16))
    }
    #expect(documentStreamed == documentInMemory)
    #expect(documentInMemory.count <= CatalogDocumentReader.maxDiagnostics + 1)
  }

  @Test(arguments: names)
  func treeReaderAndTranscoderAgree(_ name: String) throws {
    let bytes = try Fixtures.bytes("fuzz-regressions/\(name)")
    let tree = Result { () throws(JSONDiagnostic) in try JSONReader(bytes: bytes).readDocument() }
    let transcoded = Result { () throws(JSONDiagnostic) -> [UInt8] in
      let reader = JSONReader(bytes: bytes)
      var out: [UInt8] = []
      try reader.transcodeValue(into: &out)
      try reader.expectEndOfInput()
      return out
    }
    switch (tree, transcoded) {
    case (.success(let value), .success(let text)):
      #expect(JSONWriter.canonicalBytes(value) == text)
    case (.failure(let a), .failure(let b)):
      #expect(a == b)
    default:
      Issue.record("tree \(tree), transcoder \(transcoded)")
    }
  }

  /// The unterminated-string message names where the string began, even when the reader
  /// has dropped that part of the input (the first bug the fuzzer found).
  @Test func unterminatedStringNamesItsStartAfterARefill() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", "{\"components\": [\n  {\"kind\": \"abc")
    let message = try withFile(path) { fd in
      documentDiagnostics(JSONReader(fileDescriptor: fd))
    }
    #expect(
      message == [
        "2:16: error: invalid JSON: unexpected end of input in a string that starts at 2:12"
      ])
  }

  private func withFile<T>(_ path: String, _ body: (Int32) throws -> T) throws -> T {
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    return try body(fd)
  }

  private func documentDiagnostics(_ reader: JSONReader) -> [String] {
    do {
      return ["accepted \(try CatalogDocumentReader(reader).readAll().count) entries"]
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  private func describe(_ result: Result<JSONValue, JSONDiagnostic>) -> String {
    switch result {
    case .success(let value): return "value \(value.canonicalText)"
    case .failure(let error): return "error \(error)"
    }
  }
}

import Components
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Malformed components documents (the table in TestSupport's `MalformedDocuments`): each is
/// rejected with exactly the expected diagnostics, whether read from memory or streamed from a
/// file through the smallest buffer, which puts a buffer boundary inside every token.
@Suite("Document validation")
struct DocumentValidationTests {
  /// The cases cut from generated-300.json are built only when the fixture loads: without
  /// this check, a missing fixture would shrink the parameterized tests silently.
  @Test func theFixtureCasesArePresent() {
    let names = Set(MalformedDocuments.all.map(\.name))
    #expect(names.isSuperset(of: ["truncated-in-string", "truncated-after-entry"]))
    #expect(names.count == MalformedDocuments.all.count, "case names are unique")
  }

  @Test(arguments: MalformedDocuments.all)
  func malformedDocumentIsRejectedInMemory(_ document: MalformedDocuments.Case) {
    let found = diagnostics(CatalogDocumentReader(JSONReader(bytes: document.bytes)))
    #expect(found == document.expected, "\(document.name)")
  }

  @Test(arguments: MalformedDocuments.all.filter { $0.bytes.count < 1 << 20 })
  func malformedDocumentIsRejectedWhenStreamed(_ document: MalformedDocuments.Case) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(document.fileName, document.bytes)
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let reader = CatalogDocumentReader(JSONReader(fileDescriptor: fd, bufferSize: 16))
    #expect(diagnostics(reader) == document.expected, "\(document.name)")
  }

  /// Every diagnostic names a position inside the text, and document errors name a pointer
  /// (the root only for problems of the document as a whole).
  @Test(arguments: MalformedDocuments.all)
  func everyDiagnosticIsLocated(_ document: MalformedDocuments.Case) {
    do {
      _ = try CatalogDocumentReader(JSONReader(bytes: document.bytes)).readAll()
      Issue.record("\(document.name) was accepted")
    } catch {
      for diagnostic in error.diagnostics {
        #expect(diagnostic.position.line >= 1 && diagnostic.position.column >= 1)
        #expect(diagnostic.position.offset <= document.bytes.count)
      }
    }
  }

  /// RFC 8259 compares member names code unit by code unit, and so does the transcoder that
  /// stores payloads: "é" written precomposed and decomposed are two keys. The tree reader
  /// (used by doctor, diff and patch) must agree, or an imported payload would later be
  /// reported as invalid.
  @Test func keysThatDifferOnlyInNormalizationAreDistinct() throws {
    let text = #"{"\u00e9": 1, "e\u0301": 2}"#
    let value = try JSONValue(parsing: text)
    #expect(value.objectValue?.count == 2)
    let canonical = try JSONText(parsing: text)
    #expect(try canonical.value() == value)
    #expect(JSONWriter.canonicalBytes(value) == canonical.bytes)
  }

  @Test func keysBeyondSixteenAreComparedByBytes() throws {
    let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let text = "{\(keys), \"\\u00e9\": 1, \"e\\u0301\": 2}"
    #expect(try JSONValue(parsing: text).objectValue?.count == 22)
    do {
      _ = try JSONValue(parsing: "{\(keys), \"k3\": 0}")
      Issue.record("a duplicate key after sixteen members was accepted")
    } catch {
      #expect(error.description == #"1:202: error: duplicate key "k3""#)
    }
  }

  private func diagnostics(_ reader: CatalogDocumentReader) -> [String] {
    do {
      let entries = try reader.readAll()
      return ["accepted \(entries.count) entries"]
    } catch {
      return error.diagnostics.map(\.description)
    }
  }
}

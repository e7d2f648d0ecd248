import Foundation
import TestSupport
import Testing

@testable import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``CatalogDocumentReader/withCurrentEntryText(_:)``: each entry's text as written, its `{`
/// to its `}`, whether it sits in the reader's buffer or spans many refills of it.
@Suite("Document reader: entry texts")
struct EntryTextTests {
  private func texts(_ json: JSONReader) throws -> [(RawCatalogEntry, [UInt8])] {
    let reader = CatalogDocumentReader(json, options: .init(keepsEntryText: true))
    var texts: [(RawCatalogEntry, [UInt8])] = []
    while try reader.nextRaw() {
      let text = try #require(reader.withCurrentEntryText { Array($0) })
      texts.append((reader.currentRaw, text))
    }
    return texts
  }

  @Test(arguments: [16, 64, 1 << 18])
  func everyEntrysTextIsItsBytes(bufferSize: Int) throws {
    let directory = try TemporaryDirectory()
    let generated = try Fixtures.bytes("generated-300.json")
    let bare = Array(
      #"[{"kind":"a","category":"","description":"","payload":[1,{"b":"\u00e9"}]} ,{"kind":"b","category":"","description":"","payload":"x"}]"#
        .utf8)
    for document in [generated, [0xEF, 0xBB, 0xBF] + generated, bare] {
      let path = try directory.write("d.json", document)
      let fd = open(path, O_RDONLY)
      try #require(fd >= 0)
      defer { close(fd) }
      let streamed = try texts(JSONReader(fileDescriptor: fd, bufferSize: bufferSize))
      let inMemory = try texts(JSONReader(bytes: document))
      #expect(streamed.count == inMemory.count)
      #expect(streamed.count > 1)
      for ((raw, text), (_, memoryText)) in zip(streamed, inMemory) {
        #expect(text == Array(document[raw.position.offset..<raw.endOffset]))
        #expect(text == memoryText)
        #expect(text.first == 0x7B && text.last == 0x7D)
      }
    }
  }

  @Test func noTextUnlessAsked() throws {
    let reader = CatalogDocumentReader(JSONReader(bytes: try Fixtures.bytes("generated-300.json")))
    #expect(try reader.nextRaw())
    #expect(reader.withCurrentEntryText { $0.count } == nil)
  }
}

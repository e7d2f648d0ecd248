import Testing

@testable import Components

/// ``CatalogDocumentReader/takeKinds()``: the table a diff's OLD side takes instead of
/// building its own, so kind `i` must be entry `i`'s, by bytes, and only for a valid document.
@Suite("Document reader's kinds")
struct ReaderKindsTests {
  private func document(_ kinds: [String]) -> [UInt8] {
    CatalogDocumentWriter.document(
      kinds.map { CatalogEntry(kind: $0, category: "C", description: "d", payload: .null) })
  }

  @Test func kindIIsEntryIAfterTheLastEntry() throws {
    // NFC and NFD spellings of different names, and a kind outside ASCII first met late, which
    // moves the reader's duplicate check to strings: the table keeps every kind's bytes.
    let kinds = ["b", "a", "caf\u{E9}", "z", "nai\u{308}ve", "A"]
    let reader = CatalogDocumentReader(JSONReader(bytes: document(kinds)))
    var read: [String] = []
    while try reader.nextRaw() {
      #expect(reader.takeKinds() == nil, "before the end")
      read.append(String(decoding: reader.currentRaw.kind, as: UTF8.self))
    }
    let table = try #require(reader.takeKinds())
    #expect(table.count == kinds.count)
    for (i, kind) in kinds.enumerated() {
      #expect(table.string(i) == kind)
      #expect(table.id(of: kind) == i)
    }
    #expect(read == kinds)
  }

  @Test func anInvalidDocumentHasNoKindsToTake() throws {
    let reader = CatalogDocumentReader(JSONReader(bytes: document(["a", "b", "a"])))
    #expect(throws: JSONDiagnostics.self) {
      while try reader.nextRaw() {}
    }
    #expect(reader.takeKinds() == nil)
  }
}

import Components
import Testing

@testable import CatalogSite

/// What the index's search holds of a payload (`search-payloads.js`): its string values in
/// document order, one per line, at most 1,024 bytes.
@Suite("site search: payload text")
struct PayloadSearchTextTests {
  static func text(_ json: String) throws -> String {
    PayloadSearchText.text(of: try JSONText(parsing: json).value())
  }

  @Test func stringValuesInDocumentOrderWithoutKeysOrNumbers() throws {
    #expect(
      try Self.text(
        #"{"title": "Hero", "n": 4, "ok": true, "z": null, "link": {"url": "https://x.example/a"}, "tags": ["a", ["b"]]}"#
      ) == "Hero\nhttps://x.example/a\na\nb")
    #expect(try Self.text(#"{"count": 3}"#) == "")
    #expect(try Self.text(#""alone""#) == "alone")
  }

  @Test func atMost1024BytesCutOnACharacterBoundary() throws {
    let long = String(repeating: "é", count: 600)  // 1,200 bytes
    let text = try Self.text(#"{"a": "start", "b": "\#(long)", "c": "never"}"#)
    #expect(text.utf8.count <= PayloadSearchText.limit)
    #expect(text.utf8.count >= PayloadSearchText.limit - 1)
    #expect(text.hasPrefix("start\néé"))
    #expect(!text.contains("never"))
    // A deep payload is walked without recursion.
    let deep = String(repeating: "[", count: 400) + #""deep""# + String(repeating: "]", count: 400)
    #expect(try Self.text(deep) == "deep")
  }
}

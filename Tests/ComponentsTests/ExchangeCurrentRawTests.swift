import Testing

@testable import Components

/// ``CatalogDocumentReader/exchangeCurrentRaw(with:)``: a caller takes each entry and gives
/// the reader the buffers of one it took before, so every entry must come out exactly as a
/// reader left alone gives it, whatever the buffers it is read into held.
@Suite("Document reader's exchanged entries")
struct ExchangeCurrentRawTests {
  /// Every part of an entry as read.
  private static func describe(_ raw: RawCatalogEntry) -> String {
    [
      "\(raw.index) \(raw.position) \(raw.position.offset)-\(raw.endOffset)",
      String(decoding: raw.kind, as: UTF8.self), String(decoding: raw.category, as: UTF8.self),
      String(decoding: raw.description, as: UTF8.self),
      String(decoding: raw.payload, as: UTF8.self), "\(raw.order)",
      "\(raw.extraMembers.map { "\($0.key)=\($0.value)" })", "\(raw.knownKind)",
    ].joined(separator: " | ")
  }

  @Test func exchangedEntriesAreTheEntriesRead() throws {
    // Long texts then short ones, extra members then none, the standard order and another,
    // entries the fast path takes and entries it does not (an escape, an extra member): a
    // buffer left with an earlier entry's bytes would show in a later one.
    let text = """
      {"components": [
        {"kind": "a-long-kind-name", "category": "Navigation", "description": "a long description",
         "payload": {"title": "long", "tags": ["x", "y", "z"]}, "deprecated": true, "note": "n"},
        {"kind": "b", "category": "C", "description": "", "payload": 1},
        {"payload": [], "description": "d\\u00e9", "kind": "c", "category": "C"},
        {"kind": "d", "category": "Overlay", "description": "x", "payload": {"a": null}},
        {"kind": "e", "category": "", "description": "", "payload": "s", "extra": 2},
        {"kind": "f", "category": "C", "description": "y", "payload": false}
      ]}
      """
    let alone = CatalogDocumentReader(JSONReader(bytes: Array(text.utf8)))
    var expected: [String] = []
    while try alone.nextRaw() { expected.append(Self.describe(alone.currentRaw)) }

    let exchanging = CatalogDocumentReader(JSONReader(bytes: Array(text.utf8)))
    var entry = RawCatalogEntry()
    var taken: [String] = []
    while try exchanging.nextRaw() {
      exchanging.exchangeCurrentRaw(with: &entry)
      taken.append(Self.describe(entry))
      // What the reader holds now is the entry given: the one taken before.
      #expect(exchanging.currentRaw.index == (taken.count == 1 ? 0 : taken.count - 2))
    }
    #expect(expected.count == 6)
    #expect(taken == expected)
  }
}

import CatalogStorage
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// A ``PayloadCursor`` gives the text ``CatalogReadContext/withPayload(_:_:)`` gives, for ids
/// asked in any order: ascending (stepped to), with gaps, backwards, repeated, payloads this
/// write has not inserted yet, and a missing one is the same error.
@Suite("Payload cursor")
struct PayloadCursorTests {
  @Test(arguments: TestEngine.allCases) func givesEveryPayloadInAnyOrder(_ engine: TestEngine)
    throws
  {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let catalog = try Catalog(path: location.text)
    let entries = (0..<80).map { i in
      #"{"kind": "k\#(i)", "category": "c", "description": "d", "payload": {"n": \#(i), "s": "\#(String(repeating: "x", count: i * 37))"}}"#
    }
    try catalog.importDocument(
      from: .bytes(Array("[\(entries.joined(separator: ","))]".utf8), name: "a.json"),
      options: WriteOptions(author: "tester"))
    let texts: [String] = try catalog.storage.write { context in
      var ids: [Int64] = []
      try context.forEachEntryRow(at: 1, .withoutPayloads) { ids.append($0.payloadID) }
      ids.sort()
      #expect(ids.count == 80)
      // Two payloads this write stores: pending until flushed.
      let extra = try ["{\"pending\":1}", "{\"pending\":2}"].map { text in
        try Array(text.utf8).withUnsafeBytes { bytes in
          try context.internPayload(bytes: bytes, hash: JSONText.stableHash(of: bytes))
        }
      }
      let everyOrder =
        ids + ids.reversed() + ids.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        + [ids[5], ids[5], ids[70], ids[2]] + extra + [ids[0]] + extra.reversed()
        + ids.enumerated().filter { $0.offset % 17 == 0 }.map(\.element)
      let cursor = try context.payloadCursor()
      var texts: [String] = []
      for id in everyOrder {
        let expected = try context.withPayload(id) { Array($0) }
        let got = try cursor.withPayload(id) { Array($0) }
        #expect(got == expected, "payload \(id)")
        texts.append(String(decoding: got, as: UTF8.self))
      }
      let missing = (ids.max() ?? 0) + 1000
      #expect(throws: CatalogError.self) { try cursor.withPayload(missing) { _ in () } }
      // After the miss, the cursor still answers.
      #expect(
        try cursor.withPayload(ids[1]) { Array($0) } == context.withPayload(ids[1]) { Array($0) })
      cursor.close()
      return .rollback(texts)
    }
    #expect(texts.contains("{\"pending\":2}"))
    #expect(texts.contains { $0.hasPrefix("{\"n\":79,") })
  }
}

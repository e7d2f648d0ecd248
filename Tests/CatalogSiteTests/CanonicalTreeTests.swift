import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

/// The payload tree written from stored canonical text (the kind pages' fast path) against
/// the tree written from the parsed value: the same bytes, or a hand-back before writing.
@Suite("catalog site: payload trees from canonical text")
struct CanonicalTreeTests {
  static let payloads = [
    #"{"title": "OK", "style": {"radius": 4, "colors": ["red", "blue"]}, "tags": []}"#,
    #"{}"#, #"[]"#, #"[[], {}, [[1]], {"a": {}}]"#, #"{"e": {}, "f": [], "g": [{}]}"#,
    #"{"n": -1.5e-3, "z": 0, "big": 12345678901234567890, "t": true, "f": false, "u": null}"#,
    #"{"s": "quote \" backslash \\ newline \n tab \t control \u0001 é ✓ 𝄞"}"#,
    #"{"a~b/c": 1, "~0": 2, "/": [3], "<img src=x onerror=alert('key')>": "<svg>&amp;"}"#,
    #"{"x": [1, [2, [3, [4, {"deep": "yes"}]]]], "y": ",:{}[]\""}"#,
    #"{"only": "one"}"#, #"["a"]"#, #"{"k": "v", "l": ["w"], "m": {"n": "o"}}"#,
  ]
  /// Keys the fast path hands back: their pointer tokens need decoding.
  static let handedBack = [#"{"quote\"key": 1}"#, #"{"a": {"new\nline": [true]}}"#]

  static func entries(_ payloads: [String]) throws -> (TemporaryDirectory, [CatalogEntry]) {
    let directory = try TemporaryDirectory()
    let catalog = try Catalog(path: directory.path("catalog.sqlite"))
    let components = payloads.enumerated().map { index, payload in
      #"{"kind": "k\#(index)", "category": "C \"q\" <b>", "description": "d & e", "payload": \#(payload)}"#
    }
    let document = #"{"components": [\#(components.joined(separator: ",\n"))]}"#
    try catalog.importDocument(
      from: .bytes(Array(document.utf8), name: "d.json"), options: WriteOptions(author: "a"))
    return (directory, try catalog.entries())
  }

  @Test func theSameBytesAsTheValuePath() throws {
    let (_, entries) = try Self.entries(Self.payloads)
    #expect(entries.count == Self.payloads.count)
    let cell = HTML.blameCell(1, author: "<a> & b")
    for entry in entries {
      var scratch = HTML.TreeScratch()
      var fast = HTML()
      let written = fast.jsonTree(
        canonical: entry.payload.bytes, pointer: "/payload", cell: cell, scratch: &scratch)
      var blame = LeafBlame(revision: 1)
      var slow = HTML()
      slow.jsonTree(
        try entry.payload.value(), pointer: "/payload", blame: &blame, cells: [1: cell],
        scratch: &scratch)
      #expect(written, "\(entry.kind)")
      #expect(
        String(decoding: fast.bytes, as: UTF8.self) == String(decoding: slow.bytes, as: UTF8.self),
        "\(entry.kind)")
      #expect(
        SiteGenerator.indentedEntry(entry, scratch: &scratch.json)
          == JSONWriter.indentedBytes(try entry.jsonValue), "\(entry.kind)")
    }
  }

  @Test func keysWithEscapesAreHandedBackBeforeWriting() throws {
    let (_, entries) = try Self.entries(Self.handedBack)
    for entry in entries {
      var scratch = HTML.TreeScratch()
      var page = HTML()
      #expect(
        !page.jsonTree(
          canonical: entry.payload.bytes, pointer: "/payload", cell: [], scratch: &scratch))
      #expect(page.bytes.isEmpty)
    }
  }

  @Test func textThatIsNotJSONIsHandedBack() {
    for text in ["", "{", "{\"a\"}", "{\"a\":}", "[1,]", "]", "{\"a\":1]", "\"open", "[1}"] {
      var scratch = HTML.TreeScratch()
      var page = HTML()
      #expect(
        !page.jsonTree(
          canonical: Array(text.utf8), pointer: "/payload", cell: [], scratch: &scratch), "\(text)")
      #expect(page.bytes.isEmpty)
    }
  }
}

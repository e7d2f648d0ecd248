import CatalogDiff
import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

/// The payload tree of kind pages, written from stored canonical text: its text is the
/// payload's JSON, and each leaf carries the blame of its own pointer, for keys with escapes
/// and hostile text too.
@Suite("catalog site: payload trees")
struct PayloadTreeTests {
  static let payloads = [
    #"{"title": "OK", "style": {"radius": 4, "colors": ["red", "blue"]}, "tags": []}"#,
    #"{}"#, #"[]"#, #"[[], {}, [[1]], {"a": {}}]"#, #"{"e": {}, "f": [], "g": [{}]}"#,
    #"{"n": -1.5e-3, "z": 0, "big": 12345678901234567890, "t": true, "f": false, "u": null}"#,
    #"{"s": "quote \" backslash \\ newline \n tab \t control \u0001 é ✓ 𝄞"}"#,
    #"{"a~b/c": 1, "~0": 2, "/": [3], "<img src=x onerror=alert('key')>": "<svg>&amp;"}"#,
    #"{"x": [1, [2, [3, [4, {"deep": "yes"}]]]], "y": ",:{}[]\""}"#,
    #"{"only": "one"}"#, #"["a"]"#, #"{"k": "v", "l": ["w"], "m": {"n": "o"}}"#,
    #"{"quote\"key": 1, "back\\slash": 2, "a": {"new\nline": [true]}, "\u0001\t": null}"#,
    #"{"é\u00e9": 1, "𝄞\ud834\udd1e~/": {"\"/~\"": [0]}, "\u2028": "\u2029"}"#,
  ]

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

  /// The tree's text with its blame cells and folded summaries taken out, its tags dropped
  /// and its references resolved: what a reader sees of the JSON itself.
  static func shownJSON(_ html: [UInt8]) throws -> String {
    var text = String(decoding: html, as: UTF8.self)
    text = text.replacing(try Regex("<small>.*?</small>"), with: "")
    text = text.replacing(
      try Regex("<summary>(.*?)<span>.*?</span></summary>"), with: { $0[1].substring ?? "" })
    text = text.replacing(try Regex("<[^>]*>"), with: "")
    return text.replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test func theTreeShowsThePayloadAndEachLeafItsOwnBlame() throws {
    let (_, entries) = try Self.entries(Self.payloads)
    #expect(entries.count == Self.payloads.count)
    for entry in entries {
      // Each leaf its own revision, by the pointers CatalogDiff gives the parsed value.
      let leaves = Attribution(try entry.payload.value(), revision: 1).leaves
      let pointers = leaves.map { Array(("/payload" + $0.pointer.description).utf8) }
      let revisions = (1...leaves.count).map(Int64.init)
      var cells: [Int64: [UInt8]] = [:]
      for revision in revisions { cells[revision] = HTML.blameCell(revision, author: "<a> & b") }
      var blame = LeafBlame(pointers: pointers, revisions: revisions)
      var scratch = HTML.TreeScratch()
      var page = HTML()
      let written = page.jsonTree(
        canonical: entry.payload.bytes, pointer: "/payload", blame: &blame, cells: cells,
        scratch: &scratch)
      #expect(written, "\(entry.kind)")
      let html = String(decoding: page.bytes, as: UTF8.self)
      let shown = html.matches(of: try Regex("<a href=#r([0-9]+)>")).map {
        Int64($0[1].substring ?? "") ?? 0
      }
      #expect(shown == revisions, "\(entry.kind): \(html)")
      let json = try Self.shownJSON(page.bytes)
      #expect(try JSONText(parsing: json).bytes == entry.payload.bytes, "\(entry.kind): \(json)")
      #expect(!html.contains("<img") && !html.contains("<svg"), "\(entry.kind)")
      #expect(
        SiteGenerator.indentedEntry(entry, scratch: &scratch.json)
          == JSONWriter.indentedBytes(try entry.jsonValue), "\(entry.kind)")
    }
  }

  @Test func oneRevisionForEveryLeafNeedsNoPointers() throws {
    let (_, entries) = try Self.entries(Self.payloads)
    let cell = HTML.blameCell(7, author: "x")
    for entry in entries {
      var blame = LeafBlame(revision: 7)
      var scratch = HTML.TreeScratch()
      var page = HTML()
      #expect(
        page.jsonTree(
          canonical: entry.payload.bytes, pointer: "/payload", blame: &blame, cells: [7: cell],
          scratch: &scratch))
      let leaves = Attribution(try entry.payload.value(), revision: 7).leaves.count
      let html = String(decoding: page.bytes, as: UTF8.self)
      #expect(html.matches(of: try Regex("<a href=#r7>")).count == leaves, "\(entry.kind)")
      #expect(try JSONText(parsing: try Self.shownJSON(page.bytes)).bytes == entry.payload.bytes)
    }
  }

  @Test func textThatIsNotJSONIsRefusedBeforeWriting() {
    for text in ["", "{", "{\"a\"}", "{\"a\":}", "[1,]", "]", "{\"a\":1]", "\"open", "[1}"] {
      var scratch = HTML.TreeScratch()
      var page = HTML()
      var blame = LeafBlame(revision: 1)
      #expect(
        !page.jsonTree(
          canonical: Array(text.utf8), pointer: "/payload", blame: &blame, cells: [:],
          scratch: &scratch), "\(text)")
      #expect(page.bytes.isEmpty)
    }
  }
}

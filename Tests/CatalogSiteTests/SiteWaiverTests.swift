import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

@Suite("catalog site: waivers on revision pages")
struct SiteWaiverTests {
  @Test func aRevisionPageShowsItsWaiverEscaped() throws {
    let directory = try TemporaryDirectory()
    let catalog = try Catalog(path: directory.path("catalog.sqlite"))
    func document(_ payload: String) -> DocumentSource {
      .bytes(
        Array(
          #"{"components": [{"kind": "tile", "category": "Display", "description": "d", "payload": \#(payload)}]}"#
            .utf8), name: "c.json")
    }
    try catalog.importDocument(from: document(#"{"a": 1, "b": 2}"#), options: .init(author: "ann"))
    try catalog.changePolicy(author: "ann") { $0.set(.forward, at: .catalog, name: "") }
    try catalog.importDocument(
      from: document(#"{"a": 1}"#),
      options: .init(author: "ann", allowBreaking: "<b>why</b> & more"))
    let root = directory.path("site")
    try CatalogSite.write(catalog, to: root, options: .init(title: "T"))
    let files = try SiteFixture.files(in: root)
    let page = SiteFixture.text(files["revisions/2.html"])
    #expect(page.contains(#"<section class="waiver" aria-labelledby="waiver-h">"#))
    #expect(page.contains("<p><q>&lt;b&gt;why&lt;/b&gt; &amp; more</q> by ann</p>"))
    #expect(
      page.contains("<li><code>KEY_REMOVED</code> <code>/payload/b</code> in tile (FORWARD)</li>"))
    #expect(!SiteFixture.text(files["revisions/1.html"]).contains("class=\"waiver\""))
  }
}

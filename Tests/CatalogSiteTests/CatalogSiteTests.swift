import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

@Suite("catalog site pages")
struct CatalogSiteTests {
  let fixture: SiteFixture
  let root: String
  let files: [String: [UInt8]]

  init() throws {
    fixture = try SiteFixture()
    root = fixture.directory.path("site")
    try CatalogSite.write(fixture.catalog, to: root, options: .init(title: "Team <UI>"))
    files = try SiteFixture.files(in: root)
  }

  func page(_ path: String) -> String { SiteFixture.text(files[path]) }

  @Test func writesEveryPage() throws {
    let expected: Set<String> = [
      ".catalog-site", "index.html", "search-index.js", "search-payloads.js", "site.css",
      "site.js", "revisions.html", "releases.html",
      "kinds/button.html", "kinds/tile-card.html",
      "kinds/script-alert-kind-script--ec4bfd10032e.html",
      // tile-card's name before its rename, leading to its page.
      "kinds/tile-preview.html",
      "revisions/1.html", "revisions/2.html", "revisions/3.html", "revisions/4.html",
      "releases/v1.html", "releases/v1.components.json",
      "releases/v2.html", "releases/v2.components.json",
    ]
    #expect(Set(files.keys) == expected)
  }

  @Test func noCatalogTextBecomesMarkup() {
    for (path, bytes) in files where path.hasSuffix(".html") || path.hasSuffix(".js") {
      let text = SiteFixture.text(bytes)
      for hostile in SiteFixture.hostile {
        #expect(!text.contains(hostile), "\(path) contains \(hostile)")
      }
    }
    #expect(page("index.html").contains("&lt;script&gt;alert(&#39;kind&#39;)&lt;/script&gt;"))
    #expect(page("index.html").contains("<title>Team &lt;UI&gt;</title>"))
    #expect(page("revisions/3.html").contains("&lt;b&gt;mallory&lt;/b&gt;"))
    #expect(
      page("search-index.js").contains(#""\u003cscript\u003ealert('kind')\u003c/script\u003e""#))
  }

  @Test func indexListsKindsWithCategoriesDeprecationAndLastChange() {
    let index = page("index.html")
    for kind in ["button", "tile-card"] {
      #expect(index.contains("href=\"kinds/\(kind).html\">\(kind)</a>"))
    }
    #expect(index.contains("3 of 3 kinds"))
    #expect(index.contains("<option value=\"1\">Display (1)</option>"))
    #expect(
      index.contains(
        "button</a> <span class=\"badge deprecated\">deprecated</span></td><td>Input</td><td>A pressable button</td><td><a href=\"revisions/4.html\">r4</a> carol</td>"
      ))
  }

  @Test func kindPageShowsBlameAndHistoryFromTheCatalog() throws {
    let html = page("kinds/button.html")
    // The tree's leaves in document order, as blame lists them: each with its value and the
    // revision and author that last changed it.
    let leaves = html.matches(
      of: try Regex(
        #"<li><code>(.*?)</code><small><a href=#r([0-9]+)>r[0-9]+</a> (.*?)</small></li>"#)
    )
    let lines = try fixture.catalog.blame("button").filter { $0.path.tokens.first == "payload" }
    #expect(leaves.count == lines.count)
    for (leaf, line) in zip(leaves, lines) {
      let code = String(leaf[1].substring ?? "")
      var value: [UInt8] = []
      JSONWriter.canonicalBytes(line.value).withUnsafeBufferPointer {
        HTML.appendEscaped(utf8: $0, to: &value, quotes: false)
      }
      #expect(code.contains(String(decoding: value, as: UTF8.self)), "\(line.path)")
      #expect(leaf[2].substring == "\(line.revision.id)"[...], "\(line.path)")
      #expect(leaf[3].substring.map(String.init) == HTML.escape(line.revision.author))
    }
    let revisions = try fixture.catalog.history(of: "button").map(\.revision.id)
    let shown = html.components(separatedBy: " data-revision=").dropFirst().map {
      Int64($0.prefix { $0.isNumber }) ?? 0
    }
    #expect(shown == revisions)
    #expect(html.contains("<code class=ptr>/payload/title</code>"))
    #expect(html.contains("<del><code>\"OK\"</code></del>"))

    let card = page("kinds/tile-card.html")
    #expect(card.contains("renamed from <span class=kind>tile-preview</span> to"))
    #expect(card.contains("TYPE_CHANGED"))
    let exact = try fixture.catalog.entry("tile-card").jsonValue
    // Element content: `&`, `<` and `>` escaped, quotes kept.
    var escaped: [UInt8] = []
    Array(JSONWriter.indentedString(exact).utf8).withUnsafeBufferPointer {
      HTML.appendEscaped(utf8: $0, to: &escaped, quotes: false)
    }
    #expect(card.contains(String(decoding: escaped, as: UTF8.self)))
  }

  @Test func revisionPagesGroupChangesByKind() {
    let third = page("revisions/3.html")
    #expect(
      third.contains(
        "data-kind=\"old-banner\"><div class=change-head><span class=\"op op-removed\">removed")
    )
    #expect(third.contains("KEY_REMOVED"))
    #expect(third.contains("<span class=\"badge c-breaking\">"))
    #expect(third.contains("data-kind=\"button\""))
    #expect(third.contains("<del><code>\"OK\"</code></del>"))
    #expect(page("revisions/2.html").contains("renamed from"))
    #expect(page("revisions/1.html").components(separatedBy: "op-added").count == 5)
  }

  @Test func releaseManifestsAreTheExportsBytes() throws {
    #expect(files["releases/v1.components.json"] == (try fixture.catalog.exportBytes(at: "v1")))
    #expect(files["releases/v2.components.json"] == (try fixture.catalog.exportBytes(at: "v2")))
    let release = page("releases/v2.html")
    #expect(release.contains("Changes since"))
    // Between the tags, tile-preview was renamed and changed: one change, not two.
    #expect(release.contains("renamed from <span class=kind>tile-preview</span> to"))
    #expect(!release.contains("data-kind=\"tile-preview\""))
    #expect(
      release.contains(
        "data-kind=\"old-banner\"><div class=change-head><span class=\"op op-removed\">"))
    #expect(release.contains("TYPE_CHANGED"))
    #expect(page("releases/v1.html").contains("The first release"))
  }

  @Test func theSameCatalogGivesTheSameBytes() throws {
    let again = fixture.directory.path("again")
    try CatalogSite.write(fixture.catalog, to: again, options: .init(title: "Team <UI>"))
    #expect(try SiteFixture.files(in: again) == files)
  }

  @Test func anEarlierRevisionShowsOnlyItsHistory() throws {
    let old = fixture.directory.path("old")
    let summary = try CatalogSite.write(
      fixture.catalog, to: old, options: .init(title: "T", reference: "v1"))
    #expect(summary.revision == 1 && summary.kinds == 4 && summary.revisions == 1)
    let oldFiles = try SiteFixture.files(in: old)
    #expect(oldFiles["kinds/tile-preview.html"] != nil)
    #expect(oldFiles["revisions/2.html"] == nil)
    #expect(oldFiles["releases/v2.html"] == nil)
  }
}

@Suite("catalog site: text that differs only in bytes")
struct CatalogSiteBytesTests {
  /// Categories spelled in NFC and in NFD are two categories (equality is bytes; the catalog
  /// refuses such kinds, but not such categories): two entries in the list and the filter.
  @Test func canonicallyEquivalentCategoriesStayApart() throws {
    let directory = try TemporaryDirectory()
    let catalog = try Catalog(path: directory.path("catalog.sqlite"))
    let document = """
      {"components": [
        {"kind": "one", "category": "\u{C5}", "description": "nfc", "payload": {"v": 1}},
        {"kind": "two", "category": "A\u{30A}", "description": "nfd", "payload": {"v": 2}}
      ]}
      """
    try catalog.importDocument(
      from: .bytes(Array(document.utf8), name: "d.json"), options: WriteOptions(author: "a"))
    let root = directory.path("site")
    try CatalogSite.write(catalog, to: root)
    let files = try SiteFixture.files(in: root)
    let index = Data(files["index.html"] ?? [])
    // Searched as bytes: String.contains would match either spelling.
    for option in ["<option value=\"0\">A\u{30A} (1)", "<option value=\"1\">\u{C5} (1)"] {
      #expect(index.range(of: Data(option.utf8)) != nil, "\(option)")
    }
    let search = SiteFixture.text(files["search-index.js"])
    #expect(search.contains("[\"one\",1,\"nfc\",0]") && search.contains("[\"two\",0,\"nfd\",0]"))
  }
}

import CatalogStore
import Components

extension SiteGenerator {
  /// `index.html` (every kind, the categories, the search form) and `search-index.js`, the
  /// data the search runs over, so that filtering never reads the page's markup.
  mutating func writeIndex() throws {
    try writeSearchIndex()
    let file = try directory.create("index.html")
    var page = HTML()
    page.beginPage(title: title, siteTitle: title, depth: .root, section: .kinds)
    page.raw("<h1>")
    page.text(title)
    page.raw("</h1>\n<p class=\"meta\">Revision ")
    page.revisionLink(head.id, depth: .root)
    page.raw(" · ")
    page.time(time(of: head))
    for tag in head.tags {
      page.raw(" · ")
      page.releaseLink(tag, slug: tagSlugs[BytewiseString(tag)], depth: .root)
    }
    page.raw(" · ")
    page.number(kinds.count)
    page.raw(kinds.count == 1 ? " kind</p>\n" : " kinds</p>\n")

    page.raw("<section aria-labelledby=\"categories-h\"><h2 id=\"categories-h\">Categories</h2>")
    page.raw("<ul class=\"categories\">")
    for (index, category) in categories.enumerated() {
      page.raw("<li><a href=\"#category=")
      page.number(index)
      page.raw("\" data-category=\"")
      page.number(index)
      page.raw("\">")
      page.text(category.name.isEmpty ? "(no category)" : category.name)
      page.raw(" <span class=\"count\">")
      page.number(category.count)
      page.raw("</span></a></li>")
    }
    page.raw("</ul></section>\n")

    page.raw("<section aria-labelledby=\"kinds-h\"><h2 id=\"kinds-h\">Kinds</h2>\n")
    page.raw("<form class=\"filters\" role=\"search\" id=\"filters\">")
    page.raw(
      "<label for=\"q\">Search</label><input id=\"q\" type=\"search\" placeholder=\"Kind, category or description\">"
    )
    page.raw("<label for=\"category\">Category</label><select id=\"category\">")
    page.raw("<option value=\"\">All categories</option>")
    for (index, category) in categories.enumerated() {
      page.raw("<option value=\"")
      page.number(index)
      page.raw("\">")
      page.text(category.name.isEmpty ? "(no category)" : category.name)
      page.raw(" (")
      page.number(category.count)
      page.raw(")</option>")
    }
    page.raw("</select><label for=\"deprecation\">Status</label><select id=\"deprecation\">")
    page.raw(
      "<option value=\"all\">All</option><option value=\"active\">Not deprecated</option><option value=\"deprecated\">Deprecated</option></select></form>\n"
    )
    page.raw("<p id=\"count\" class=\"count-line\" role=\"status\">")
    page.number(kinds.count)
    page.raw(" of ")
    page.number(kinds.count)
    page.raw(" kinds</p>\n")
    page.raw(
      "<table class=\"list kinds\"><thead><tr><th scope=\"col\">Kind</th><th scope=\"col\">Category</th><th scope=\"col\">Description</th><th scope=\"col\">Last change</th></tr></thead><tbody id=\"kinds\">\n"
    )
    for summary in kinds {
      page.raw("<tr><td>")
      page.kindLink(summary.kind, slug: summary.slug, depth: .root)
      if summary.deprecated { page.raw(" <span class=\"badge deprecated\">deprecated</span>") }
      page.raw("</td><td>")
      page.text(summary.category)
      page.raw("</td><td>")
      page.text(summary.description)
      page.raw("</td><td>")
      if summary.lastRevision > 0 {
        page.revisionLink(summary.lastRevision, depth: .root)
        page.raw(" ")
        page.text(summary.lastAuthor)
      }
      page.raw("</td></tr>\n")
      try page.flush(into: file)
    }
    page.raw("</tbody></table>\n<p id=\"empty\" class=\"muted\" hidden>No kind matches.</p>")
    page.raw("</section>\n")
    page.endPage(depth: .root, scripts: ["search-index.js"])
    try finish(&page, in: file)
  }

  /// `window.CATALOG_INDEX = {"categories": [...], "kinds": [[kind, category index,
  /// description, deprecated], ...]}`, rows in the order of the index page's table. A script
  /// file rather than JSON because pages opened from `file://` may not fetch files.
  private mutating func writeSearchIndex() throws {
    let file = try directory.create("search-index.js")
    var out: [UInt8] = []
    out.reserveCapacity(80 << 10)
    out.append(contentsOf: "window.CATALOG_INDEX = {\"categories\": [".utf8)
    for (index, category) in categories.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      HTML.appendScriptString(category.name, to: &out)
    }
    out.append(contentsOf: "],\n\"kinds\": [\n".utf8)
    for (index, summary) in kinds.enumerated() {
      out.append(UInt8(ascii: "["))
      HTML.appendScriptString(summary.kind, to: &out)
      out.append(contentsOf: ",\(categoryIndex[BytewiseString(summary.category)] ?? 0),".utf8)
      HTML.appendScriptString(summary.description, to: &out)
      out.append(contentsOf: (summary.deprecated ? ",1]" : ",0]").utf8)
      out.append(contentsOf: (index < kinds.count - 1 ? ",\n" : "\n").utf8)
      if out.count >= 64 << 10 {
        try file.write(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    out.append(contentsOf: "]};\n".utf8)
    try file.write(out)
    try file.close()
    files += 1
  }
}

import CatalogStore
import Components

extension SiteGenerator {
  /// One kind at the site's revision as the index lists it, its texts in a shared buffer.
  struct IndexRow {
    var component: Int64
    /// The revision of the kind's last change (its row in force).
    var revision: Int64
    /// Where the order key starts; the kind, category and description follow it.
    var start: Int32
    var keyCount: Int32
    var kindCount: Int32
    var categoryCount: Int32
    var descriptionCount: Int32
    var deprecated: Bool
  }

  /// The index's rows and texts, in export order.
  struct IndexRows {
    var rows: [IndexRow] = []
    var text: [UInt8] = []

    func key(_ row: IndexRow) -> ArraySlice<UInt8> {
      text[Int(row.start)..<Int(row.start + row.keyCount)]
    }

    func kind(_ row: IndexRow) -> ArraySlice<UInt8> {
      let start = Int(row.start + row.keyCount)
      return text[start..<start + Int(row.kindCount)]
    }

    func category(_ row: IndexRow) -> ArraySlice<UInt8> {
      let start = Int(row.start + row.keyCount + row.kindCount)
      return text[start..<start + Int(row.categoryCount)]
    }

    func description(_ row: IndexRow) -> ArraySlice<UInt8> {
      let start = Int(row.start + row.keyCount + row.kindCount + row.categoryCount)
      return text[start..<start + Int(row.descriptionCount)]
    }
  }

  /// One pass over the rows in force at ``head``, without payloads: the kinds' page names
  /// (``kinds``), the categories, and `index.html` with `search-index.js`, written now so
  /// that the descriptions are not kept while the other pages are written.
  mutating func readKinds() throws {
    var index = IndexRows()
    try catalog.forEachEntryRowWithoutPayload(at: .number(head.id)) { row in
      let start = index.text.count
      index.text.append(contentsOf: row.orderKey)
      index.text.append(contentsOf: row.kind)
      index.text.append(contentsOf: row.category)
      index.text.append(contentsOf: row.description)
      // Only an entry with members beyond the four standard ones can be deprecated. The row
      // was read without its payload, which the kind's own page reads and checks.
      let deprecated =
        try row.extra != nil && EntryCodec.decode(row, checkingPayload: false).entry.isDeprecated
      index.rows.append(
        IndexRow(
          component: row.componentID, revision: row.revision, start: Int32(start),
          keyCount: Int32(row.orderKey.count), kindCount: Int32(row.kind.count),
          categoryCount: Int32(row.category.count),
          descriptionCount: Int32(row.description.count), deprecated: deprecated))
    }
    // Export order: by order key, then component id.
    let text = index.text
    index.rows.sort { a, b in
      let aKey = text[Int(a.start)..<Int(a.start + a.keyCount)]
      let bKey = text[Int(b.start)..<Int(b.start + b.keyCount)]
      if aKey.elementsEqual(bKey) { return a.component < b.component }
      return aKey.lexicographicallyPrecedes(bKey)
    }

    var counts: [BytewiseString: Int] = [:]
    for row in index.rows {
      counts[BytewiseString(String(decoding: index.category(row), as: UTF8.self)), default: 0] +=
        1
    }
    categories = counts.sorted { $0.key < $1.key }.map { (name: $0.key.string, count: $0.value) }
    var categoryIndex: [BytewiseString: Int] = [:]
    for (position, category) in categories.enumerated() {
      categoryIndex[BytewiseString(category.name)] = position
    }

    // A kind's page name is a function of the kind alone (``SiteNames/kindName(_:)``); the
    // only way two kinds could share one is the same slug and 48 bits of SHA-256, refused
    // rather than resolved by renaming either page.
    var pageOwners: [String: Int] = [:]
    pageOwners.reserveCapacity(index.rows.count)
    kinds.reserve(
      count: index.rows.count, bytes: index.rows.reduce(0) { $0 + Int($1.kindCount) } + 1024)
    var rowCategories: [Int32] = []
    rowCategories.reserveCapacity(index.rows.count)
    for row in index.rows {
      let kind = String(decoding: index.kind(row), as: UTF8.self)
      let category =
        categoryIndex[BytewiseString(String(decoding: index.category(row), as: UTF8.self))] ?? 0
      let name = try SiteNames.kindName(kind)
      if let owner = pageOwners.updateValue(kinds.count, forKey: name) {
        throw CatalogSiteError.samePageName(name: name, kinds: [kinds.kind(owner), kind])
      }
      kinds.append(kind: kind, slug: name, category: category, component: row.component)
      rowCategories.append(Int32(category))
    }
    kinds.index()
    try writeSearchIndex(index, categories: rowCategories)
    try writeIndex(index)
  }

  /// `index.html`: every kind, the categories, the search form.
  private mutating func writeIndex(_ index: IndexRows) throws {
    let file = try directory.create("index.html")
    var page = HTML(capacity: 64 << 10)
    page.beginPage(title: title, siteTitle: title, depth: .root, section: .kinds)
    page.raw("<h1>")
    page.text(title)
    page.raw("</h1>\n<p class=meta>Revision ")
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

    page.raw("<section aria-labelledby=categories-h><h2 id=categories-h>Categories</h2>")
    page.raw("<ul class=categories>")
    for (position, category) in categories.enumerated() {
      page.raw("<li><a href=\"#category=")
      page.number(position)
      page.raw("\" data-category=")
      page.number(position)
      page.raw(">")
      page.text(category.name.isEmpty ? "(no category)" : category.name)
      page.raw(" <span class=count>")
      page.number(category.count)
      page.raw("</span></a></li>")
    }
    page.raw("</ul></section>\n")

    page.raw("<section aria-labelledby=kinds-h><h2 id=kinds-h>Kinds</h2>\n")
    page.raw("<form class=filters role=search id=filters>")
    page.raw(
      "<label for=q>Search</label><input id=q type=search placeholder=\"Kind, category, description or payload\">"
    )
    page.raw("<label for=category>Category</label><select id=category>")
    page.raw("<option value=\"\">All categories</option>")
    for (position, category) in categories.enumerated() {
      page.raw("<option value=\"")
      page.number(position)
      page.raw("\">")
      page.text(category.name.isEmpty ? "(no category)" : category.name)
      page.raw(" (")
      page.number(category.count)
      page.raw(")</option>")
    }
    page.raw("</select><label for=deprecation>Status</label><select id=deprecation>")
    page.raw(
      "<option value=all>All</option><option value=active>Not deprecated</option><option value=deprecated>Deprecated</option></select></form>\n"
    )
    page.raw("<p id=count class=count-line role=status>")
    page.number(kinds.count)
    page.raw(" of ")
    page.number(kinds.count)
    page.raw(" kinds</p>\n")
    page.raw(
      "<table class=\"list kinds\"><thead><tr><th scope=col>Kind</th><th scope=col>Category</th><th scope=col>Description</th><th scope=col>Last change</th></tr></thead><tbody id=kinds>\n"
    )
    for (position, row) in index.rows.enumerated() {
      page.raw("<tr><td><a class=kind href=\"kinds/")
      page.text(kinds.slug(position))
      page.raw(".html\">")
      page.text(utf8: index.kind(row))
      page.raw("</a>")
      if row.deprecated { page.raw(" <span class=\"badge deprecated\">deprecated</span>") }
      page.raw("</td><td>")
      page.text(utf8: index.category(row))
      page.raw("</td><td>")
      page.text(utf8: index.description(row))
      page.raw("</td><td>")
      if let revision = revisionByID[row.revision] {
        page.revisionLink(revision.id, depth: .root)
        page.raw(" ")
        page.text(revision.author)
      }
      page.raw("</td></tr>\n")
      try page.flush(into: file)
    }
    page.raw("</tbody></table>\n<p id=empty class=muted hidden>No kind matches.</p>")
    page.raw("</section>\n")
    page.endPage(depth: .root, scripts: ["search-index.js", "search-payloads.js"])
    try finish(&page, in: file)
  }

  /// `window.CATALOG_INDEX = {"categories": [...], "kinds": [[kind, category index,
  /// description, deprecated], ...]}`, rows in the order of the index page's table. A script
  /// file rather than JSON because pages opened from `file://` may not fetch files.
  private mutating func writeSearchIndex(_ index: IndexRows, categories rowCategories: [Int32])
    throws
  {
    let file = try directory.create("search-index.js")
    var out: [UInt8] = []
    out.reserveCapacity(80 << 10)
    out.append(contentsOf: "window.CATALOG_INDEX = {\"categories\": [".utf8)
    for (position, category) in categories.enumerated() {
      if position > 0 { out.append(UInt8(ascii: ",")) }
      HTML.appendScriptString(category.name, to: &out)
    }
    out.append(contentsOf: "],\n\"kinds\": [\n".utf8)
    for (position, row) in index.rows.enumerated() {
      out.append(UInt8(ascii: "["))
      HTML.appendScriptString(utf8: index.kind(row), to: &out)
      out.append(UInt8(ascii: ","))
      HTML.appendDecimal(Int64(rowCategories[position]), to: &out)
      out.append(UInt8(ascii: ","))
      HTML.appendScriptString(utf8: index.description(row), to: &out)
      out.append(contentsOf: (row.deprecated ? ",1]" : ",0]").utf8)
      out.append(contentsOf: (position < index.rows.count - 1 ? ",\n" : "\n").utf8)
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

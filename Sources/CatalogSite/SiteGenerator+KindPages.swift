import CatalogStore
import Components

extension SiteGenerator {
  /// A page per kind at ``head``, in export order.
  mutating func writeKindPages() throws {
    // The previous and next kind of the same category, in export order.
    var previousInCategory = [Int?](repeating: nil, count: kinds.count)
    var nextInCategory = [Int?](repeating: nil, count: kinds.count)
    var last: [BytewiseString: Int] = [:]
    for (index, summary) in kinds.enumerated() {
      let category = BytewiseString(summary.category)
      if let before = last[category] {
        previousInCategory[index] = before
        nextInCategory[before] = index
      }
      last[category] = index
    }
    // One streamed pass over every component's stored versions: each kind page, and what
    // each revision did to each component for the revision pages, come from the same
    // versions, compared once by the change model.
    let catalog = self.catalog
    try catalog.forEachComponentHistory(upTo: .number(head.id)) { component in
      try visit(component, previous: previousInCategory, next: nextInCategory)
    }
  }

  /// One component: its rows on the revision pages, and its page when it has one.
  private mutating func visit(_ component: ComponentHistory, previous: [Int?], next: [Int?])
    throws
  {
    let history = try component.history { revisionByID[$0] }
    let current = component.current
    let index = current.flatMap { kindIndex[BytewiseString($0.entry.kind)] }
    let slug = index.map { kinds[$0].slug }
    for item in history.reversed() {
      // A revision page shows field changes for a changed or renamed component only.
      let fields =
        item.change == .changed || item.change == .renamed
        ? item.changes.filter { $0.rule != .entryRenamed } : []
      rows[item.revision.id, default: []].append(
        RevisionRow(
          change: ComponentChange(
            kind: item.kind, previousKind: item.previousKind, change: item.change,
            fields: fields),
          slug: slug))
    }
    guard let index, let current, let attribution = try component.attribution() else { return }
    // The entry is parsed once: its blame, its payload tree and its JSON come from one value.
    let blame = try ComponentHistory.blame(of: attribution) { revisionByID[$0] }
    try writeKindPage(
      index, entry: current.entry, value: attribution.value, history: history, blame: blame,
      previous: previous[index], next: next[index])
  }

  private mutating func writeKindPage(
    _ index: Int, entry: CatalogEntry, value: JSONValue, history: [KindHistoryItem],
    blame: [BlameLine], previous: Int?, next: Int?
  ) throws {
    let summary = kinds[index]
    if let newest = history.first {
      kinds[index].lastRevision = newest.revision.id
      kinds[index].lastAuthor = newest.revision.author
    }

    var page = HTML()
    page.beginPage(title: summary.kind, siteTitle: title, depth: .nested, section: .kinds)
    page.raw(
      "<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"../index.html\">Kinds</a> / ")
    page.raw("<a href=\"../index.html#category=")
    page.number(categoryIndex[BytewiseString(summary.category)] ?? 0)
    page.raw("\">")
    page.text(summary.category.isEmpty ? "(no category)" : summary.category)
    page.raw("</a></nav>\n<h1 class=\"kind-title\">")
    page.text(summary.kind)
    if summary.deprecated { page.raw(" <span class=\"badge deprecated\">deprecated</span>") }
    page.raw("</h1>\n<p class=\"description\">")
    page.text(entry.description)
    page.raw("</p>\n<p class=\"meta\">Category <strong>")
    page.text(entry.category)
    page.raw("</strong>")
    if let newest = history.first {
      page.raw(" · last changed in ")
      page.revisionLink(newest.revision.id, depth: .nested)
      page.raw(" by ")
      page.text(newest.revision.author)
      page.raw(" at ")
      page.time(time(of: newest.revision))
    }
    page.raw("</p>\n")

    var cells: [Int64: HTML] = [:]
    for line in blame where cells[line.revision.id] == nil {
      cells[line.revision.id] = HTML.blameCell(line.revision, time: time(of: line.revision))
    }

    page.raw("<section aria-labelledby=\"payload-h\"><h2 id=\"payload-h\">Payload</h2>\n")
    page.raw(
      "<p class=\"tools\"><button type=\"button\" data-expand=\"open\">Expand all</button> <button type=\"button\" data-expand=\"close\">Collapse all</button> <span class=\"muted\">Each value shows the revision and author that last changed it.</span></p>\n"
    )
    page.jsonTree(
      try Self.payload(of: value) ?? entry.payload.value(), under: ["payload"],
      blame: blame.filter { $0.path.tokens.first == "payload" }, cells: cells)
    page.raw("</section>\n")

    page.raw("<section aria-labelledby=\"fields-h\"><h2 id=\"fields-h\">Fields</h2>\n")
    page.raw(
      "<table class=\"fields-table\"><thead><tr><th scope=\"col\">Field</th><th scope=\"col\">Value</th><th scope=\"col\">Last changed</th><th scope=\"col\">Message</th></tr></thead><tbody>\n"
    )
    for line in blame where line.path.tokens.first != "payload" {
      page.raw("<tr><td><code>")
      page.text(line.path.description)
      page.raw("</code></td><td>")
      page.jsonText(line.value)
      page.raw("</td><td>")
      if let cell = cells[line.revision.id] { page.append(cell) }
      page.raw("</td><td>")
      page.text(line.revision.message)
      page.raw("</td></tr>\n")
    }
    page.raw("</tbody></table></section>\n")

    page.raw("<section aria-labelledby=\"history-h\"><h2 id=\"history-h\">History</h2>\n")
    page.raw("<ol class=\"timeline\">\n")
    for item in history {
      let change = ComponentChange(item)
      page.raw("<li data-revision=\"")
      page.number(item.revision.id)
      page.raw("\"><div class=\"when\">")
      page.revisionLink(item.revision.id, depth: .nested)
      page.raw(" ")
      page.time(time(of: item.revision))
      page.raw(" <span class=\"author\">")
      page.text(item.revision.author)
      page.raw("</span></div><div class=\"message\">")
      page.text(item.revision.message)
      page.raw("</div><ul class=\"changes\">")
      page.componentChange(change, slug: nil, depth: .nested, showKind: false)
      page.raw("</ul></li>\n")
    }
    page.raw("</ol></section>\n")

    page.raw("<nav class=\"neighbours\" aria-label=\"Kinds of the same category\">")
    if let previous {
      page.neighbourLink(next: false, page: kinds[previous].slug, label: kinds[previous].kind)
    }
    if let next {
      page.neighbourLink(next: true, page: kinds[next].slug, label: kinds[next].kind)
    }
    page.raw("</nav>\n")

    page.raw("<section aria-labelledby=\"json-h\"><h2 id=\"json-h\">JSON</h2>\n")
    page.raw(
      "<p class=\"tools\"><button type=\"button\" data-copy=\"entry-json\">Copy JSON</button> <span class=\"copied\" role=\"status\"></span></p>\n"
    )
    page.raw("<pre id=\"entry-json\" tabindex=\"0\"><code>")
    page.text(utf8: JSONWriter.indentedBytes(value))
    page.raw("</code></pre></section>\n")
    page.endPage(depth: .nested)
    try write("kinds/\(summary.slug).html", page)
  }

  /// The `payload` member of an entry's value.
  private static func payload(of entry: JSONValue) -> JSONValue? {
    guard case .object(let members) = entry else { return nil }
    return members["payload"]
  }
}

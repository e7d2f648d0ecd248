import CatalogDiff
import CatalogStore
import Components

extension SiteGenerator {
  /// A page per revision up to ``head``: its header and its changes grouped by kind.
  mutating func writeRevisionPages() throws {
    let ordered = Array(revisions.reversed())
    let waivers = Dictionary(
      try catalog.waivers().map { ($0.revision, $0) }, uniquingKeysWith: { first, _ in first })
    // By revision, then by kind, bytewise; rows of one kind stay in component order.
    let order = rows.ordered(kinds: kinds)
    var cursor = 0
    for (position, revision) in ordered.enumerated() {
      while cursor < order.count, rows.rows[Int(order[cursor])].revision < revision.id {
        cursor += 1
      }
      let start = cursor
      while cursor < order.count, rows.rows[Int(order[cursor])].revision == revision.id {
        cursor += 1
      }
      let older = position > 0 ? ordered[position - 1].id : nil
      let newer = position + 1 < ordered.count ? ordered[position + 1].id : nil
      try writeRevisionPage(
        revision, rows: order[start..<cursor], waiver: waivers[revision.id], older: older,
        newer: newer)
    }
  }

  private mutating func writeRevisionPage(
    _ revision: Revision, rows selected: ArraySlice<Int32>, waiver: Waiver?, older: Int64?,
    newer: Int64?
  ) throws {
    let file = try directory.create("revisions/\(revision.id).html")
    var page = HTML(capacity: 0)
    swap(&page, &self.page)
    defer { swap(&page, &self.page) }
    page.reset()
    page.beginPage(
      title: "Revision \(revision.id)", siteTitle: title, depth: .nested, section: .revisions)
    page.raw("<h1>Revision ")
    page.number(revision.id)
    page.raw("</h1>\n<p class=message>")
    page.text(revision.message.isEmpty ? "(no message)" : revision.message)
    page.raw("</p>\n<dl class=header><dt>Author</dt><dd>")
    page.text(revision.author)
    page.raw("</dd><dt>Time</dt><dd>")
    page.time(time(of: revision))
    page.raw("</dd><dt>Operation</dt><dd>")
    page.text(revision.operation)
    page.raw("</dd><dt>Source</dt><dd><code>")
    page.text(revision.source)
    page.raw("</code></dd><dt>Counts</dt><dd>")
    page.counts(revision.counts)
    page.raw("</dd>")
    if !revision.tags.isEmpty {
      page.raw("<dt>Tags</dt><dd>")
      for tag in revision.tags {
        page.releaseLink(tag, slug: tagSlugs[BytewiseString(tag)], depth: .nested)
        page.raw(" ")
      }
      page.raw("</dd>")
    }
    page.raw("</dl>\n")
    if let waiver { page.waiver(waiver) }
    var counts = [0, 0, 0, 0]
    for index in selected {
      for (i, count) in rows.classes(rows.rows[Int(index)]).enumerated() { counts[i] += count }
    }
    page.classSummary(counts: counts)
    page.raw("<section aria-labelledby=changes-h><h2 id=changes-h>Changes by kind</h2>\n")
    page.raw("<ul class=changes>\n")
    for index in selected {
      let row = rows.rows[Int(index)]
      var classes: Set<ChangeClass> = []
      for (position, count) in rows.classes(row).enumerated() where count > 0 {
        classes.insert(ChangeClass.allCases[position])
      }
      page.changeHead(
        kind: rows.kind(row, kinds: kinds), previousKind: rows.previousKind(row),
        change: row.change, classes: classes,
        slug: row.page >= 0 ? kinds.slug(Int(row.page)) : nil, depth: .nested, showKind: true)
      page.fragment(rows.fields(row))
      page.raw("</li>\n")
      try page.flush(into: file)
    }
    page.raw("</ul></section>\n<nav class=neighbours aria-label=Revisions>")
    if let older {
      page.neighbourLink(next: false, page: String(older), label: "revision \(older)")
    }
    if let newer {
      page.neighbourLink(next: true, page: String(newer), label: "revision \(newer)")
    }
    page.raw("</nav>\n")
    page.endPage(depth: .nested)
    try finish(&page, in: file)
  }

  /// `revisions.html`: every revision up to ``head``, newest first.
  mutating func writeRevisionList() throws {
    let file = try directory.create("revisions.html")
    var page = HTML()
    page.beginPage(title: "Revisions", siteTitle: title, depth: .root, section: .revisions)
    page.raw("<h1>Revisions</h1>\n<table class=\"list revisions\"><thead><tr>")
    page.raw(
      "<th scope=\"col\">Revision</th><th scope=\"col\">Time</th><th scope=\"col\">Author</th><th scope=\"col\">Message</th><th scope=\"col\">Changes</th><th scope=\"col\">Tags</th></tr></thead><tbody>\n"
    )
    for revision in revisions {
      page.raw("<tr><td>")
      page.revisionLink(revision.id, depth: .root)
      page.raw("</td><td>")
      page.time(time(of: revision))
      page.raw("</td><td>")
      page.text(revision.author)
      page.raw("</td><td>")
      page.text(revision.message)
      page.raw("</td><td>")
      page.counts(revision.counts)
      page.raw("</td><td>")
      for tag in revision.tags {
        page.releaseLink(tag, slug: tagSlugs[BytewiseString(tag)], depth: .root)
        page.raw(" ")
      }
      page.raw("</td></tr>\n")
      try page.flush(into: file)
    }
    page.raw("</tbody></table>\n")
    page.endPage(depth: .root)
    try finish(&page, in: file)
  }
}

extension HTML {
  /// `+2 ~1 −0 ↕0` with words for screen readers.
  mutating func counts(_ counts: ChangeCounts) {
    raw("<span class=\"counts\">")
    number(counts.added)
    raw(" added, ")
    number(counts.changed)
    raw(" changed, ")
    number(counts.removed)
    raw(" removed")
    if counts.moved > 0 {
      raw(", ")
      number(counts.moved)
      raw(" moved")
    }
    raw("</span>")
  }

  /// A link to a release page, or the tag as text when it has none.
  mutating func releaseLink(_ tag: String, slug: String?, depth: Depth) {
    pageLink(tag, slug: slug, folder: "releases", cssClass: "tag", depth: depth)
  }
}

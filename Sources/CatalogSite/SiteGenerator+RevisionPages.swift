import CatalogStore
import Components

extension SiteGenerator {
  /// What one revision did to one component, and the component's page at ``head`` if it
  /// has one.
  struct RevisionRow {
    var change: ComponentChange
    var slug: String?
  }

  /// A page per revision up to ``head``: its header and its changes grouped by kind.
  mutating func writeRevisionPages() throws {
    let ordered = revisions.reversed()
    let waivers = Dictionary(
      try catalog.waivers().map { ($0.revision, $0) }, uniquingKeysWith: { first, _ in first })
    for (position, revision) in ordered.enumerated() {
      // By kind, bytewise; rows of one kind stay in component order.
      let changes = (rows[revision.id] ?? []).sorted {
        $0.change.kind.utf8.lexicographicallyPrecedes($1.change.kind.utf8)
      }.map { ($0.change, $0.slug) }
      let index = ordered.index(ordered.startIndex, offsetBy: position)
      let older = position > 0 ? ordered[ordered.index(before: index)].id : nil
      let newer = position + 1 < ordered.count ? ordered[ordered.index(after: index)].id : nil
      try writeRevisionPage(
        revision, changes: changes, waiver: waivers[revision.id], older: older, newer: newer)
    }
  }

  private mutating func writeRevisionPage(
    _ revision: Revision, changes: [(ComponentChange, String?)], waiver: Waiver?, older: Int64?,
    newer: Int64?
  ) throws {
    let file = try directory.create("revisions/\(revision.id).html")
    var page = HTML()
    page.beginPage(
      title: "Revision \(revision.id)", siteTitle: title, depth: .nested, section: .revisions)
    page.raw("<h1>Revision ")
    page.number(revision.id)
    page.raw("</h1>\n<p class=\"message\">")
    page.text(revision.message.isEmpty ? "(no message)" : revision.message)
    page.raw("</p>\n<dl class=\"header\"><dt>Author</dt><dd>")
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
    page.classSummary(changes.flatMap { $0.0.classes })
    page.raw("<section aria-labelledby=\"changes-h\"><h2 id=\"changes-h\">Changes by kind</h2>\n")
    page.raw("<ul class=\"changes\">\n")
    for (change, slug) in changes {
      page.componentChange(change, slug: slug, depth: .nested)
      try page.flush(into: file)
    }
    page.raw("</ul></section>\n<nav class=\"neighbours\" aria-label=\"Revisions\">")
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
    page.raw("<h1>Revisions</h1>\n<table class=\"list\"><thead><tr>")
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

import CatalogStore
import Components

extension SiteGenerator {
  /// One component's row in one revision, as the stored history records it.
  struct VersionRow {
    var componentID: Int64
    var change: EntryChange
    var kind: String
    /// The component's kind before this revision (nil when it is new).
    var previousKind: String?
  }

  /// Which components each revision touched, from the stored versions (one pass, in
  /// revision order); only kinds and ids are kept, payloads are read per page.
  mutating func readVersions() throws {
    var rows: [Int64: [VersionRow]] = [:]
    var kindOf: [Int64: String] = [:]
    var present: Set<Int64> = []
    let head = self.head.id
    try catalog.forEachEntryVersion { version in
      guard version.revision <= head else { return }
      rows[version.revision, default: []].append(
        VersionRow(
          componentID: version.componentID, change: version.change, kind: version.entry.kind,
          previousKind: kindOf[version.componentID]))
      kindOf[version.componentID] = version.entry.kind
      if version.change == .removed {
        present.remove(version.componentID)
      } else {
        present.insert(version.componentID)
      }
    }
    self.rows = rows
    self.kindOf = kindOf
    self.present = present
  }

  /// The page of a component under the name it has at the site's revision, if it has one.
  func slug(ofComponent id: Int64) -> String? {
    guard present.contains(id), let kind = kindOf[id] else { return nil }
    return slug(of: kind)
  }

  /// A page per revision up to ``head``: its header and its changes grouped by kind.
  mutating func writeRevisionPages() throws {
    let ordered = revisions.reversed()
    let waivers = Dictionary(
      try catalog.waivers().map { ($0.revision, $0) }, uniquingKeysWith: { first, _ in first })
    for (position, revision) in ordered.enumerated() {
      let touched = (rows[revision.id] ?? []).sorted {
        Array($0.kind.utf8).lexicographicallyPrecedes(Array($1.kind.utf8))
      }
      var changes: [(ComponentChange, String?)] = []
      for row in touched {
        let change = try ComponentChange.load(
          from: catalog, kind: row.kind, previousKind: row.previousKind, change: row.change,
          revision: revision.id)
        changes.append((change, slug(ofComponent: row.componentID)))
      }
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
    }
    page.raw("</ul></section>\n<nav class=\"neighbours\" aria-label=\"Revisions\">")
    if let older {
      page.raw("<a rel=\"prev\" href=\"")
      page.number(older)
      page.raw(".html\">← revision ")
      page.number(older)
      page.raw("</a>")
    }
    if let newer {
      page.raw("<a rel=\"next\" href=\"")
      page.number(newer)
      page.raw(".html\">revision ")
      page.number(newer)
      page.raw(" →</a>")
    }
    page.raw("</nav>\n")
    page.endPage(depth: .nested)
    try write("revisions/\(revision.id).html", page)
  }

  /// `revisions.html`: every revision up to ``head``, newest first.
  mutating func writeRevisionList() throws {
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
    }
    page.raw("</tbody></table>\n")
    page.endPage(depth: .root)
    try write("revisions.html", page)
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

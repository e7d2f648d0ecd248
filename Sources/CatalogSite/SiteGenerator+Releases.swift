import CatalogStore
import Components

extension SiteGenerator {
  /// `releases.html` and, per tag, its page and its manifest: the byte-exact
  /// components.json of the tagged revision.
  mutating func writeReleases() throws {
    var list = HTML()
    list.beginPage(title: "Releases", siteTitle: title, depth: .root, section: .releases)
    list.raw("<h1>Releases</h1>\n")
    if tags.isEmpty { list.raw("<p class=\"muted\">No tags yet.</p>\n") }
    list.raw("<ul class=\"releases\">\n")
    for (index, tag) in tags.enumerated().reversed() {
      let slug = tagSlugs[BytewiseString(tag.name)] ?? "item"
      list.raw("<li>")
      list.releaseLink(tag.name, slug: slug, depth: .root)
      list.raw(" at ")
      list.revisionLink(tag.revision, depth: .root)
      list.raw(", tagged by ")
      list.text(tag.author)
      list.raw(" <a href=\"releases/")
      list.text(slug)
      list.raw(".components.json\" download=\"components-")
      list.text(slug)
      list.raw(".json\">components.json</a></li>\n")
      try writeRelease(tag, previous: index > 0 ? tags[index - 1] : nil, slug: slug)
    }
    list.raw("</ul>\n")
    list.endPage(depth: .root)
    try write("releases.html", list)
  }

  private mutating func writeRelease(_ tag: Tag, previous: Tag?, slug: String) throws {
    let manifest = "releases/\(slug).components.json"
    try catalog.export(at: .number(tag.revision), toFile: directory.path(manifest))
    files += 1

    var page = HTML()
    page.beginPage(title: tag.name, siteTitle: title, depth: .nested, section: .releases)
    page.raw("<h1>Release <span class=\"tag\">")
    page.text(tag.name)
    page.raw("</span></h1>\n<dl class=\"header\"><dt>Revision</dt><dd>")
    page.revisionLink(tag.revision, depth: .nested)
    page.raw("</dd><dt>Tagged by</dt><dd>")
    page.text(tag.author)
    page.raw("</dd><dt>Tagged at</dt><dd>")
    page.time(Timestamp.string(tag.time))
    page.raw("</dd><dt>Manifest</dt><dd><a id=\"manifest\" href=\"")
    page.text(slug)
    page.raw(".components.json\" download=\"components-")
    page.text(slug)
    page.raw(".json\">components.json</a> (the exact bytes of <code>catalog export --at ")
    page.text(tag.name)
    page.raw("</code>)</dd></dl>\n")

    guard let previous else {
      page.raw("<p>The first release: no earlier tag to compare with.</p>\n")
      page.endPage(depth: .nested)
      try write("releases/\(slug).html", page)
      return
    }
    let changes = try changes(from: previous.revision, to: tag.revision)
    page.raw("<h2>Changes since <a class=\"tag\" href=\"")
    page.text(tagSlugs[BytewiseString(previous.name)] ?? "item")
    page.raw(".html\">")
    page.text(previous.name)
    page.raw("</a></h2>\n")
    page.classSummary(changes.flatMap(\.0.classes))
    if changes.isEmpty { page.raw("<p class=\"muted\">No changes.</p>\n") }
    page.raw("<ul class=\"changes\">\n")
    for (change, slug) in changes {
      page.componentChange(change, slug: slug, depth: .nested)
    }
    page.raw("</ul>\n")
    page.endPage(depth: .nested)
    try write("releases/\(slug).html", page)
  }
}

extension SiteGenerator {
  /// What changed between two revisions, component by component: the components written
  /// in between (from ``rows``), each compared between its two states. Components are
  /// followed by identity, so a rename is a rename; one that changed and changed back is
  /// left out.
  func changes(from old: Int64, to new: Int64) throws -> [(ComponentChange, String?)] {
    var first: [Int64: VersionRow] = [:]
    var last: [Int64: VersionRow] = [:]
    var moved: Set<Int64> = []
    var order: [Int64] = []
    if old < new {
      for revision in (old + 1)...new {
        for row in rows[revision] ?? [] {
          if first[row.componentID] == nil {
            first[row.componentID] = row
            order.append(row.componentID)
          }
          last[row.componentID] = row
          if row.change == .moved { moved.insert(row.componentID) }
        }
      }
    }
    var changes: [(ComponentChange, String?)] = []
    for component in order {
      guard let firstRow = first[component], let lastRow = last[component] else { continue }
      let before = firstRow.change == .added ? nil : (firstRow.previousKind ?? firstRow.kind)
      let after = lastRow.change == .removed ? nil : lastRow.kind
      let slug = slug(ofComponent: component)
      switch (before, after) {
      case (nil, nil): continue
      case (nil, let kind?):
        changes.append(
          (ComponentChange(kind: kind, previousKind: nil, change: .added, fields: []), slug))
      case (let kind?, nil):
        changes.append(
          (ComponentChange(kind: kind, previousKind: nil, change: .removed, fields: []), slug))
      case (let oldKind?, let newKind?):
        let fields = try ComponentChange.fields(
          of: catalog, from: oldKind, at: old, to: newKind, at: new)
        let renamed = !oldKind.hasSameBytes(as: newKind)
        let change: EntryChange =
          renamed
          ? .renamed : !fields.isEmpty ? .changed : moved.contains(component) ? .moved : .changed
        guard renamed || !fields.isEmpty || moved.contains(component) else { continue }
        changes.append(
          (
            ComponentChange(
              kind: newKind, previousKind: renamed ? oldKind : nil, change: change, fields: fields),
            slug
          ))
      }
    }
    return changes.sorted {
      BytewiseString($0.0.kind) < BytewiseString($1.0.kind)
    }
  }
}

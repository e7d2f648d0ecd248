import CatalogAgents
import CatalogDiff
import CatalogStore
import Components

extension SiteGenerator {
  /// Each tag's manifest, `releases/<tag>.components.json`: the bytes of
  /// `catalog export --at TAG`, written by the export itself
  /// (``Catalog/export(atEach:chunk:into:)``: one read of the versions for every tag, each
  /// entry indented once for the tags that hold it). First, before the pass over the
  /// versions holds anything, so that the export's buffers are memory the pages reuse rather
  /// than memory added to theirs.
  mutating func writeManifests() throws {
    var manifests: [SiteFile] = []
    for tag in tags {
      let slug = tagSlugs[BytewiseString(tag.name)] ?? "item"
      manifests.append(try directory.create("releases/\(slug).components.json"))
    }
    try catalog.export(atEach: tags.map { .number($0.revision) }) { try manifests[$0].write($1) }
    for file in manifests {
      try file.close()
      files += 1
    }
  }

  /// Each tag's files for agents beside its manifest: `releases/<tag>.a2ui.json` and
  /// `releases/<tag>.schema.json`, the bytes of `catalog export --format a2ui --at TAG` and
  /// `catalog export --format json-schema --at TAG` (their default id base, not strict).
  /// Every tag's catalog comes from one read of the history
  /// (``AgentCatalog/load(from:atEach:kinds:majors:)``).
  mutating func writeAgentFiles() throws {
    guard agentFiles, !tags.isEmpty else { return }
    let catalogs = try AgentCatalog.load(from: catalog, atEach: tags.map(\.revision))
    for (tag, agents) in zip(tags, catalogs) {
      let slug = tagSlugs[BytewiseString(tag.name)] ?? "item"
      for (name, value) in [
        ("a2ui", AgentExport.a2ui(agents)), ("schema", AgentExport.jsonSchema(agents)),
      ] {
        let file = try directory.create("releases/\(slug).\(name).json")
        try file.write(AgentExport.bytes(value))
        try file.close()
        files += 1
      }
    }
  }

  /// `releases.html` and, per tag, its page: release notes, newest first, each with the
  /// tag's message, date, tagger, last move and the counts of what changed since the
  /// release before it.
  mutating func writeReleases() throws {
    var list = HTML()
    list.beginPage(title: "Releases", siteTitle: title, depth: .root, section: .releases)
    list.raw("<h1>Releases</h1>\n")
    if tags.isEmpty { list.raw("<p class=\"muted\">No tags yet.</p>\n") }
    list.raw("<ul class=\"releases\">\n")
    for (index, tag) in tags.enumerated().reversed() {
      let slug = tagSlugs[BytewiseString(tag.name)] ?? "item"
      let counts = try writeRelease(index, slug: slug)
      list.raw("<li>")
      list.releaseLink(tag.name, slug: slug, depth: .root)
      list.raw(" at ")
      list.revisionLink(tag.revision, depth: .root)
      releaseNote(tag, counts: counts, into: &list)
      list.raw(" <a href=\"releases/")
      list.text(slug)
      list.raw(".components.json\" download=\"components-")
      list.text(slug)
      list.raw(".json\">components.json</a></li>\n")
    }
    list.raw("</ul>\n")
    list.endPage(depth: .root)
    try write("releases.html", list)
  }

  /// What changed since the release before: kinds added, removed and changed (renamed and
  /// moved ones included); nil for the first release.
  struct ReleaseCounts {
    var added = 0
    var removed = 0
    var changed = 0

    var text: String {
      "\(added) added, \(removed) removed, \(changed) changed"
    }
  }

  /// The tagger and time (kept when a tag moves), the last move, the message and the
  /// counts, in one line of `releases.html`.
  private func releaseNote(_ tag: Tag, counts: ReleaseCounts?, into list: inout HTML) {
    let record = tagRecords[BytewiseString(tag.name)]
    list.raw(", tagged by ")
    list.text(tagger(tag, record))
    list.raw(" on ")
    taggedAt(tag, record, into: &list)
    if let move = record?.lastMove {
      list.raw(", moved ")
      if let time = move.storedTime { list.time(time) } else { list.raw("(unknown)") }
    }
    if let counts {
      list.raw(" <span class=\"counts\">(")
      list.text(counts.text)
      list.raw(")</span>")
    }
    if !tag.message.isEmpty {
      list.raw(" <q class=\"message\">")
      list.text(tag.message)
      list.raw("</q>")
    }
  }

  private func tagger(_ tag: Tag, _ record: TagRecord?) -> String {
    guard let created = record?.created else { return tag.author }
    return created.author ?? "(unknown)"
  }

  private func taggedAt(_ tag: Tag, _ record: TagRecord?, into page: inout HTML) {
    guard let created = record?.created else { return page.time(Timestamp.string(tag.time)) }
    if let time = created.storedTime { page.time(time) } else { page.raw("(unknown)") }
  }

  private mutating func writeRelease(_ index: Int, slug: String) throws -> ReleaseCounts? {
    let tag = tags[index]
    let record = tagRecords[BytewiseString(tag.name)]
    let previous = index > 0 ? tags[index - 1] : nil
    let file = try directory.create("releases/\(slug).html")
    var page = HTML()
    page.beginPage(title: tag.name, siteTitle: title, depth: .nested, section: .releases)
    page.raw("<h1>Release <span class=\"tag\">")
    page.text(tag.name)
    page.raw("</span></h1>\n")
    if !tag.message.isEmpty {
      page.raw("<p class=\"message\">")
      page.text(tag.message)
      page.raw("</p>\n")
    }
    page.raw("<dl class=\"header\"><dt>Revision</dt><dd>")
    page.revisionLink(tag.revision, depth: .nested)
    page.raw("</dd><dt>Tagged by</dt><dd>")
    page.text(tagger(tag, record))
    page.raw("</dd><dt>Tagged at</dt><dd>")
    taggedAt(tag, record, into: &page)
    page.raw("</dd>")
    if let move = record?.lastMove {
      page.raw("<dt>Moved</dt><dd>")
      if let time = move.storedTime { page.time(time) } else { page.raw("(unknown)") }
      page.raw(" by ")
      page.text(move.author ?? "(unknown)")
      page.raw(", from ")
      page.revisionLink(move.fromRevision ?? 0, depth: .nested)
      page.raw("</dd>")
    }
    if let digest = record?.exportDigest {
      page.raw("<dt>Digest</dt><dd><code>")
      page.text(digest.description)
      page.raw("</code></dd>")
    }
    page.raw("<dt>Manifest</dt><dd><a id=\"manifest\" href=\"")
    page.text(slug)
    page.raw(".components.json\" download=\"components-")
    page.text(slug)
    page.raw(".json\">components.json</a> (the exact bytes of <code>catalog export --at ")
    page.text(tag.name)
    page.raw("</code>)</dd>")
    if agentFiles { agentLinks(tag, slug: slug, into: &page) }
    page.raw("</dl>\n")

    guard let previous else {
      page.raw("<p>The first release: no earlier tag to compare with.</p>\n")
      page.endPage(depth: .nested)
      try finish(&page, in: file)
      return nil
    }
    let changes = try changesFromDiff(from: previous, to: tag)
    var counts = ReleaseCounts()
    for (change, _) in changes {
      switch change.change {
      case .added: counts.added += 1
      case .removed: counts.removed += 1
      case .changed, .renamed, .moved: counts.changed += 1
      }
    }
    page.raw("<h2>Changes since <a class=\"tag\" href=\"")
    page.text(tagSlugs[BytewiseString(previous.name)] ?? "item")
    page.raw(".html\">")
    page.text(previous.name)
    page.raw("</a></h2>\n<p class=\"counts\">")
    page.text(counts.text)
    page.raw("</p>\n")
    page.classSummary(changes.flatMap(\.0.classes))
    if changes.isEmpty { page.raw("<p class=\"muted\">No changes.</p>\n") }
    page.raw("<ul class=\"changes\">\n")
    for (change, slug) in changes {
      page.componentChange(change, slug: slug, depth: .nested)
      try page.flush(into: file)
    }
    page.raw("</ul>\n")
    page.endPage(depth: .nested)
    try finish(&page, in: file)
    return counts
  }
}

extension SiteGenerator {
  /// The changes from `previous` to `tag` as `catalog diff @PREVIOUS @TAG` reports them: the
  /// change model's own answer (``Catalog/diff(from:to:)``, which reads the rows that are the
  /// same at both tags by their keys alone), never a second classification of the pass.
  func changesFromDiff(from previous: Tag, to tag: Tag) throws -> [(ComponentChange, String?)] {
    let diff = try catalog.diff(from: .number(previous.revision), to: .number(tag.revision))
    var changes: [(ComponentChange, String?)] = []
    func add(
      _ kind: String, _ previous: String?, _ change: EntryChange, _ fields: [CatalogDiff.Change]
    ) {
      changes.append(
        (
          ComponentChange(kind: kind, previousKind: previous, change: change, fields: fields),
          change == .removed ? nil : self.slug(of: kind)
        ))
    }
    for entry in diff.added { add(entry.kind, nil, .added, []) }
    for entry in diff.removed { add(entry.kind, nil, .removed, []) }
    for entry in diff.changed {
      add(
        entry.kind, entry.renamedFrom, entry.renamedFrom == nil ? .changed : .renamed,
        entry.changes.filter { $0.rule != .entryRenamed })
    }
    let changedKinds = Set(diff.changedKinds.map(BytewiseString.init))
    for move in diff.moved where !changedKinds.contains(BytewiseString(move.kind)) {
      add(move.kind, nil, .moved, [])
    }
    changes.sort { BytewiseString($0.0.kind) < BytewiseString($1.0.kind) }
    return changes
  }

  /// The release page's links to the tag's files for agents (``writeAgentFiles()``).
  func agentLinks(_ tag: Tag, slug: String, into page: inout HTML) {
    page.raw("<dt>For agents</dt><dd><a id=\"a2ui\" href=\"")
    page.text(slug)
    page.raw(".a2ui.json\">A2UI catalog</a> and <a id=\"json-schema\" href=\"")
    page.text(slug)
    page.raw(".schema.json\">JSON Schema</a> (<code>catalog export --format a2ui</code> and ")
    page.raw("<code>--format json-schema</code> at ")
    page.text(tag.name)
    page.raw(")</dd>")
  }
}

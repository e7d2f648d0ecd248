import CatalogDiff
import CatalogStore
import Components

extension SiteGenerator {
  /// A page per kind at ``head``, in export order.
  mutating func writeKindPages() throws {
    // The previous and next kind of the same category, in export order.
    var previousInCategory = [Int?](repeating: nil, count: kinds.count)
    var nextInCategory = [Int?](repeating: nil, count: kinds.count)
    var last: [Int: Int] = [:]
    for index in 0..<kinds.count {
      let category = kinds.category(index)
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
    payloadSearchFile = try directory.create("search-payloads.js")
    payloadSearch.reserveCapacity(80 << 10)
    payloadSearch.append(contentsOf: "window.CATALOG_PAYLOADS = [\n".utf8)
    try catalog.forEachComponentHistory(upTo: .number(head.id)) { component in
      try visit(component, previous: previousInCategory, next: nextInCategory)
    }
    try finishPayloadSearch()
    try writeRedirectPages()
  }

  /// One component: its rows on the revision pages, and its page when it has one.
  private mutating func visit(_ component: ComponentHistory, previous: [Int?], next: [Int?])
    throws
  {
    let history = try component.history { revisionByID[$0] }
    let current = component.current
    let index = current.flatMap { kinds.index(ofComponent: $0.componentID) }
    for item in history.reversed() {
      // A revision page shows field changes for a changed or renamed component only.
      let fields =
        item.change == .changed || item.change == .renamed
        ? item.changes.filter { $0.rule != .entryRenamed } : []
      rows.add(
        ComponentChange(
          kind: item.kind, previousKind: item.previousKind, change: item.change, fields: fields),
        revision: item.revision.id, page: index, kinds: kinds)
    }
    guard let index, let current else { return }
    noteFormerNames(of: index, history: history)
    try addPayloadSearch(index, try current.entry.payload.value())
    let content: KindContent
    if let unchangedSince = Self.unchangedSince(component.versions) {
      // Every state since the component was (re)added is the same entry: every leaf is that
      // state's, as the attribution would find after building itself.
      let entry = current.entry
      if entry.extraMembers.isEmpty && entry.memberOrder == nil {
        content = .canonical(revision: unchangedSince)
      } else {
        let blame = LeafBlame(revision: unchangedSince)
        content = .value(try entry.jsonValue, payload: blame, fields: blame)
      }
    } else {
      // The entry is parsed once, for its blame, its fields and its JSON; the payload tree
      // is written from the stored text, as for every kind.
      guard let attribution = try component.attribution() else { return }
      let leaves = attribution.leaves
      content = .value(
        attribution.value, payload: LeafBlame(leaves: leaves, prefix: "payload"),
        fields: LeafBlame(leaves: leaves, prefix: "payload", excluding: true))
    }
    try writeKindPage(
      index, entry: current.entry, content: content, history: history,
      previous: previous[index], next: next[index])
  }

  /// `[position, "text"],` for kind `index` (its row in the index, in export order): the
  /// search text of its payload (``PayloadSearchText``), in component order.
  private mutating func addPayloadSearch(_ index: Int, _ payload: JSONValue) throws {
    let text = PayloadSearchText.text(of: payload)
    guard !text.isEmpty else { return }
    payloadSearch.append(UInt8(ascii: "["))
    HTML.appendDecimal(Int64(index), to: &payloadSearch)
    payloadSearch.append(UInt8(ascii: ","))
    HTML.appendScriptString(text, to: &payloadSearch)
    payloadSearch.append(contentsOf: "],\n".utf8)
    if payloadSearch.count >= 64 << 10, let file = payloadSearchFile {
      try file.write(payloadSearch)
      payloadSearch.removeAll(keepingCapacity: true)
    }
  }

  /// Ends `search-payloads.js` (`null` after the last row's comma) and closes it.
  private mutating func finishPayloadSearch() throws {
    guard let file = payloadSearchFile else { return }
    payloadSearch.append(contentsOf: "null];\n".utf8)
    try file.write(payloadSearch)
    try file.close()
    payloadSearch = []
    payloadSearchFile = nil
    files += 1
  }

  /// What a kind page is written from.
  enum KindContent {
    /// The entry's value, and who changed each leaf of its payload and of its other members.
    case value(JSONValue, payload: LeafBlame, fields: LeafBlame)
    /// The entry's stored texts, all its leaves from `revision`: an entry with the standard
    /// four members in the standard order, whose page needs no parse
    /// (``HTML/jsonTree(canonical:pointer:blame:cells:scratch:)``).
    case canonical(revision: Int64)
  }

  /// The revision of the first of a component's last states when they are all the same entry
  /// (byte for byte) since it was last added; nil when they differ or it was removed.
  static func unchangedSince(_ versions: [EntryVersion]) -> Int64? {
    guard let last = versions.last, last.change != .removed else { return nil }
    var first = versions.count - 1
    while first > 0, versions[first - 1].change != .removed,
      CatalogDiff.sameFields(versions[first - 1].entry, last.entry)
    {
      first -= 1
    }
    // A state before `first` that is not a removal differs, so the leaves may be older.
    guard first == 0 || versions[first - 1].change == .removed else { return nil }
    return versions[first].revision
  }

  private mutating func writeKindPage(
    _ index: Int, entry: CatalogEntry, content: KindContent, history: [KindHistoryItem],
    previous: Int?, next: Int?
  ) throws {
    var page = HTML(capacity: 0)
    swap(&page, &self.page)
    page.reset()
    page.beginPage(title: entry.kind, siteTitle: title, depth: .nested, section: .kinds)
    page.raw("<nav class=crumbs aria-label=Breadcrumb><a href=\"../index.html\">Kinds</a> / ")
    page.raw("<a href=\"../index.html#category=")
    page.number(kinds.category(index))
    page.raw("\">")
    page.text(entry.category.isEmpty ? "(no category)" : entry.category)
    page.raw("</a></nav>\n<h1 class=kind-title>")
    page.text(entry.kind)
    if entry.isDeprecated { page.raw(" <span class=\"badge deprecated\">deprecated</span>") }
    page.raw("</h1>\n<p class=description>")
    page.text(entry.description)
    page.raw("</p>\n<p class=meta>Category <strong>")
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

    // Every blamed revision is one of the timeline's (the component's own states).
    var cells: [Int64: [UInt8]] = [:]
    for item in history where cells[item.revision.id] == nil {
      cells[item.revision.id] = HTML.blameCell(item.revision.id, author: item.revision.author)
    }

    page.raw("<section aria-labelledby=payload-h><h2 id=payload-h>Payload</h2>\n")
    page.raw(
      "<p class=tools id=tree-tools><span class=muted>Each value shows the revision and author that last changed it.</span></p>\n"
    )
    var payloadBlame: LeafBlame
    switch content {
    case .value(_, let blame, _): payloadBlame = blame
    case .canonical(let revision): payloadBlame = LeafBlame(revision: revision)
    }
    if !page.jsonTree(
      canonical: entry.payload.bytes, pointer: "/payload", blame: &payloadBlame, cells: cells,
      scratch: &scratch)
    {
      // Stored text that is not canonical JSON (a damaged store): parsing it reports what is
      // wrong; text that parses is written again as canonical text, which has the shape.
      let canonical = JSONWriter.canonicalBytes(try entry.payload.value())
      _ = page.jsonTree(
        canonical: canonical, pointer: "/payload", blame: &payloadBlame, cells: cells,
        scratch: &scratch)
    }
    page.raw("</section>\n")

    page.raw("<section aria-labelledby=fields-h><h2 id=fields-h>Fields</h2>\n")
    page.raw(
      "<table class=fields-table><thead><tr><th scope=col>Field</th><th scope=col>Value</th><th scope=col>Last changed</th></tr></thead><tbody>\n"
    )
    switch content {
    case .value(.object(let object), _, var fieldBlame):
      for member in object.members where !member.key.hasSameBytes(as: "payload") {
        scratch.pointer.removeAll(keepingCapacity: true)
        scratch.pointer.append(UInt8(ascii: "/"))
        HTML.appendPointerToken(member.key, to: &scratch.pointer)
        fieldRows(member.value, blame: &fieldBlame, cells: cells, page: &page)
      }
    case .value:
      break
    case .canonical(let revision):
      for (pointer, text) in [
        ("/kind", entry.kind), ("/category", entry.category), ("/description", entry.description),
      ] {
        page.raw("<tr><td><code>")
        page.text(pointer)
        page.raw("</code></td><td><code>")
        scratch.json.removeAll(keepingCapacity: true)
        JSONWriter.appendString(text, to: &scratch.json)
        page.content(utf8: scratch.json)
        page.raw("</code></td><td>")
        if let cell = cells[revision] { page.fragment(cell) }
        page.raw("</td></tr>\n")
      }
    }
    page.raw("</tbody></table></section>\n")
    try appBuilds(of: entry, into: &page)

    page.raw("<section aria-labelledby=history-h><h2 id=history-h>History</h2>\n")
    page.raw("<ol class=timeline>\n")
    for item in history {
      let change = ComponentChange(item)
      page.raw("<li id=r")
      page.number(item.revision.id)
      page.raw(" data-revision=")
      page.number(item.revision.id)
      page.raw("><div class=when>")
      page.revisionLink(item.revision.id, depth: .nested)
      page.raw(" ")
      page.time(time(of: item.revision))
      page.raw(" <span class=author>")
      page.text(item.revision.author)
      page.raw("</span></div><div class=message>")
      page.text(item.revision.message)
      page.raw("</div><ul class=changes>")
      page.componentChange(change, slug: nil, depth: .nested, showKind: false)
      page.raw("</ul></li>\n")
    }
    page.raw("</ol></section>\n")

    page.raw("<nav class=neighbours aria-label=\"Kinds of the same category\">")
    if let previous {
      page.neighbourLink(next: false, page: kinds.slug(previous), label: kinds.kind(previous))
    }
    if let next {
      page.neighbourLink(next: true, page: kinds.slug(next), label: kinds.kind(next))
    }
    page.raw("</nav>\n")

    page.raw("<section aria-labelledby=json-h><h2 id=json-h>JSON</h2>\n")
    page.raw(
      "<p class=tools><button type=button data-copy=entry-json>Copy JSON</button> <span class=copied role=status></span></p>\n"
    )
    page.raw("<pre id=entry-json tabindex=0><code>")
    switch content {
    case .value(let value, _, _): page.content(utf8: JSONWriter.indentedBytes(value))
    case .canonical: page.content(utf8: Self.indentedEntry(entry, scratch: &scratch.json))
    }
    page.raw("</code></pre></section>\n")
    page.endPage(depth: .nested)
    try directory.write(folder: .kinds, name: kinds.slug(index), page.bytes)
    files += 1
    self.page = page
  }

  /// A row of the fields table per leaf of a member other than the payload.
  private mutating func fieldRows(
    _ value: JSONValue, blame: inout LeafBlame, cells: [Int64: [UInt8]], page: inout HTML
  ) {
    let length = scratch.pointer.count
    switch value {
    case .object(let object) where !object.isEmpty:
      for member in object.members {
        scratch.pointer.append(UInt8(ascii: "/"))
        HTML.appendPointerToken(member.key, to: &scratch.pointer)
        fieldRows(member.value, blame: &blame, cells: cells, page: &page)
        scratch.pointer.removeSubrange(length...)
      }
    case .array(let elements) where !elements.isEmpty:
      for (index, element) in elements.enumerated() {
        scratch.pointer.append(UInt8(ascii: "/"))
        HTML.appendDecimal(Int64(index), to: &scratch.pointer)
        fieldRows(element, blame: &blame, cells: cells, page: &page)
        scratch.pointer.removeSubrange(length...)
      }
    default:
      let revision = blame.revision(at: scratch.pointer)
      page.raw("<tr><td><code>")
      page.content(utf8: scratch.pointer)
      page.raw("</code></td><td>")
      page.jsonText(value)
      page.raw("</td><td>")
      if let revision, let cell = cells[revision] { page.fragment(cell) }
      page.raw("</td></tr>\n")
    }
  }

  /// `JSONWriter.indentedBytes` of an entry with the standard four members in the standard
  /// order, from its stored texts: its canonical text put together, then indented as the
  /// export indents.
  static func indentedEntry(_ entry: CatalogEntry, scratch: inout [UInt8]) -> [UInt8] {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: #"{"kind":"#.utf8)
    JSONWriter.appendString(entry.kind, to: &scratch)
    scratch.append(contentsOf: #","category":"#.utf8)
    JSONWriter.appendString(entry.category, to: &scratch)
    scratch.append(contentsOf: #","description":"#.utf8)
    JSONWriter.appendString(entry.description, to: &scratch)
    scratch.append(contentsOf: #","payload":"#.utf8)
    scratch.append(contentsOf: entry.payload.bytes)
    scratch.append(UInt8(ascii: "}"))
    var out: [UInt8] = []
    out.reserveCapacity(scratch.count * 2)
    scratch.withUnsafeBufferPointer { JSONWriter.reindent($0, level: 0, into: &out) }
    return out
  }
}

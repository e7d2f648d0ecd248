import CatalogStore
import Components

extension SiteGenerator {
  /// Records the names the component of kind `index` had before, so that their pages lead
  /// to its page (``writeRedirectPages()``).
  mutating func noteFormerNames(of index: Int, history: [KindHistoryItem]) {
    for item in history {
      for name in [item.kind, item.previousKind] {
        guard let name, !kinds.kind(index, is: name) else { continue }
        let key = BytewiseString(name)
        if let known = formerNames[key], known.revision >= item.revision.id { continue }
        formerNames[key] = (revision: item.revision.id, kind: index)
      }
    }
  }

  /// `kinds/<former name>.html` for every name a kind at ``head`` had before a rename, unless
  /// a kind at ``head`` has that name now: a page that sends the browser on to the kind's
  /// page, so that a link or bookmark made before the rename still opens the component. A
  /// name two components had leads to the one that had it last.
  mutating func writeRedirectPages() throws {
    let former = formerNames.sorted { $0.key < $1.key }
    formerNames = [:]
    var names: Set<String> = []
    for index in 0..<kinds.count { names.insert(kinds.slug(index)) }
    for (name, target) in former where kinds.index(ofKind: name.string) == nil {
      let page = try SiteNames.kindName(name.string)
      // Another former name with the same page name (the same slug and 48 bits of SHA-256)
      // keeps the page of the first in byte order.
      guard names.insert(page).inserted else { continue }
      let slug = kinds.slug(target.kind)
      var html = HTML(capacity: 2048)
      html.beginPage(
        title: name.string, siteTitle: title, depth: .nested, section: .kinds,
        redirect: slug + ".html")
      html.raw("<h1 class=kind-title>")
      html.text(name.string)
      html.raw("</h1>\n<p>Renamed to <a href=\"")
      html.text(slug)
      html.raw(".html\">")
      html.text(kinds.kind(target.kind))
      html.raw("</a> in ")
      html.revisionLink(target.revision, depth: .nested)
      html.raw(".</p>\n")
      html.endPage(depth: .nested)
      try directory.write(folder: .kinds, name: page, html.bytes)
      files += 1
    }
  }
}

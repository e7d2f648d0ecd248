import CatalogStore
import Components

extension SiteGenerator {
  /// The kind page's "App builds" section, when app builds are retained at the site's
  /// revision: which of them decode the kind, where one rejects the payload shown, and the
  /// shape each reads (builds that read the same shape share one block). Nothing when no
  /// build is retained, so a catalog without contracts has the pages it always had.
  func appBuilds(of entry: CatalogEntry, into page: inout HTML) throws {
    guard !contracts.isEmpty else { return }
    let readers = KindReaders(
      kind: entry.kind, payload: try entry.payload.value(), builds: contracts)
    page.raw("<section aria-labelledby=apps-h><h2 id=apps-h>App builds</h2>\n")
    if readers.decoding.isEmpty {
      page.raw("<p class=\"muted decoded-by\">No retained app build decodes this kind.</p>\n")
    } else {
      page.raw("<p class=decoded-by>Decoded by ")
      builds(readers.decoding, into: &page)
      page.raw("</p>\n")
    }
    if !readers.unknownTo.isEmpty {
      page.raw("<p class=\"muted not-known-by\">Not known by ")
      builds(readers.unknownTo, into: &page)
      page.raw(" (their registries skip this entry)</p>\n")
    }
    if !readers.rejections.isEmpty {
      page.raw("<ul class=rejections>\n")
      for rejection in readers.rejections {
        page.raw("<li class=rejection>")
        page.text(rejection.message)
        page.raw("</li>\n")
      }
      page.raw("</ul>\n")
    }
    for block in readers.shapes {
      page.raw("<h3 class=shape-h>Shape read by ")
      builds(block.builds, into: &page)
      page.raw("</h3>\n<pre class=shape tabindex=0><code>")
      page.content(utf8: block.schema)
      page.raw("</code></pre>\n")
    }
    page.raw("</section>\n")
  }

  /// `<code>ios@5.2.0</code>, <code>ios@5.3.0</code>`.
  private func builds(_ names: [String], into page: inout HTML) {
    for (i, name) in names.enumerated() {
      if i > 0 { page.raw(", ") }
      page.raw("<code class=build>")
      page.text(name)
      page.raw("</code>")
    }
  }
}

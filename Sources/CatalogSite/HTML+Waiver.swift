import CatalogStore

extension HTML {
  /// The waiver of a revision written with `--allow-breaking`: why, who, and each refused
  /// change it let through.
  mutating func waiver(_ waiver: Waiver) {
    raw("<section class=\"waiver\" aria-labelledby=\"waiver-h\"><h2 id=\"waiver-h\">")
    raw("Waiver: breaking changes allowed</h2>\n<p>")
    element("<q>", waiver.reason, "</q>")
    raw(" by ")
    text(waiver.author)
    raw("</p>\n<ul>\n")
    for change in waiver.changes {
      raw("<li>")
      element("<code>", change.rule, "</code>")
      raw(" ")
      element("<code>", change.pointer.isEmpty ? "/" : change.pointer, "</code>")
      raw(" in ")
      text(change.kind)
      raw(" (")
      text(change.mode)
      raw(")</li>\n")
    }
    raw("</ul></section>\n")
  }
}

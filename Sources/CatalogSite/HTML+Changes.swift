import CatalogDiff
import CatalogStore
import Components

/// How a change is shown wherever it appears: on a revision page, in a kind's timeline, in
/// a release's diff.
extension HTML {
  /// The changes of one component, as a list item.
  mutating func componentChange(
    _ change: ComponentChange, slug: String?, depth: Depth, showKind: Bool = true
  ) {
    if showKind {
      raw("<li class=change data-kind=\"")
      text(change.kind)
      raw("\"><div class=change-head>")
    } else {
      raw("<li class=change><div class=change-head>")
    }
    raw("<span class=\"op op-")
    text(change.change.rawValue)
    raw("\">")
    text(change.change.rawValue)
    raw("</span> ")
    if showKind { kindLink(change.kind, slug: slug, depth: depth) }
    if let previous = change.previousKind {
      raw(" <span class=rename>renamed from <span class=kind>")
      text(previous)
      raw("</span> to <span class=kind>")
      text(change.kind)
      raw("</span></span>")
    }
    for changeClass in Set(change.classes).sorted() {
      raw(" ")
      classBadge(changeClass.rawValue)
    }
    raw("</div>")
    if !change.fields.isEmpty {
      raw("<ul class=fields>")
      for field in change.fields { fieldChange(field) }
      raw("</ul>")
    }
    raw("</li>\n")
  }

  /// One changed JSON Pointer with its rule, class and old → new values.
  mutating func fieldChange(_ field: CatalogDiff.Change) {
    raw("<li>")
    classBadge(field.changeClass.rawValue)
    raw(" <code class=ptr>")
    text(field.pointer.description)
    raw("</code> <span class=rule>")
    text(field.rule.rawValue)
    raw("</span> <span class=values>")
    fieldValue(field.old, open: "<del>", close: "</del>", absent: "(none)")
    raw(" <span aria-label=becomes>→</span> ")
    fieldValue(field.new, open: "<ins>", close: "</ins>", absent: "(removed)")
    raw("</span></li>")
  }

  /// One side of a field change: the value inside `open`…`close`, or `absent` muted.
  private mutating func fieldValue(
    _ value: JSONValue?, open: StaticString, close: StaticString, absent: StaticString
  ) {
    guard let value else {
      raw("<span class=none>")
      raw(absent)
      raw("</span>")
      return
    }
    raw(open)
    jsonText(value)
    raw(close)
  }

  /// A value as compact JSON text, escaped.
  mutating func jsonText(_ value: JSONValue) {
    raw("<code>")
    content(utf8: JSONWriter.canonicalBytes(value))
    raw("</code>")
  }

  /// Badges counting a list of changes by class, in order of severity.
  mutating func classSummary(_ classes: [ChangeClass]) {
    var counts: [ChangeClass: Int] = [:]
    for changeClass in classes { counts[changeClass, default: 0] += 1 }
    raw("<p class=classes>")
    if counts.isEmpty { raw("<span class=muted>No value changes.</span>") }
    for changeClass in ChangeClass.allCases {
      guard let count = counts[changeClass] else { continue }
      raw("<span class=\"badge c-")
      text(changeClass.rawValue)
      raw("\">")
      number(count)
      raw(" ")
      text(changeClass.rawValue)
      raw("</span> ")
    }
    raw("</p>")
  }
}

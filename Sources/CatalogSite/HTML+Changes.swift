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
    changeHead(
      kind: change.kind, previousKind: change.previousKind, change: change.change,
      classes: Set(change.classes), slug: slug, depth: depth, showKind: showKind)
    fieldChanges(change.fields)
    raw("</li>\n")
  }

  /// A change's list item up to its field changes: what happened, the kind (a link to its
  /// page), a rename, and a badge per class present. The caller writes the field changes
  /// (``fieldChanges(_:)``) and `</li>`.
  mutating func changeHead(
    kind: String, previousKind: String?, change: EntryChange, classes: Set<ChangeClass>,
    slug: String?, depth: Depth, showKind: Bool
  ) {
    if showKind {
      raw("<li class=change data-kind=\"")
      text(kind)
      raw("\"><div class=change-head>")
    } else {
      raw("<li class=change><div class=change-head>")
    }
    raw("<span class=\"op op-")
    text(change.rawValue)
    raw("\">")
    text(change.rawValue)
    raw("</span> ")
    if showKind { kindLink(kind, slug: slug, depth: depth) }
    if let previousKind {
      raw(" <span class=rename>renamed from <span class=kind>")
      text(previousKind)
      raw("</span> to <span class=kind>")
      text(kind)
      raw("</span></span>")
    }
    for changeClass in ChangeClass.allCases where classes.contains(changeClass) {
      raw(" ")
      classBadge(changeClass.rawValue)
    }
    raw("</div>")
  }

  /// The field changes of a component, a list; nothing when there are none.
  mutating func fieldChanges(_ fields: [CatalogDiff.Change]) {
    guard !fields.isEmpty else { return }
    raw("<ul class=fields>")
    for field in fields { fieldChange(field) }
    raw("</ul>")
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
    fieldValue(field.old, open: "<del>", close: "</del>", absent: "(absent)")
    raw(" <span aria-label=becomes>→</span> ")
    fieldValue(field.new, open: "<ins>", close: "</ins>", absent: "(absent)")
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
    classSummary(
      counts: ChangeClass.allCases.map { changeClass in classes.count { $0 == changeClass } })
  }

  /// Badges for how many changes there are of each class, `counts` in
  /// ``ChangeClass/allCases`` order (of severity).
  mutating func classSummary(counts: [Int]) {
    raw("<p class=classes>")
    if counts.allSatisfy({ $0 == 0 }) { raw("<span class=muted>No value changes.</span>") }
    for (changeClass, count) in zip(ChangeClass.allCases, counts) {
      guard count > 0 else { continue }
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

import CatalogStore
import Components

/// The payload, pretty-printed with syntax classes, objects and arrays collapsible
/// (`<details>`, so the keyboard and screen readers work without script), and each leaf with
/// the revision that last changed it.
extension HTML {
  /// - Parameters:
  ///   - blame: for each leaf, the revision that last changed it.
  ///   - cells: each of those revisions' blame cell, rendered once per page.
  mutating func jsonTree(
    _ value: JSONValue, under prefix: [String], blame: [JSONPointer: Int64],
    cells: [Int64: HTML]
  ) {
    raw("<div class=\"json\">")
    var tokens = prefix
    jsonNode(value, key: nil, tokens: &tokens, comma: false, blame: blame, cells: cells)
    raw("</div>")
  }

  private mutating func jsonNode(
    _ value: JSONValue, key: String?, tokens: inout [String], comma: Bool,
    blame: [JSONPointer: Int64], cells: [Int64: HTML]
  ) {
    let open: StaticString
    let close: StaticString
    var children: [(key: String?, token: String, value: JSONValue)] = []
    switch value {
    case .object(let object) where !object.isEmpty:
      (open, close) = ("{", "}")
      children = object.members.map { ($0.key, $0.key, $0.value) }
    case .array(let elements) where !elements.isEmpty:
      (open, close) = ("[", "]")
      children = elements.enumerated().map { (nil, String($0.offset), $0.element) }
    default:
      jsonLeaf(
        value, key: key, pointer: JSONPointer(tokens), comma: comma, blame: blame, cells: cells)
      return
    }
    raw("<details open><summary><span class=\"code\">")
    jsonKey(key)
    raw("<span class=\"p\">")
    raw(open)
    raw("</span><span class=\"fold\"> ")
    number(children.count)
    raw(children.count == 1 ? " item " : " items ")
    raw(close)
    if comma { raw(",") }
    raw("</span></span></summary><div class=\"children\">")
    for (index, child) in children.enumerated() {
      tokens.append(child.token)
      jsonNode(
        child.value, key: child.key, tokens: &tokens, comma: index < children.count - 1,
        blame: blame, cells: cells)
      tokens.removeLast()
    }
    raw("</div><div class=\"row\"><span class=\"code\"><span class=\"p\">")
    raw(close)
    raw("</span>")
    if comma { raw(",") }
    raw("</span></div></details>")
  }

  private mutating func jsonKey(_ key: String?) {
    guard let key else { return }
    raw("<span class=\"k\">")
    var quoted: [UInt8] = []
    JSONWriter.appendString(key, to: &quoted)
    text(String(decoding: quoted, as: UTF8.self))
    raw("</span>: ")
  }

  private mutating func jsonLeaf(
    _ value: JSONValue, key: String?, pointer: JSONPointer, comma: Bool,
    blame: [JSONPointer: Int64], cells: [Int64: HTML]
  ) {
    raw("<div class=\"row\" data-pointer=\"")
    text(pointer.description)
    raw("\"><span class=\"code\">")
    jsonKey(key)
    switch value {
    case .string: raw("<span class=\"s\">")
    case .number: raw("<span class=\"n\">")
    case .bool: raw("<span class=\"b\">")
    case .null: raw("<span class=\"z\">")
    case .array, .object: raw("<span class=\"p\">")
    }
    text(utf8: JSONWriter.canonicalBytes(value))
    raw("</span>")
    if comma { raw(",") }
    raw("</span>")
    if let revision = blame[pointer], let cell = cells[revision] { append(cell) }
    raw("</div>")
  }

  /// Who last changed a leaf: the revision (a link), the author, and in the tooltip the
  /// time and message.
  static func blameCell(_ revision: Revision, time: String) -> HTML {
    var cell = HTML(capacity: 256)
    cell.raw("<span class=\"who\" title=\"r")
    cell.number(revision.id)
    cell.raw(" · ")
    cell.text(revision.author)
    cell.raw(" · ")
    cell.text(time)
    cell.raw(" · ")
    cell.text(revision.message)
    cell.raw("\">")
    cell.revisionLink(revision.id, depth: .nested)
    cell.raw(" ")
    cell.text(revision.author)
    cell.raw("</span>")
    return cell
  }
}

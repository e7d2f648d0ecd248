import CatalogStore
import Components

/// The payload, pretty-printed with syntax classes, objects and arrays collapsible
/// (`<details>`, so the keyboard and screen readers work without script), and each leaf with
/// the revision that last changed it.
extension HTML {
  mutating func jsonTree(
    _ value: JSONValue, under prefix: [String], blame: [JSONPointer: BlameLine]
  ) {
    raw("<div class=\"json\">")
    var tokens = prefix
    jsonNode(value, key: nil, tokens: &tokens, comma: false, blame: blame)
    raw("</div>")
  }

  private mutating func jsonNode(
    _ value: JSONValue, key: String?, tokens: inout [String], comma: Bool,
    blame: [JSONPointer: BlameLine]
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
      jsonLeaf(value, key: key, pointer: JSONPointer(tokens), comma: comma, blame: blame)
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
        blame: blame)
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
    blame: [JSONPointer: BlameLine]
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
    text(String(decoding: JSONWriter.canonicalBytes(value), as: UTF8.self))
    raw("</span>")
    if comma { raw(",") }
    raw("</span>")
    if let line = blame[pointer] { blameCell(line) }
    raw("</div>")
  }

  /// Who last changed a leaf: the revision (a link), the author, and in the tooltip the
  /// time and message.
  mutating func blameCell(_ line: BlameLine) {
    raw("<span class=\"who\" title=\"")
    text(
      "r\(line.revision.id) · \(line.revision.author) · \(Timestamp.string(line.revision.time)) · \(line.revision.message)"
    )
    raw("\">")
    revisionLink(line.revision.id, depth: .nested)
    raw(" ")
    text(line.revision.author)
    raw("</span>")
  }
}

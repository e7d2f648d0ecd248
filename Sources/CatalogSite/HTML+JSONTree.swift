import CatalogStore
import Components

/// The payload, pretty-printed with syntax classes, objects and arrays collapsible
/// (`<details>`, so the keyboard and screen readers work without script), and each leaf with
/// the revision that last changed it.
extension HTML {
  /// - Parameters:
  ///   - blame: the blame of the payload's leaves, in document order.
  ///   - cells: each of those revisions' blame cell, rendered once per page.
  mutating func jsonTree(
    _ value: JSONValue, under prefix: [String], blame: [BlameLine], cells: [Int64: HTML]
  ) {
    raw("<div class=\"json\">")
    var tokens = prefix
    var cursor = BlameCursor(lines: blame)
    jsonNode(value, key: nil, tokens: &tokens, comma: false, blame: &cursor, cells: cells)
    raw("</div>")
  }

  private mutating func jsonNode(
    _ value: JSONValue, key: String?, tokens: inout [String], comma: Bool,
    blame: inout BlameCursor, cells: [Int64: HTML]
  ) {
    let open: StaticString
    let close: StaticString
    let count: Int
    switch value {
    case .object(let object) where !object.isEmpty:
      (open, close, count) = ("{", "}", object.members.count)
    case .array(let elements) where !elements.isEmpty:
      (open, close, count) = ("[", "]", elements.count)
    default:
      jsonLeaf(value, key: key, tokens: tokens, comma: comma, blame: &blame, cells: cells)
      return
    }
    raw("<details open><summary><span class=\"code\">")
    jsonKey(key)
    raw("<span class=\"p\">")
    raw(open)
    raw("</span><span class=\"fold\"> ")
    number(count)
    raw(count == 1 ? " item " : " items ")
    raw(close)
    if comma { raw(",") }
    raw("</span></span></summary><div class=\"children\">")
    switch value {
    case .object(let object):
      for (index, member) in object.members.enumerated() {
        tokens.append(member.key)
        jsonNode(
          member.value, key: member.key, tokens: &tokens, comma: index < count - 1,
          blame: &blame, cells: cells)
        tokens.removeLast()
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        tokens.append(String(index))
        jsonNode(
          element, key: nil, tokens: &tokens, comma: index < count - 1, blame: &blame,
          cells: cells)
        tokens.removeLast()
      }
    default:
      break
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
    _ value: JSONValue, key: String?, tokens: [String], comma: Bool,
    blame: inout BlameCursor, cells: [Int64: HTML]
  ) {
    let line = blame.line(at: tokens)
    raw("<div class=\"row\" data-pointer=\"")
    text(line.map { blame.lines[$0].path.description } ?? JSONPointer(tokens).description)
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
    if let line, let cell = cells[blame.lines[line].revision.id] { append(cell) }
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

/// The blame of a value's leaves, read in the order the tree meets them.
///
/// The tree and ``Attribution`` walk a value the same way (object members in order, array
/// elements in order, a leaf being a scalar or an empty container), and a value's pointers
/// are unique (duplicate keys are refused on input; keys compare by bytes), so the next line
/// is the leaf's. A line that is not the next one is found through an index built then, so
/// the page stays linear in its leaves whatever the lines are.
struct BlameCursor {
  let lines: [BlameLine]
  private var next = 0
  private var index: [JSONPointer: Int]?

  init(lines: [BlameLine]) {
    self.lines = lines
  }

  /// The index in ``lines`` of the leaf at `tokens`, nil when it has none.
  mutating func line(at tokens: [String]) -> Int? {
    if next < lines.count, lines[next].path.tokens.haveSameBytes(as: tokens) {
      next += 1
      return next - 1
    }
    if index == nil {
      var built: [JSONPointer: Int] = [:]
      for (position, line) in lines.enumerated() { built[line.path] = position }
      index = built
    }
    return index?[JSONPointer(tokens)]
  }
}

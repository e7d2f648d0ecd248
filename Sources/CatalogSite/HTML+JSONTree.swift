import CatalogDiff
import CatalogStore
import Components

/// The payload, pretty-printed with syntax classes, objects and arrays collapsible
/// (`<details>`, so the keyboard and screen readers work without script), and each leaf with
/// the revision that last changed it.
extension HTML {
  /// What a tree walk reuses from leaf to leaf, so that a page allocates nothing per leaf.
  struct TreeScratch {
    /// The JSON Pointer of the current node, as its text (`/payload/style/0`).
    var pointer: [UInt8] = []
    /// A key or a leaf value as JSON text, before it is escaped into the page.
    var json: [UInt8] = []

    init() {
      pointer.reserveCapacity(256)
      json.reserveCapacity(1024)
    }
  }

  /// - Parameters:
  ///   - pointer: the value's own pointer (`/payload`).
  ///   - blame: who changed each leaf, met in document order.
  ///   - cells: each blamed revision's cell (``blameCell(_:author:)``), rendered once per page.
  mutating func jsonTree(
    _ value: JSONValue, pointer: StaticString, blame: inout LeafBlame, cells: [Int64: [UInt8]],
    scratch: inout TreeScratch
  ) {
    raw("<div class=json>")
    scratch.pointer.removeAll(keepingCapacity: true)
    pointer.withUTF8Buffer { scratch.pointer.append(contentsOf: $0) }
    jsonNode(value, key: nil, comma: false, blame: &blame, cells: cells, scratch: &scratch)
    raw("</div>")
  }

  private mutating func jsonNode(
    _ value: JSONValue, key: String?, comma: Bool, blame: inout LeafBlame,
    cells: [Int64: [UInt8]], scratch: inout TreeScratch
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
      jsonLeaf(value, key: key, comma: comma, blame: &blame, cells: cells, scratch: &scratch)
      return
    }
    raw("<details open><summary><span class=code>")
    jsonKey(key, scratch: &scratch)
    raw(open)
    raw("<span class=fold> ")
    number(count)
    raw(count == 1 ? " item " : " items ")
    raw(close)
    if comma { raw(",") }
    raw("</span></span></summary><div class=children>")
    let length = scratch.pointer.count
    switch value {
    case .object(let object):
      for (index, member) in object.members.enumerated() {
        scratch.pointer.append(UInt8(ascii: "/"))
        Self.appendPointerToken(member.key, to: &scratch.pointer)
        jsonNode(
          member.value, key: member.key, comma: index < count - 1, blame: &blame, cells: cells,
          scratch: &scratch)
        scratch.pointer.removeSubrange(length...)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        scratch.pointer.append(UInt8(ascii: "/"))
        Self.appendDecimal(Int64(index), to: &scratch.pointer)
        jsonNode(
          element, key: nil, comma: index < count - 1, blame: &blame, cells: cells,
          scratch: &scratch)
        scratch.pointer.removeSubrange(length...)
      }
    default:
      break
    }
    raw("</div><div class=row><span class=code>")
    raw(close)
    if comma { raw(",") }
    raw("</span></div></details>")
  }

  private mutating func jsonKey(_ key: String?, scratch: inout TreeScratch) {
    guard let key else { return }
    raw("<span class=k>")
    scratch.json.removeAll(keepingCapacity: true)
    JSONWriter.appendString(key, to: &scratch.json)
    content(utf8: scratch.json)
    raw("</span>: ")
  }

  private mutating func jsonLeaf(
    _ value: JSONValue, key: String?, comma: Bool, blame: inout LeafBlame,
    cells: [Int64: [UInt8]], scratch: inout TreeScratch
  ) {
    let revision = blame.revision(at: scratch.pointer)
    raw("<div class=row data-pointer=\"")
    text(utf8: scratch.pointer)
    raw("\"><span class=code>")
    jsonKey(key, scratch: &scratch)
    switch value {
    case .string: raw("<span class=s>")
    case .number: raw("<span class=n>")
    case .bool: raw("<span class=b>")
    case .null: raw("<span class=z>")
    case .array, .object: raw("<span>")
    }
    scratch.json.removeAll(keepingCapacity: true)
    JSONWriter.appendCanonical(value, to: &scratch.json)
    content(utf8: scratch.json)
    raw("</span>")
    if comma { raw(",") }
    raw("</span>")
    if let revision, let cell = cells[revision] { fragment(cell) }
    raw("</div>")
  }

  /// A JSON Pointer token as RFC 6901 writes it: `~` as `~0`, `/` as `~1`.
  static func appendPointerToken(_ token: String, to out: inout [UInt8]) {
    for byte in token.utf8 {
      switch byte {
      case UInt8(ascii: "~"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
      case UInt8(ascii: "/"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
      default: out.append(byte)
      }
    }
  }

  /// Who last changed a leaf: the revision, a link to the entry of the page's timeline that
  /// has its time, author and message (the script also shows them in the link's tooltip),
  /// and the author.
  static func blameCell(_ revision: Int64, author: String) -> [UInt8] {
    var cell = HTML(capacity: 64)
    cell.raw("<span class=who><a href=\"#r")
    cell.number(revision)
    cell.raw("\">r")
    cell.number(revision)
    cell.raw("</a> ")
    cell.text(author)
    cell.raw("</span>")
    return cell.bytes
  }
}

/// Who last changed each leaf of a value, read in the order a tree walk meets the leaves.
///
/// A component with one state has every leaf from that state's revision, which is what
/// ``Attribution`` answers for it without building one. Otherwise the answers are
/// ``Attribution/leaves``: the tree and the attribution walk a value the same way (object
/// members in order, array elements in order, a leaf being a scalar or an empty container),
/// and a value's pointers are unique (duplicate keys are refused on input; keys compare by
/// bytes), so the next leaf is the one the walk is at; a leaf that is not is found through
/// an index built then, so a page stays linear in its leaves whatever they are.
struct LeafBlame {
  private let single: Int64?
  private let leaves: [Attribution.Leaf]
  private let pointers: [[UInt8]]
  private var next = 0
  private var index: [[UInt8]: Int]?

  /// Every leaf changed by `revision`.
  init(revision: Int64) {
    single = revision
    leaves = []
    pointers = []
  }

  /// The leaves of an attribution whose pointers start with `prefix` (`/payload`), or do
  /// not (`excluding`).
  init(leaves all: [Attribution.Leaf], prefix: String, excluding: Bool = false) {
    single = nil
    var leaves: [Attribution.Leaf] = []
    for leaf in all
    where (leaf.pointer.tokens.first?.hasSameBytes(as: prefix) ?? false) != excluding {
      leaves.append(leaf)
    }
    self.leaves = leaves
    pointers = leaves.map { Array($0.pointer.description.utf8) }
  }

  /// The revision of the leaf at `pointer` (its text), nil when there is none.
  mutating func revision(at pointer: [UInt8]) -> Int64? {
    if let single { return single }
    if next < pointers.count, pointers[next] == pointer {
      next += 1
      return leaves[next - 1].revision
    }
    if index == nil {
      var built: [[UInt8]: Int] = [:]
      for (position, text) in pointers.enumerated() { built[text] = position }
      index = built
    }
    return index?[pointer].map { leaves[$0].revision }
  }
}

import Components

/// The payload, pretty-printed with syntax highlighting, objects and arrays collapsible
/// (`<details>`, so the keyboard and screen readers work without script), and each leaf with
/// the revision and author that last changed it.
///
/// One renderer, written straight from the payload's stored canonical compact text (no
/// parse): every node is a list item, a container a `<details>` whose summary is its opening
/// line and whose members are a nested list. The markup is short because a kind page is
/// mostly this tree and a site has a page per kind: the tree's elements are styled by the
/// style sheet under `.json` instead of carrying classes, so a leaf is
/// `<li><code><i>"size"</i>: <var>40</var>,</code><small>…blame…</small></li>`, where `<i>` is
/// a key, `<u>` a string, `<var>` a number (`<var class=b>` true or false, `<var class=z>`
/// null); the style sheet takes their usual italics and underline away. No attribute carries
/// what the markup already says (a leaf's JSON Pointer is its keys and positions).
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

  /// Writes the tree of a value from its canonical compact JSON text.
  ///
  /// - Parameters:
  ///   - text: canonical compact JSON text (``JSONText/bytes``), as stored.
  ///   - pointer: the value's own pointer (`/payload`).
  ///   - blame: who changed each leaf, met in document order.
  ///   - cells: each blamed revision's cell (``blameCell(_:author:)``), rendered once per page.
  /// - Returns: false, having written nothing, when `text` is not the shape of JSON text (a
  ///   damaged store); the caller then reports it, or writes the tree of the text it parsed
  ///   and wrote again.
  mutating func jsonTree(
    canonical text: [UInt8], pointer: StaticString, blame: inout LeafBlame,
    cells: [Int64: [UInt8]], scratch: inout TreeScratch
  ) -> Bool {
    text.withUnsafeBufferPointer { text in
      guard let counts = Self.memberCounts(text) else { return false }
      raw("<ul class=json>")
      scratch.pointer.removeAll(keepingCapacity: true)
      pointer.withUTF8Buffer { scratch.pointer.append(contentsOf: $0) }
      var writer = TreeWriter(text: text, counts: counts, cells: cells, blame: blame)
      _ = writer.node(at: 0, key: nil, comma: false, page: &self, pointer: &scratch.pointer)
      blame = writer.blame
      raw("</ul>")
      return true
    }
  }

  /// The number of members of each array and object of `text`, in the order they open; nil
  /// when `text` is not the shape of JSON text.
  fileprivate static func memberCounts(_ text: UnsafeBufferPointer<UInt8>) -> [Int32]? {
    enum Expect { case value, key, colon, next }
    var counts: [Int32] = []
    // For each open container: its index in `counts`, and whether it is an object.
    var stack: [(count: Int, object: Bool)] = []
    var expect = Expect.value
    var i = 0
    while i < text.count {
      let byte = text[i]
      switch (expect, byte) {
      case (.value, UInt8(ascii: "\"")), (.key, UInt8(ascii: "\"")):
        let isKey = expect == .key
        i += 1
        while i < text.count, text[i] != UInt8(ascii: "\"") {
          if text[i] == UInt8(ascii: "\\") { i += 1 }
          i += 1
        }
        guard i < text.count else { return nil }
        expect = isKey ? .colon : .next
      case (.value, UInt8(ascii: "{")), (.value, UInt8(ascii: "[")):
        let object = byte == UInt8(ascii: "{")
        let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if i + 1 < text.count, text[i + 1] == close {
          counts.append(0)
          i += 1
          expect = .next
        } else {
          stack.append((counts.count, object))
          counts.append(1)
          expect = object ? .key : .value
        }
      case (.value, _):
        guard byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]"), byte != UInt8(ascii: ","),
          byte != UInt8(ascii: ":")
        else { return nil }
        while i + 1 < text.count, text[i + 1] != UInt8(ascii: ","),
          text[i + 1] != UInt8(ascii: "}"), text[i + 1] != UInt8(ascii: "]")
        {
          i += 1
        }
        expect = .next
      case (.colon, UInt8(ascii: ":")):
        expect = .value
      case (.next, UInt8(ascii: ",")):
        guard let top = stack.last else { return nil }
        counts[top.count] += 1
        expect = top.object ? .key : .value
      case (.next, UInt8(ascii: "}")), (.next, UInt8(ascii: "]")):
        guard let top = stack.popLast(), top.object == (byte == UInt8(ascii: "}")) else {
          return nil
        }
      default:
        return nil
      }
      i += 1
    }
    guard stack.isEmpty, expect == .next else { return nil }
    return counts
  }

  /// A JSON Pointer token as RFC 6901 writes it: `~` as `~0`, `/` as `~1`.
  static func appendPointerToken(_ token: String, to out: inout [UInt8]) {
    for byte in token.utf8 { appendPointerByte(byte, to: &out) }
  }

  /// One byte of a pointer token, `~` and `/` escaped.
  static func appendPointerByte(_ byte: UInt8, to out: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "~"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
    case UInt8(ascii: "/"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
    default: out.append(byte)
    }
  }

  /// Who last changed a leaf: the revision, a link to the entry of the page's timeline that
  /// has its time, author and message (the script also shows them in the link's tooltip),
  /// and the author.
  static func blameCell(_ revision: Int64, author: String) -> [UInt8] {
    var cell = HTML(capacity: 64)
    cell.raw("<small><a href=#r")
    cell.number(revision)
    cell.raw(">r")
    cell.number(revision)
    cell.raw("</a> ")
    cell.text(author)
    cell.raw("</small>")
    return cell.bytes
  }
}

/// One walk of canonical text, writing the tree's markup.
private struct TreeWriter {
  let text: UnsafeBufferPointer<UInt8>
  let counts: [Int32]
  let cells: [Int64: [UInt8]]
  var blame: LeafBlame
  /// The cell of every leaf when one revision changed them all; the walk then keeps no
  /// pointer.
  let single: [UInt8]?
  /// The next container's index in ``counts``.
  var container = 0

  init(text: UnsafeBufferPointer<UInt8>, counts: [Int32], cells: [Int64: [UInt8]], blame: LeafBlame)
  {
    self.text = text
    self.counts = counts
    self.cells = cells
    self.blame = blame
    single = blame.single.map { cells[$0] ?? [] }
  }

  /// Writes the value starting at `start` as a list item; returns the index after it.
  mutating func node(
    at start: Int, key: Range<Int>?, comma: Bool, page: inout HTML, pointer: inout [UInt8]
  ) -> Int {
    let first = text[start]
    let isObject = first == UInt8(ascii: "{")
    guard isObject || first == UInt8(ascii: "[") else {
      return leaf(at: start, key: key, comma: comma, page: &page, pointer: pointer)
    }
    let count = Int(counts[container])
    container += 1
    guard count > 0 else {
      return leaf(at: start, key: key, comma: comma, page: &page, pointer: pointer)
    }
    // Markup in as few appends as the page has runs of it: a literal per combination.
    page.raw("<li><details open><summary>")
    self.key(key, page: &page)
    page.raw(isObject ? "{<span> " : "[<span> ")
    page.number(count)
    switch (count == 1, isObject, comma) {
    case (true, true, true): page.raw(" item },</span></summary><ul>")
    case (true, true, false): page.raw(" item }</span></summary><ul>")
    case (true, false, true): page.raw(" item ],</span></summary><ul>")
    case (true, false, false): page.raw(" item ]</span></summary><ul>")
    case (false, true, true): page.raw(" items },</span></summary><ul>")
    case (false, true, false): page.raw(" items }</span></summary><ul>")
    case (false, false, true): page.raw(" items ],</span></summary><ul>")
    case (false, false, false): page.raw(" items ]</span></summary><ul>")
    }
    let tracking = single == nil
    let length = pointer.count
    var i = start + 1
    for index in 0..<count {
      var memberKey: Range<Int>?
      if isObject {
        let end = stringEnd(from: i)
        memberKey = i..<end
        if tracking {
          pointer.append(UInt8(ascii: "/"))
          appendToken(quoted: i..<end, to: &pointer)
        }
        i = end + 1  // the colon
      } else if tracking {
        pointer.append(UInt8(ascii: "/"))
        HTML.appendDecimal(Int64(index), to: &pointer)
      }
      i = node(at: i, key: memberKey, comma: index < count - 1, page: &page, pointer: &pointer)
      if tracking { pointer.removeSubrange(length...) }
      i += 1  // the comma, or the container's close
    }
    switch (isObject, comma) {
    case (true, true): page.raw("</ul><code>},</code></details></li>")
    case (true, false): page.raw("</ul><code>}</code></details></li>")
    case (false, true): page.raw("</ul><code>],</code></details></li>")
    case (false, false): page.raw("</ul><code>]</code></details></li>")
    }
    return i
  }

  /// A scalar or an empty container, and its blame.
  private mutating func leaf(
    at start: Int, key: Range<Int>?, comma: Bool, page: inout HTML, pointer: [UInt8]
  ) -> Int {
    let end: Int
    switch text[start] {
    case UInt8(ascii: "\""): end = stringEnd(from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["): end = start + 2
    default:
      var i = start + 1
      while i < text.count, text[i] != UInt8(ascii: ","), text[i] != UInt8(ascii: "}"),
        text[i] != UInt8(ascii: "]")
      {
        i += 1
      }
      end = i
    }
    // The markup before and after the value, a literal each (`<li><code><i>`, the key,
    // `</i>: <u>`, the value, `</u>,</code>`), as few appends as there are runs of it.
    let value: LeafValue
    switch text[start] {
    case UInt8(ascii: "\""): value = .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): value = .boolean
    case UInt8(ascii: "n"): value = .null
    case UInt8(ascii: "{"), UInt8(ascii: "["): value = .emptyContainer
    default: value = .number
    }
    if let key {
      page.raw("<li><code><i>")
      page.content(utf8: UnsafeBufferPointer(rebasing: text[key]))
    }
    page.raw(Self.opening(value, afterKey: key != nil))
    page.content(utf8: UnsafeBufferPointer(rebasing: text[start..<end]))
    switch (value, comma) {
    case (.string, true): page.raw("</u>,</code>")
    case (.string, false): page.raw("</u></code>")
    case (.emptyContainer, true): page.raw(",</code>")
    case (.emptyContainer, false): page.raw("</code>")
    case (_, true): page.raw("</var>,</code>")
    case (_, false): page.raw("</var></code>")
    }
    if let single {
      page.fragment(single)
    } else if let revision = blame.revision(at: pointer), let cell = cells[revision] {
      page.fragment(cell)
    }
    page.raw("</li>")
    return end
  }

  /// What a leaf is, for its markup.
  private enum LeafValue {
    case string, boolean, null, emptyContainer, number
  }

  /// The markup between a leaf's key (or the start of its item) and its value.
  private static func opening(_ value: LeafValue, afterKey: Bool) -> StaticString {
    switch (value, afterKey) {
    case (.string, true): "</i>: <u>"
    case (.string, false): "<li><code><u>"
    case (.boolean, true): "</i>: <var class=b>"
    case (.boolean, false): "<li><code><var class=b>"
    case (.null, true): "</i>: <var class=z>"
    case (.null, false): "<li><code><var class=z>"
    case (.emptyContainer, true): "</i>: "
    case (.emptyContainer, false): "<li><code>"
    case (.number, true): "</i>: <var>"
    case (.number, false): "<li><code><var>"
    }
  }

  private func key(_ key: Range<Int>?, page: inout HTML) {
    guard let key else { return }
    page.raw("<i>")
    page.content(utf8: UnsafeBufferPointer(rebasing: text[key]))
    page.raw("</i>: ")
  }

  /// The pointer token of the JSON string at `quoted` (with its quotes): its escapes
  /// decoded, then `~` and `/` escaped as RFC 6901 says.
  private func appendToken(quoted: Range<Int>, to pointer: inout [UInt8]) {
    var i = quoted.lowerBound + 1
    let end = quoted.upperBound - 1
    while i < end {
      let byte = text[i]
      guard byte == UInt8(ascii: "\\"), i + 1 < end else {
        HTML.appendPointerByte(byte, to: &pointer)
        i += 1
        continue
      }
      let escaped = text[i + 1]
      i += 2
      switch escaped {
      case UInt8(ascii: "b"): pointer.append(0x08)
      case UInt8(ascii: "f"): pointer.append(0x0C)
      case UInt8(ascii: "n"): pointer.append(0x0A)
      case UInt8(ascii: "r"): pointer.append(0x0D)
      case UInt8(ascii: "t"): pointer.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(at: i, end: end)
        i += 4
        if (0xD800..<0xDC00).contains(scalar), i + 6 <= end, text[i] == UInt8(ascii: "\\"),
          text[i + 1] == UInt8(ascii: "u")
        {
          let low = hex4(at: i + 2, end: end)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        // A lone surrogate is not a scalar; a `String` holds U+FFFD for it.
        for byte in String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8 {
          HTML.appendPointerByte(byte, to: &pointer)
        }
      default: HTML.appendPointerByte(escaped, to: &pointer)  // `"`, `\`, `/`
      }
    }
  }

  /// The value of the four hexadecimal digits at `start`; 0xFFFD when they are not.
  private func hex4(at start: Int, end: Int) -> UInt32 {
    guard start + 4 <= end else { return 0xFFFD }
    var value: UInt32 = 0
    for byte in text[start..<(start + 4)] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return 0xFFFD
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The index after the string that starts at `start`.
  private func stringEnd(from start: Int) -> Int {
    var i = start + 1
    while i < text.count, text[i] != UInt8(ascii: "\"") {
      if text[i] == UInt8(ascii: "\\") { i += 1 }
      i += 1
    }
    return i + 1
  }
}

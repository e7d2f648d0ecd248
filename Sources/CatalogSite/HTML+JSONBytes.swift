import Components

/// The payload tree of ``HTML/jsonTree(_:pointer:blame:cells:scratch:)``, written straight
/// from a payload's canonical compact text instead of from a parsed value: the fast path
/// for a component whose every leaf has one revision (most components), which then needs no
/// parse at all.
///
/// It writes the same bytes as the value path (a test compares both on many payloads). It
/// has one entry point and hands back, before writing anything, on anything it does not
/// handle itself: a key with an escape in it, whose pointer token would need decoding.
extension HTML {
  /// - Parameters:
  ///   - text: canonical compact JSON text (``JSONText/bytes``), as stored.
  ///   - cell: the blame cell of every leaf.
  /// - Returns: false, having written nothing, when the value path must write this tree.
  mutating func jsonTree(
    canonical text: [UInt8], pointer: StaticString, cell: [UInt8], scratch: inout TreeScratch
  ) -> Bool {
    text.withUnsafeBufferPointer { text in
      guard let counts = Self.memberCounts(text) else { return false }
      raw("<div class=json>")
      scratch.pointer.removeAll(keepingCapacity: true)
      pointer.withUTF8Buffer { scratch.pointer.append(contentsOf: $0) }
      var writer = CanonicalTreeWriter(text: text, counts: counts, cell: cell)
      _ = writer.node(at: 0, key: nil, comma: false, page: &self, pointer: &scratch.pointer)
      raw("</div>")
      return true
    }
  }

  /// The number of members of each array and object of `text`, in the order they open; nil
  /// when a key has an escape, or when `text` is not the shape of JSON text (a damaged
  /// store), which the value path then reports.
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
          if text[i] == UInt8(ascii: "\\") {
            if isKey { return nil }
            i += 1
          }
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
}

/// One walk of canonical text, writing the tree's markup.
private struct CanonicalTreeWriter {
  let text: UnsafeBufferPointer<UInt8>
  let counts: [Int32]
  let cell: [UInt8]
  /// The next container's index in ``counts``.
  var container = 0

  /// Writes the value starting at `start`; returns the index after it.
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
    page.raw("<details open><summary><span class=code>")
    self.key(key, page: &page)
    page.raw(isObject ? "{" : "[")
    page.raw("<span class=fold> ")
    page.number(count)
    page.raw(count == 1 ? " item " : " items ")
    page.raw(isObject ? "}" : "]")
    if comma { page.raw(",") }
    page.raw("</span></span></summary><div class=children>")
    let length = pointer.count
    var i = start + 1
    for index in 0..<count {
      pointer.append(UInt8(ascii: "/"))
      var memberKey: Range<Int>?
      if isObject {
        let end = stringEnd(from: i)
        memberKey = i..<end
        for byte in text[(i + 1)..<(end - 1)] {
          switch byte {
          case UInt8(ascii: "~"):
            pointer.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
          case UInt8(ascii: "/"):
            pointer.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
          default: pointer.append(byte)
          }
        }
        i = end + 1  // the colon
      } else {
        HTML.appendDecimal(Int64(index), to: &pointer)
      }
      i = node(at: i, key: memberKey, comma: index < count - 1, page: &page, pointer: &pointer)
      pointer.removeSubrange(length...)
      i += 1  // the comma, or the container's close
    }
    page.raw("</div><div class=row><span class=code>")
    page.raw(isObject ? "}" : "]")
    if comma { page.raw(",") }
    page.raw("</span></div></details>")
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
    page.raw("<div class=row data-pointer=\"")
    page.text(utf8: pointer)
    page.raw("\"><span class=code>")
    self.key(key, page: &page)
    switch text[start] {
    case UInt8(ascii: "\""): page.raw("<span class=s>")
    case UInt8(ascii: "t"), UInt8(ascii: "f"): page.raw("<span class=b>")
    case UInt8(ascii: "n"): page.raw("<span class=z>")
    case UInt8(ascii: "{"), UInt8(ascii: "["): page.raw("<span>")
    default: page.raw("<span class=n>")
    }
    page.content(utf8: UnsafeBufferPointer(rebasing: text[start..<end]))
    page.raw("</span>")
    if comma { page.raw(",") }
    page.raw("</span>")
    page.fragment(cell)
    page.raw("</div>")
    return end
  }

  private func key(_ key: Range<Int>?, page: inout HTML) {
    guard let key else { return }
    page.raw("<span class=k>")
    page.content(utf8: UnsafeBufferPointer(rebasing: text[key]))
    page.raw("</span>: ")
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

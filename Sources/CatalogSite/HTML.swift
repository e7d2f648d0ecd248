import Components

/// A page's bytes, built so that catalog text can only ever become text.
///
/// This is the one place where strings from the catalog (kinds, categories, descriptions,
/// authors, messages, payload values, tag names) meet markup. Markup comes only from
/// `StaticString` literals written in this module (``raw(_:)``); every `String` goes
/// through ``text(_:)``, which escapes `&`, `<`, `>`, `"` and `'`, so the same call is safe
/// in element content and in quoted attribute values; ``content(utf8:)`` escapes `&`, `<` and
/// `>` only, for element content (never an attribute), where quotes are inert and JSON text
/// stays readable and short. Data for scripts goes through
/// ``appendScriptString(_:to:)``, which also escapes `<`, `>` and `&`, so no value can close
/// a script or start a comment.
struct HTML {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 16 << 10) {
    bytes.reserveCapacity(capacity)
  }

  /// Markup written in this module.
  mutating func raw(_ markup: StaticString) {
    markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Moves the bytes built so far into `file` once there are at least `threshold` of them,
  /// so that a long page streams out instead of growing in memory.
  mutating func flush(into file: SiteFile, over threshold: Int = 64 << 10)
    throws(CatalogSiteError)
  {
    guard bytes.count >= threshold, !bytes.isEmpty else { return }
    try file.write(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Text from anywhere, escaped for element content and quoted attribute values.
  mutating func text(_ string: String) {
    Self.appendEscaped(string, to: &bytes)
  }

  /// Another fragment built the same way (so it holds only escaped text).
  mutating func append(_ fragment: HTML) {
    bytes.append(contentsOf: fragment.bytes)
  }

  /// The bytes of a fragment built the same way, kept as bytes (a blame cell rendered once
  /// per page, a change rendered once per revision).
  mutating func fragment(_ built: [UInt8]) {
    bytes.append(contentsOf: built)
  }

  /// ``fragment(_:)`` of bytes in a shared buffer.
  mutating func fragment(_ built: ArraySlice<UInt8>) {
    bytes.append(contentsOf: built)
  }

  /// A number, as decimal digits.
  mutating func number<N: BinaryInteger>(_ value: N) {
    Self.appendDecimal(Int64(value), to: &bytes)
  }

  /// Appends the decimal digits of `value` without making a `String`.
  static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  /// Forgets the bytes, keeping the memory for the next page.
  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// UTF-8 text for element content only (never an attribute value): `&`, `<` and `>` as
  /// references, quotes kept, so JSON reads as JSON and costs no more bytes than it has.
  mutating func content(utf8: UnsafeBufferPointer<UInt8>) {
    Self.appendEscaped(utf8: utf8, to: &bytes, quotes: false)
  }

  /// ``content(utf8:)`` of bytes held in an array.
  mutating func content(utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { Self.appendEscaped(utf8: $0, to: &bytes, quotes: false) }
  }

  /// `<tag class="…">text</tag>`.
  mutating func element(_ open: StaticString, _ content: String, _ close: StaticString) {
    raw(open)
    text(content)
    raw(close)
  }

  /// UTF-8 text held as bytes (JSON that ``JSONWriter`` wrote), escaped as ``text(_:)``
  /// escapes a `String`.
  mutating func text(utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { Self.appendEscaped(utf8: $0, to: &bytes) }
  }

  /// ``text(utf8:)`` of bytes in a shared buffer.
  mutating func text(utf8: ArraySlice<UInt8>) {
    utf8.withUnsafeBufferPointer { Self.appendEscaped(utf8: $0, to: &bytes) }
  }

  /// Appends `string` with the five characters that matter to HTML as references.
  static func appendEscaped(_ string: String, to out: inout [UInt8]) {
    var string = string
    string.withUTF8 { appendEscaped(utf8: $0, to: &out) }
  }

  /// What a control character becomes on a page: U+FFFD, as an HTML parser reads NUL.
  ///
  /// A control character other than HTML's whitespace (tab, line feed, form feed, carriage
  /// return) is a parse error in an HTML document, raw or as a numeric reference (NUL is
  /// "unexpected-null-character", the others "control-character-in-input-stream" and
  /// "control-character-reference": https://html.spec.whatwg.org/multipage/parsing.html), so
  /// catalog text with ESC or NUL is shown with U+FFFD in its place.
  static let controlReplacement: StaticString = "\u{FFFD}"

  /// Appends UTF-8 text with `&`, `<`, `>`, `"` and `'` as references (the quotes only when
  /// `quotes`, for text that is never inside an attribute) and control characters (C0 but
  /// HTML's whitespace, DEL, C1) as ``controlReplacement``; the runs between them are copied
  /// whole.
  static func appendEscaped(
    utf8 text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], quotes: Bool = true
  ) {
    guard let base = text.baseAddress else { return }
    var start = 0
    while true {
      // Eight bytes at a time to the next byte that needs a reference.
      let index = ByteScan.htmlSpecialIndex(base, from: start, to: text.count, quotes: quotes)
      out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
      guard index < text.count else { return }
      let reference: StaticString
      var length = 1
      switch base[index] {
      case UInt8(ascii: "&"): reference = "&amp;"
      case UInt8(ascii: "<"): reference = "&lt;"
      case UInt8(ascii: ">"): reference = "&gt;"
      case UInt8(ascii: "\""): reference = "&quot;"
      case UInt8(ascii: "'"): reference = "&#39;"
      case 0x09, 0x0A, 0x0C, 0x0D:
        // HTML's whitespace: text as it is.
        out.append(base[index])
        start = index + 1
        continue
      case 0xC2 where index + 1 < text.count && (0x80...0x9F).contains(base[index + 1]):
        length = 2
        reference = Self.controlReplacement
      case 0xC2:
        out.append(base[index])
        start = index + 1
        continue
      default:
        reference = Self.controlReplacement
      }
      reference.withUTF8Buffer { out.append(contentsOf: $0) }
      start = index + length
    }
  }

  /// `string` escaped, as a `String` (for tests and for titles built in pieces).
  static func escape(_ string: String) -> String {
    var out: [UInt8] = []
    appendEscaped(string, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `string` as a JavaScript/JSON string literal that is also inert in HTML: quotes,
  /// backslashes and control characters escaped as JSON requires, and `<`, `>`, `&`, DEL, the
  /// C1 controls, U+2028 and U+2029 as `\uXXXX`, so the text can never end a script element
  /// or a line, nor hold a character that is a parse error in a page.
  static func appendScriptString(_ string: String, to out: inout [UInt8]) {
    var string = string
    string.withUTF8 { appendScriptString(utf8: $0, to: &out) }
  }

  /// ``appendScriptString(_:to:)`` of valid UTF-8 text: runs of bytes that need no escape are
  /// copied whole.
  static func appendScriptString<Bytes: Collection<UInt8>>(utf8 text: Bytes, to out: inout [UInt8])
  where Bytes.Index == Int {
    func hex(_ value: UInt32) {
      let digits: StaticString = "0123456789abcdef"
      out.append(UInt8(ascii: "\\"))
      out.append(UInt8(ascii: "u"))
      digits.withUTF8Buffer { digits in
        for shift in stride(from: 12, through: 0, by: -4) {
          out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
      }
    }
    out.append(UInt8(ascii: "\""))
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      var skip = 1
      let escape: UInt32?
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        UInt8(ascii: "\t"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0..<0x20:
        escape = UInt32(byte)
      case 0x7F:
        // DEL and the C1 controls are parse errors in a page, inside a script too.
        escape = 0x7F
      case 0xC2 where index + 1 < text.endIndex && (0x80...0x9F).contains(text[index + 1]):
        escape = UInt32(text[index + 1])
        skip = 2
      case 0xE2
      where index + 2 < text.endIndex && text[index + 1] == 0x80
        && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
        // U+2028 and U+2029, which end a line in JavaScript before ES2019.
        escape = text[index + 2] == 0xA8 ? 0x2028 : 0x2029
        skip = 3
      default:
        escape = nil
      }
      guard let escape else {
        index += 1
        continue
      }
      out.append(contentsOf: text[start..<index])
      switch escape {
      case 0x22: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case 0x5C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      default: hex(escape)
      }
      index += skip
      start = index
    }
    out.append(contentsOf: text[start..<text.endIndex])
    out.append(UInt8(ascii: "\""))
  }
}

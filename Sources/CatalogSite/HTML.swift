/// A page's bytes, built so that catalog text can only ever become text.
///
/// This is the one place where strings from the catalog (kinds, categories, descriptions,
/// authors, messages, payload values, tag names) meet markup. Markup comes only from
/// `StaticString` literals written in this module (``raw(_:)``); every `String` goes
/// through ``text(_:)``, which escapes `&`, `<`, `>`, `"` and `'`, so the same call is safe
/// in element content and in quoted attribute values. Data for scripts goes through
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

  /// Text from anywhere, escaped for element content and quoted attribute values.
  mutating func text(_ string: String) {
    Self.appendEscaped(string, to: &bytes)
  }

  /// Another fragment built the same way (so it holds only escaped text).
  mutating func append(_ fragment: HTML) {
    bytes.append(contentsOf: fragment.bytes)
  }

  /// A number, as decimal digits.
  mutating func number<N: BinaryInteger>(_ value: N) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// `<tag class="…">text</tag>`.
  mutating func element(_ open: StaticString, _ content: String, _ close: StaticString) {
    raw(open)
    text(content)
    raw(close)
  }

  /// Appends `string` with the five characters that matter to HTML as references.
  static func appendEscaped(_ string: String, to out: inout [UInt8]) {
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
      case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
      default: out.append(byte)
      }
    }
  }

  /// `string` escaped, as a `String` (for tests and for titles built in pieces).
  static func escape(_ string: String) -> String {
    var out: [UInt8] = []
    appendEscaped(string, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `string` as a JavaScript/JSON string literal that is also inert in HTML: quotes,
  /// backslashes and control characters escaped as JSON requires, and `<`, `>`, `&`, U+2028
  /// and U+2029 as `\uXXXX`, so the text can never end a script element or a line.
  static func appendScriptString(_ string: String, to out: inout [UInt8]) {
    func hex(_ value: UInt32) {
      let digits = Array("0123456789abcdef".utf8)
      out.append(contentsOf: "\\u".utf8)
      for shift in stride(from: 12, through: 0, by: -4) {
        out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
      }
    }
    out.append(UInt8(ascii: "\""))
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: "\\\"".utf8)
      case "\\": out.append(contentsOf: "\\\\".utf8)
      case "\n": out.append(contentsOf: "\\n".utf8)
      case "\r": out.append(contentsOf: "\\r".utf8)
      case "\t": out.append(contentsOf: "\\t".utf8)
      case "<", ">", "&", "\u{2028}", "\u{2029}": hex(scalar.value)
      default:
        if scalar.value < 0x20 {
          hex(scalar.value)
        } else {
          out.append(contentsOf: String(scalar).utf8)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

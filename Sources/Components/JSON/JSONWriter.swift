/// Writes JSON in the catalog's two forms.
///
/// - *Canonical compact*: no whitespace, members in order, numbers as written, strings with
///   the minimal escapes. The store keeps payloads in this form, so that equal payloads have
///   equal bytes.
/// - *Export* (indented): the bytes Python writes with
///   `json.dump(doc, f, indent=2, ensure_ascii=False)`: two-space indentation, `"key": value`,
///   one element per line, `[]` and `{}` for empty containers, non-ASCII as UTF-8, and only
///   `"`, `\` and control characters escaped (`\b \f \n \r \t` short, the rest `\u00XX`).
///
/// Indented output is made from canonical text by ``reindent(_:level:into:)``, a single pass
/// that never parses numbers or decodes strings, which is what makes export fast.
public enum JSONWriter {
  /// The canonical compact text of `value`.
  public static func canonicalBytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    appendCanonical(value, to: &out)
    return out
  }

  /// The indented export text of `value`, without a final newline.
  public static func indentedBytes(_ value: JSONValue, level: Int = 0) -> [UInt8] {
    var out: [UInt8] = []
    canonicalBytes(value).withUnsafeBufferPointer { reindent($0, level: level, into: &out) }
    return out
  }

  /// The indented export text of `value` as a string, without a final newline.
  public static func indentedString(_ value: JSONValue) -> String {
    String(decoding: indentedBytes(value), as: UTF8.self)
  }

  /// Appends the canonical compact text of `value`.
  public static func appendCanonical(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case .bool(true): out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    case .bool(false): out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    case .number(let number): out.append(contentsOf: number.text.utf8)
    case .string(let string): appendString(string, to: &out)
    case .array(let elements):
      out.append(0x5B)
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(0x2C) }
        appendCanonical(element, to: &out)
      }
      out.append(0x5D)
    case .object(let object):
      out.append(0x7B)
      for (i, member) in object.members.enumerated() {
        if i > 0 { out.append(0x2C) }
        appendString(member.key, to: &out)
        out.append(0x3A)
        appendCanonical(member.value, to: &out)
      }
      out.append(0x7D)
    }
  }

  /// Appends `string` as a JSON string literal with the canonical escapes.
  public static func appendString(_ string: String, to out: inout [UInt8]) {
    out.append(0x22)
    var string = string
    string.withUTF8 { bytes in
      var runStart = 0
      for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
        appendEscaped(byte, to: &out)
        runStart = i + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    out.append(0x22)
  }

  /// Appends the escape for a byte that must be escaped in a string.
  static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
    out.append(0x5C)
    switch byte {
    case 0x22: out.append(0x22)
    case 0x5C: out.append(0x5C)
    case 0x08: out.append(0x62)
    case 0x0C: out.append(0x66)
    case 0x0A: out.append(0x6E)
    case 0x0D: out.append(0x72)
    case 0x09: out.append(0x74)
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      out.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value.
  static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      out.append(UInt8(scalar))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | scalar >> 6))
      out.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | scalar >> 12))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    default:
      out.append(UInt8(0xF0 | scalar >> 18))
      out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Appends the indented (export) form of canonical compact JSON text, as if the value sat
  /// `level` levels deep in an indented document: lines after the first are indented by
  /// `2 × (level + depth)` spaces.
  ///
  /// `canonical` must be canonical compact text (from the reader's transcoder or
  /// ``canonicalBytes(_:)``); it is copied, not validated.
  public static func reindent(
    _ canonical: UnsafeBufferPointer<UInt8>, level: Int, into out: inout [UInt8]
  ) {
    guard let base = canonical.baseAddress else { return }
    let count = canonical.count
    var depth = level
    var i = 0
    var runStart = 0
    out.reserveCapacity(out.count + count + count / 2)
    @inline(__always) func flush(_ out: inout [UInt8], upTo end: Int) {
      if end > runStart { out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: end - runStart)) }
    }
    @inline(__always) func newline(_ out: inout [UInt8], _ depth: Int) {
      out.append(0x0A)
      out.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }
    while i < count {
      let byte = base[i]
      switch byte {
      case 0x22:
        // Copy the string through its closing quote, skipping escaped characters.
        i += 1
        while i < count {
          let c = base[i]
          if c == 0x5C {
            i += 2
          } else {
            i += 1
            if c == 0x22 { break }
          }
        }
        continue
      case 0x7B, 0x5B:
        flush(&out, upTo: i + 1)
        if i + 1 < count, base[i + 1] == byte + 2 {  // '{'+2 == '}', '['+2 == ']'
          out.append(byte + 2)
          i += 2
          runStart = i
          continue
        }
        depth += 1
        newline(&out, depth)
        i += 1
        runStart = i
      case 0x7D, 0x5D:
        flush(&out, upTo: i)
        depth -= 1
        newline(&out, depth)
        out.append(byte)
        i += 1
        runStart = i
      case 0x2C:
        flush(&out, upTo: i + 1)
        newline(&out, depth)
        i += 1
        runStart = i
      case 0x3A:
        flush(&out, upTo: i + 1)
        out.append(0x20)
        i += 1
        runStart = i
      default:
        i += 1
      }
    }
    flush(&out, upTo: count)
  }
}

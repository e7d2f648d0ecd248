/// RFC 3986 percent-encoding of a name, byte by byte: every byte of its UTF-8 outside the
/// unreserved characters (`A-Z a-z 0-9 - . _ ~`) written `%XX`, so any name has exactly one
/// encoded form (the exports' `$ref` fragments, the MCP server's resource URIs).
enum PercentEncoding {
  static func encode(_ name: String) -> String {
    var out = ""
    for byte in name.utf8 {
      if isUnreserved(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }

  /// The name `text` encodes; nil when a `%` is not followed by two hexadecimal digits or
  /// the bytes are not UTF-8. Any other byte stands for itself.
  static func decode(_ text: String) -> String? {
    let input = Array(text.utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index < input.count {
      guard input[index] == UInt8(ascii: "%") else {
        bytes.append(input[index])
        index += 1
        continue
      }
      guard index + 2 < input.count, let high = hexValue(input[index + 1]),
        let low = hexValue(input[index + 2])
      else { return nil }
      bytes.append(high << 4 | low)
      index += 3
    }
    return String(validating: bytes, as: UTF8.self)
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}

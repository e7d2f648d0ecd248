/// A SHA-256 digest: 32 bytes, written `sha256:` and 64 lowercase hexadecimal digits.
///
/// Compared byte for byte; its text form is what the catalog stores, prints and accepts
/// (`export --digest`, `verify --digest sha256:…`).
public struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
  /// The number of bytes of a digest.
  public static let byteCount = 32
  /// The prefix of the text form.
  public static let prefix = "sha256:"

  /// The 32 bytes.
  public let bytes: [UInt8]

  /// A digest of `bytes`, or nil when they are not 32.
  public init?(bytes: [UInt8]) {
    guard bytes.count == Self.byteCount else { return nil }
    self.bytes = bytes
  }

  /// Parses 64 hexadecimal digits (either case), with or without the `sha256:` prefix; nil
  /// for anything else.
  public init?(hex text: String) {
    var digits = Substring(text)
    if digits.hasPrefix(Self.prefix) { digits = digits.dropFirst(Self.prefix.count) }
    let utf8 = Array(digits.utf8)
    guard utf8.count == 2 * Self.byteCount else { return nil }
    func value(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.byteCount)
    var i = 0
    while i < utf8.count {
      guard let high = value(utf8[i]), let low = value(utf8[i + 1]) else { return nil }
      bytes.append(high << 4 | low)
      i += 2
    }
    self.bytes = bytes
  }

  /// The 64 lowercase hexadecimal digits, without the prefix.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(2 * Self.byteCount)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// `sha256:` and the 64 lowercase hexadecimal digits.
  public var description: String { Self.prefix + hex }
}

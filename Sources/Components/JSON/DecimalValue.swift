/// The exact value of a JSON number's text: sign, significant digits and a decimal exponent,
/// so that `1.50`, `15e-1` and `0.0150E2` are equal and nothing is rounded.
///
/// The value is `0.d₁d₂…dₙ × 10^exponent` with `d₁` and `dₙ` non-zero; zero has no digits
/// (and no sign: `-0` equals `0`). The exponent is kept as decimal text, because JSON puts no
/// bound on it (`1e99999999999999999999` is a valid number).
struct DecimalValue: Equatable {
  var negative: Bool
  var digits: [UInt8]
  var exponent: String

  /// Reads text that is valid RFC 8259 number syntax.
  init(_ text: String) {
    let bytes = Array(text.utf8)
    var i = 0
    negative = bytes.first == UInt8(ascii: "-")
    if negative { i += 1 }
    var all: [UInt8] = []
    var integerDigits = 0
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
      all.append(bytes[i])
      integerDigits += 1
      i += 1
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
        all.append(bytes[i])
        i += 1
      }
    }
    var written: [UInt8] = []  // the exponent's digits as written
    var exponentNegative = false
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        exponentNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      written = Array(bytes[i...])
    }
    // value = 0.all × 10^(integerDigits + written); leading zeros shift the point.
    let leading = all.prefix { $0 == 0x30 }.count
    guard leading < all.count else {
      self.negative = false
      self.digits = []
      self.exponent = "0"
      return
    }
    var significant = Array(all[leading...])
    while significant.last == 0x30 { significant.removeLast() }
    digits = significant
    exponent = Self.sum(
      negative: exponentNegative, digits: written, plus: integerDigits - leading)
  }

  /// The decimal text of `±digits + offset`, without leading zeros ("0" for zero).
  static func sum(negative: Bool, digits: [UInt8], plus offset: Int) -> String {
    let a = magnitude(digits)
    let b = magnitude(Array(String(offset.magnitude).utf8))
    let aNegative = negative && !a.isEmpty
    let bNegative = offset < 0
    var result: [UInt8]
    var resultNegative: Bool
    if aNegative == bNegative {
      result = add(a, b)
      resultNegative = aNegative
    } else if compare(a, b) >= 0 {
      result = subtract(a, b)
      resultNegative = aNegative
    } else {
      result = subtract(b, a)
      resultNegative = bNegative
    }
    while result.last == 0 { result.removeLast() }
    if result.isEmpty { return "0" }
    let text = String(decoding: result.reversed().map { $0 + 0x30 }, as: UTF8.self)
    return resultNegative ? "-" + text : text
  }

  /// Digit values, least significant first, without leading zeros.
  private static func magnitude(_ text: [UInt8]) -> [UInt8] {
    var digits = text.reversed().map { $0 - 0x30 }
    while digits.last == 0 { digits.removeLast() }
    return digits
  }

  private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.count != b.count { return a.count < b.count ? -1 : 1 }
    for k in stride(from: a.count - 1, through: 0, by: -1) where a[k] != b[k] {
      return a[k] < b[k] ? -1 : 1
    }
    return 0
  }

  private static func add(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var carry: UInt8 = 0
    for k in 0..<max(a.count, b.count) {
      let s = (k < a.count ? a[k] : 0) + (k < b.count ? b[k] : 0) + carry
      out.append(s % 10)
      carry = s / 10
    }
    if carry > 0 { out.append(carry) }
    return out
  }

  /// `a - b` for `a >= b`.
  private static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var borrow: Int = 0
    for k in 0..<a.count {
      var d = Int(a[k]) - (k < b.count ? Int(b[k]) : 0) - borrow
      borrow = d < 0 ? 1 : 0
      if d < 0 { d += 10 }
      out.append(UInt8(d))
    }
    return out
  }
}

/// A JSON number, kept exactly as written: `1.0`, `1e3` and `12345678901234567890` stay
/// themselves through import and export.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number's text as it appeared in the document. Always valid RFC 8259 number syntax.
  public let text: String

  /// Makes a number from text that is already valid JSON number syntax.
  ///
  /// Only the reader and the initializers below create numbers, so the text is always valid.
  init(validatedText text: String) {
    self.text = text
  }

  /// A number for an integer.
  public init(_ value: Int) {
    self.text = String(value)
  }

  /// A number for text, or `nil` when the text is not RFC 8259 number syntax.
  public init?(text: String) {
    guard JSONNumber.isValidSyntax(Array(text.utf8)) else { return nil }
    self.text = text
  }

  public var description: String { text }

  /// The value as a `Double` (which may round, or be infinite for numbers beyond its range).
  public var doubleValue: Double { Double(text) ?? .nan }

  /// The value as an `Int`, when the text is an integer that fits.
  public var intValue: Int? { Int(text) }

  /// Whether two numbers denote the same decimal value, exactly: `1`, `1.0` and `10e-1` do
  /// (RFC 6902's "numerically equal"), `1e400` and `1e401` do not, nor do two 30-digit
  /// integers that differ in the last digit, and `-0` equals `0`.
  ///
  /// Nothing is rounded: both texts are reduced to their significant digits and a decimal
  /// exponent, however long, and those are compared.
  public func isNumericallyEqual(to other: JSONNumber) -> Bool {
    if text == other.text { return true }
    return DecimalValue(text) == DecimalValue(other.text)
  }

  /// Whether the number's value is integral (`5`, `5.0`, `1e2`; not `1.5`): the test JSON
  /// Schema's `integer` makes, exactly, however long the text.
  public var isIntegral: Bool {
    // Most numbers are written as integers (`-12`): integral, with no decimal to reduce.
    // Anything else (a fraction, an exponent) takes the exact path below.
    let isIntegerText = text.utf8.allSatisfy {
      ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
    }
    if isIntegerText { return true }
    return isIntegralExactly
  }

  /// ``isIntegral`` without its shortcut for integer text: the decimal value reduced, for
  /// every text. A test holds the two to the same answers.
  var isIntegralExactly: Bool {
    let value = DecimalValue(text)
    guard !value.digits.isEmpty else { return true }
    // 0.d1…dn × 10^e is integral when e ≥ n.
    guard let exponent = Int(value.exponent) else { return !value.exponent.hasPrefix("-") }
    return exponent >= value.digits.count
  }

  /// Whether `bytes` is exactly one RFC 8259 number.
  static func isValidSyntax(_ bytes: [UInt8]) -> Bool {
    var i = 0
    let n = bytes.count
    func digits() -> Int {
      let start = i
      while i < n, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
      return i - start
    }
    if i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
    guard i < n else { return false }
    if bytes[i] == UInt8(ascii: "0") {
      i += 1
    } else if digits() == 0 {
      return false
    }
    if i < n, bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard digits() > 0 else { return false }
    }
    if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      guard digits() > 0 else { return false }
    }
    return i == n
  }
}

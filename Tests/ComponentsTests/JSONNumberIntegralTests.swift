import Testing

@testable import Components

/// `JSONNumber.isIntegral`'s shortcut for integer text gives the exact path's answer, and
/// both give JSON Schema's `integer` test.
@Suite("JSON number integrality")
struct JSONNumberIntegralTests {
  static let integral = [
    "0", "-0", "7", "-12", "12345678901234567890123456789", "5.0", "1e2", "1E+2", "-3.000",
    "12.5e1", "0.0", "1e400",
  ]
  static let fractional = ["1.5", "-0.25", "1e-2", "12.34e1", "0.1", "9.99999999999999999999"]

  @Test(arguments: integral)
  func integralNumbers(_ text: String) throws {
    let number = try #require(JSONNumber(text: text))
    #expect(number.isIntegral)
    #expect(number.isIntegralExactly)
  }

  @Test(arguments: fractional)
  func fractionalNumbers(_ text: String) throws {
    let number = try #require(JSONNumber(text: text))
    #expect(!number.isIntegral)
    #expect(!number.isIntegralExactly)
  }

  /// Generated texts of every form: both paths agree on each.
  @Test func theShortcutAgreesWithTheExactPath() throws {
    var state: UInt64 = 33
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(next(10))) })
    }
    for _ in 0..<2_000 {
      var text = next(2) == 0 ? "-" : ""
      let integer = digits(1 + next(6))
      text += integer.count > 1 && integer.hasPrefix("0") ? "1" + integer.dropFirst() : integer
      if next(2) == 0 { text += "." + digits(1 + next(4)) }
      if next(3) == 0 { text += ["e", "E", "e-", "e+"][next(4)] + digits(1 + next(2)) }
      let number = try #require(JSONNumber(text: text))
      #expect(number.isIntegral == number.isIntegralExactly, "\(text)")
    }
  }
}

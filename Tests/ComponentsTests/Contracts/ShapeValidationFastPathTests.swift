import Foundation
import Testing

@testable import Components

/// The validator's fast path (`ShapeValidator.accepts`, which answers only yes or no) against
/// its ordered pass (`ShapeValidator.check`, which words every violation): over random valid
/// and mutated payloads of every fixture kind, nested components included, the fast path
/// accepts exactly the payloads in which the ordered pass finds no violation.
@Suite("The validator's fast path")
struct ShapeValidationFastPathTests {
  let contract = makeContractRegistry().contract(app: "test", version: "1")

  func orderedViolations(_ shape: Shape, _ payload: JSONValue) -> [ShapeViolation] {
    var validator = ShapeValidator(shape: shape, components: { contract.kinds[$0] })
    validator.check(payload, against: shape.root, at: .root)
    return validator.violations
  }

  @Test func theFastPathDecidesAsTheOrderedPass() throws {
    var generator = PayloadGenerator(contract: contract, seed: 0xFA57_BA55)
    var accepted = 0
    var refused = 0
    for kind in contract.kinds.keys.sorted() {
      let shape = try #require(contract.kinds[kind])
      for round in 0..<200 {
        let valid = generator.valid(shape)
        let payload = round % 2 == 0 ? valid : generator.mutated(valid)
        let fast = ShapeValidator.accepts(
          payload, against: shape.root, in: shape, components: { contract.kinds[$0] })
        let violations = orderedViolations(shape, payload)
        #expect(fast == violations.isEmpty, "\(kind): \(payload.canonicalText): \(violations)")
        #expect(shape.validate(payload) { contract.kinds[$0] } == violations)
        if fast { accepted += 1 } else { refused += 1 }
      }
    }
    // Both answers occur often enough for the comparison to mean something.
    #expect(accepted > 500)
    #expect(refused > 500)
  }

  /// The places where only one rule decides: each refused by both passes.
  @Test(arguments: [
    #"{"count": 1.5}"#, #"{"count": "1"}"#, #"{}"#, #"{"count": 1e400}"#,
  ])
  func eachRuleRefusesOnBothPaths(_ text: String) throws {
    let shape = Shape(
      root: .object(
        ShapeObject(properties: ["count": ShapeProperty(.integer(.int64), required: true)])))
    let payload = try JSONValue(parsing: text)
    #expect(!ShapeValidator.accepts(payload, against: shape.root, in: shape, components: nil))
    #expect(!orderedViolations(shape, payload).isEmpty)
  }
}

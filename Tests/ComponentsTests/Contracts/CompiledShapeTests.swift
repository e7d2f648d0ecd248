import Foundation
import Testing

@testable import Components

/// The gate's check of canonical text (`CompiledShape.accepts`) against the tree validator's
/// fast path (`ShapeValidator.accepts`) on the value the text denotes: over random valid and
/// mutated payloads of every fixture kind, nested components included, and hostile payloads
/// (deep nesting, duplicate keys, huge numbers, escapes in keys), the two give the same answer.
@Suite("The validator over canonical text")
struct CompiledShapeTests {
  let contract = makeContractRegistry().contract(app: "test", version: "1")

  func bothAnswers(_ shape: Shape, _ payload: JSONValue) -> (tree: Bool, text: Bool) {
    let compiled = contract.kinds.mapValues(CompiledShape.init)
    let tree = ShapeValidator.accepts(
      payload, against: shape.root, in: shape, components: { contract.kinds[$0] })
    let text = CompiledShape(shape).accepts(JSONText(payload)) { compiled[$0] }
    return (tree, text)
  }

  @Test func theTextCheckDecidesAsTheTreeCheck() throws {
    var generator = PayloadGenerator(contract: contract, seed: 0x7E47_5EED)
    var accepted = 0
    var refused = 0
    for kind in contract.kinds.keys.sorted() {
      let shape = try #require(contract.kinds[kind])
      for round in 0..<200 {
        let valid = generator.valid(shape)
        let payload = round % 2 == 0 ? valid : generator.mutated(valid)
        let (tree, text) = bothAnswers(shape, payload)
        #expect(tree == text, "\(kind): \(payload.canonicalText)")
        if tree { accepted += 1 } else { refused += 1 }
      }
    }
    #expect(accepted > 500)
    #expect(refused > 500)
  }

  static let object = Shape(
    root: .object(
      ShapeObject(properties: [
        "count": ShapeProperty(.integer(.int64), required: true),
        "small": ShapeProperty(.integer(.uint8), required: false),
        "ratio": ShapeProperty(.number(.double), required: false),
        "name": ShapeProperty(.nullable(.string(.plain)), required: false),
        "tag": ShapeProperty(.enumeration(["a", "b\"c"]), required: false),
        "level": ShapeProperty(.enumeration([1, 2]), required: false),
        "é": ShapeProperty(.boolean, required: false),
      ])))

  static let dictionary = Shape(
    root: .object(
      ShapeObject(
        properties: ["K": ShapeProperty(.string(.plain), required: false)],
        additional: .integer(nil))))

  static let recursive = Shape(
    root: .reference("Node"),
    definitions: [
      "Node": .object(
        ShapeObject(properties: [
          "child": ShapeProperty(.reference("Node"), required: false),
          "value": ShapeProperty(.integer(.int8), required: true),
        ]))
    ])

  static func nested(_ depth: Int) -> JSONValue {
    var value: JSONValue = ["value": 1]
    for _ in 0..<depth { value = ["child": value, "value": 2] }
    return value
  }

  static func duplicated(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }

  /// Hostile payloads, each with the answer both checks must give.
  @Test(arguments: [
    (object, #"{"count": 1}"#, true),
    (object, #"{"count": 1.5}"#, false),
    (object, #"{"count": 1.0}"#, true),
    (object, #"{"count": 1e2}"#, true),
    (object, #"{"count": -0}"#, true),
    (object, #"{"count": 9223372036854775807}"#, true),
    (object, #"{"count": 9223372036854775808}"#, false),
    (object, #"{"count": -9223372036854775809}"#, true),
    (object, #"{"count": 123456789012345678901234567890}"#, false),
    (object, #"{"count": 1e400}"#, false),
    (object, #"{"count": 1, "small": 255}"#, true),
    (object, #"{"count": 1, "small": 256}"#, false),
    (object, #"{"count": 1, "small": -1}"#, false),
    (object, #"{"count": 1, "small": -0}"#, true),
    (object, #"{"count": 1, "ratio": 1e400}"#, false),
    (object, #"{"count": 1, "ratio": 1e-400}"#, true),
    (object, #"{"count": 1, "name": null}"#, true),
    (object, #"{"count": 1, "name": 5}"#, false),
    (object, #"{"\u0063ount": 1}"#, true),
    (object, #"{"co\nunt": 1}"#, false),
    (object, #"{"count": 1, "tag": "b\"c"}"#, true),
    (object, #"{"count": 1, "tag": "\u0061"}"#, true),
    (object, #"{"count": 1, "tag": "c"}"#, false),
    (object, #"{"count": 1, "level": 1.0}"#, true),
    (object, #"{"count": 1, "level": 3}"#, false),
    (object, #"{"count": 1, "\u00e9": true}"#, true),
    (object, #"{"count": 1, "e\u0301": 5}"#, true),
    (dictionary, #"{"a": 1, "b": 2}"#, true),
    (dictionary, #"{"a": 1, "b": "2"}"#, false),
    (dictionary, #"{"\u212a": "x"}"#, true),
    (dictionary, #"{"\ud83d\ude00": 1}"#, true),
    (recursive, #"{"value": 1, "child": {"value": 2}}"#, true),
    (recursive, #"{"value": 1, "child": {"value": 200}}"#, false),
  ])
  func eachHostilePayloadGetsOneAnswer(_ shape: Shape, _ text: String, _ expected: Bool) throws {
    let payload = try JSONValue(parsing: text)
    let (tree, byText) = bothAnswers(shape, payload)
    #expect(tree == expected)
    #expect(byText == expected)
  }

  @Test func deepNestingAndDuplicateKeysGetOneAnswer() {
    let cases: [(Shape, JSONValue)] = [
      (Self.recursive, Self.nested(500)),
      (Self.object, ["count": 1, "free": Self.nested(900)]),
      (Self.object, Self.duplicated([("count", 1), ("count", jsonNumber("1.5"))])),
      (Self.object, Self.duplicated([("count", jsonNumber("1.5")), ("count", 1)])),
      (Self.dictionary, Self.duplicated([("a", 1), ("a", "x")])),
      (Self.dictionary, Self.duplicated([("K", "x"), ("K", 1)])),
    ]
    for (shape, payload) in cases {
      let (tree, text) = bothAnswers(shape, payload)
      #expect(tree == text, "\(payload.canonicalText.prefix(80))")
    }
  }

  /// Text that is not canonical JSON is refused, never read past its end.
  @Test(arguments: [
    "", "{", #"{"count":1"#, #"{"count":1}x"#, #"{"count" :1}"#, #"{"count":"#, "[", #"""#,
    #"{"count":1,"name":"\"#, "nul", "tru",
  ])
  func malformedTextIsRefused(_ text: String) {
    #expect(!CompiledShape(Self.object).accepts(JSONText(canonicalBytes: Array(text.utf8))))
  }
}

import Components
import Foundation
import TestSupport

/// A JSON number from text the test knows is a number (null otherwise, which fails the test
/// that uses it).
func jsonNumber(_ text: String) -> JSONValue {
  JSONNumber(text: text).map(JSONValue.number) ?? .null
}

extension JSONNumber {
  /// A number from text the test knows is one (`0` otherwise).
  init(checkedText text: String) {
    self = JSONNumber(text: text) ?? JSONNumber(0)
  }
}

/// Random payloads from a contract's shapes: valid ones, then mutated ones.
struct PayloadGenerator {
  let contract: AppContract
  var rng: SplitMix64

  init(contract: AppContract, seed: UInt64) {
    self.contract = contract
    self.rng = SplitMix64(seed: seed)
  }

  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &rng) < percent
  }

  /// A payload the shape's type decodes.
  mutating func valid(_ shape: Shape, depth: Int = 0) -> JSONValue {
    valid(shape.root, in: shape, depth: depth)
  }

  mutating func valid(_ node: ShapeNode, in shape: Shape, depth: Int) -> JSONValue {
    let deep = depth > 4
    switch node {
    case .any, .unknown:
      return chance(50) ? .string("free") : ["free": [1, true, nil]]
    case .nullable(let inner):
      return deep || chance(20) ? .null : valid(inner, in: shape, depth: depth)
    case .reference(let name):
      return valid(shape.definitions[name] ?? .any, in: shape, depth: depth + 1)
    case .string(.plain):
      let words = ["", "a", "Hero", "タイトル", "line\nbreak", "quote\"", "#123456", "😀"]
      return .string(words[Int.random(in: 0..<words.count, using: &rng)])
    case .string(.url):
      return .string("https://example.com/p\(Int.random(in: 0..<100, using: &rng))")
    case .string(.base64):
      let bytes = (0..<Int.random(in: 0..<6, using: &rng)).map { _ in
        UInt8.random(in: 0...255, using: &rng)
      }
      return .string(Foundation.Data(bytes).base64EncodedString())
    case .boolean:
      return .bool(chance(50))
    case .integer(let type):
      return integer(type)
    case .number:
      let texts = ["0", "1", "-2", "1.5", "-0.25", "3.0", "1e2", "2.5E-3", "12345.678"]
      return jsonNumber(texts[Int.random(in: 0..<texts.count, using: &rng)])
    case .enumeration(let values):
      return values[Int.random(in: 0..<values.count, using: &rng)]
    case .array(let element):
      let count = deep ? 0 : Int.random(in: 0...3, using: &rng)
      return .array((0..<count).map { _ in valid(element, in: shape, depth: depth + 1) })
    case .object(let object):
      var members: [JSONObject.Member] = []
      for key in object.properties.keys.sorted() {
        guard let property = object.properties[key] else { continue }
        if property.required || (!deep && chance(60)) {
          members.append(.init(key: key, value: valid(property.node, in: shape, depth: depth + 1)))
        }
      }
      if let additional = object.additional, !deep {
        for index in 0..<Int.random(in: 0...2, using: &rng) {
          members.append(
            .init(key: "k\(index)", value: valid(additional, in: shape, depth: depth + 1)))
        }
      } else if chance(30) {
        members.append(.init(key: "unread", value: "ignored"))
      }
      return .object(JSONObject(members))
    case .component:
      // Nested kinds without unknowns or components of their own, so the depth stays small.
      let kinds = ["plain", "insets", "aligned", "integers"]
      let kind = kinds[Int.random(in: 0..<kinds.count, using: &rng)]
      guard let nested = contract.kinds[kind] else { return .null }
      return ["kind": .string(kind), "payload": valid(nested, depth: depth + 1)]
    }
  }

  private mutating func integer(_ type: IntegerType?) -> JSONValue {
    let value: String
    switch type {
    case .int8?: value = String(Int8.random(in: .min ... .max, using: &rng))
    case .int16?: value = String(Int16.random(in: .min ... .max, using: &rng))
    case .int32?: value = String(Int32.random(in: .min ... .max, using: &rng))
    case .uint8?: value = String(UInt8.random(in: .min ... .max, using: &rng))
    case .uint16?: value = String(UInt16.random(in: .min ... .max, using: &rng))
    case .uint32?: value = String(UInt32.random(in: .min ... .max, using: &rng))
    case .uint64?:
      value = chance(50) ? String(UInt64.random(in: .min ... .max, using: &rng)) : "7"
    case .int64?, nil:
      value = chance(50) ? String(Int64.random(in: .min ... .max, using: &rng)) : "-7"
    }
    // An integral number written with a fraction or an exponent decodes too.
    if chance(15), let small = Int(value), abs(small) < 1000 {
      return jsonNumber(chance(50) ? "\(small).0" : "\(small)e0")
    }
    return jsonNumber(value)
  }

  /// The payload with one place changed: a value replaced or a member removed.
  mutating func mutated(_ payload: JSONValue) -> JSONValue {
    var places: [JSONPointer] = []
    collect(payload, at: .root, into: &places)
    let place = places[Int.random(in: 0..<places.count, using: &rng)]
    let replacements: [JSONValue?] = [
      nil, .null, "x", "", jsonNumber("1.5"), true, 7, 0, -1, 300, 70000,
      jsonNumber("5.0"), jsonNumber("1e2"), [:], [],
      "not-a-case", "https://example.com", "#123456", "center", 10,
      ["kind": "no-such-kind", "payload": [:]],
    ]
    let replacement = replacements[Int.random(in: 0..<replacements.count, using: &rng)]
    return replacing(payload, at: place.tokens[...], with: replacement)
  }

  private func collect(
    _ value: JSONValue, at pointer: JSONPointer, into places: inout [JSONPointer]
  ) {
    places.append(pointer)
    switch value {
    case .object(let object):
      for member in object {
        collect(member.value, at: pointer.appending(member.key), into: &places)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collect(element, at: pointer.appending(index), into: &places)
      }
    default: break
    }
  }

  /// `value` with the place at `tokens` replaced, or removed when `replacement` is nil (the
  /// root is then replaced with null).
  private func replacing(
    _ value: JSONValue, at tokens: ArraySlice<String>, with replacement: JSONValue?
  ) -> JSONValue {
    guard let token = tokens.first else { return replacement ?? .null }
    let rest = tokens.dropFirst()
    switch value {
    case .object(var object):
      if rest.isEmpty && replacement == nil {
        object[token] = nil
      } else if let member = object[token] {
        object[token] = replacing(member, at: rest, with: replacement)
      }
      return .object(object)
    case .array(var elements):
      guard let index = Int(token), index < elements.count else { return value }
      if rest.isEmpty && replacement == nil {
        elements.remove(at: index)
      } else {
        elements[index] = replacing(elements[index], at: rest, with: replacement)
      }
      return .array(elements)
    default:
      return value
    }
  }
}

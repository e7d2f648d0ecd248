import Components
import Foundation
import Testing

/// A payload decoded through JSONDecoder with the registry's decoder for a kind.
private struct JSONDecoderProbe: Decodable {
  static let kindKey = CodingUserInfoKey(rawValue: "ContractTests.kind") ?? .componentsRegistry
  init(from decoder: any Decoder) throws {
    guard let registry = decoder.userInfo[.componentsRegistry] as? ComponentsRegistry,
      let kind = decoder.userInfo[Self.kindKey] as? String,
      let decode = registry.decoder(for: kind)
    else {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no decoder"))
    }
    _ = try decode(decoder)
  }
}

@Suite("Shapes against the decoders")
struct ShapeDifferentialTests {
  let registry = makeContractRegistry()

  func jsonDecoderAccepts(kind: String, payload: JSONValue) -> Bool {
    let decoder = JSONDecoder()
    decoder.userInfo[.componentsRegistry] = registry
    decoder.userInfo[JSONDecoderProbe.kindKey] = kind
    return (try? decoder.decode(JSONDecoderProbe.self, from: Data(payload.canonicalText.utf8)))
      != nil
  }

  @Test("random valid and mutated payloads: the registry decoder accepts iff the validator does")
  func differential() throws {
    let contract = registry.contract(app: "test", version: "1")
    var generator = PayloadGenerator(contract: contract, seed: 0x5EED_C0DE)
    var checked = 0
    var mutatedAccepted = 0
    var mutatedRejected = 0
    var skipped: [String: Int] = [:]
    var jsonDecoderDisagreements: [String] = []
    for kind in registry.registeredKinds {
      let shape = try #require(contract.kinds[kind])
      if !shape.unknowns.isEmpty {
        // Places the recorder does not know are not checked: counted, not compared.
        skipped[kind, default: 0] += 1
        continue
      }
      for round in 0..<150 {
        let valid = generator.valid(shape)
        let payload = round % 3 == 0 ? valid : generator.mutated(valid)
        let decoded = Result { try registry.decodeFactory(kind: kind, value: payload) }
        let violations = contract.validate(kind: kind, payload: payload)
        let accepted = (try? decoded.get()) != nil
        #expect(
          accepted == violations.isEmpty,
          "\(kind): \(payload.canonicalText): decoder \(accepted ? "accepts" : "refuses: \(decoded)"), validator \(violations)"
        )
        if round % 3 == 0 {
          #expect(
            accepted, "\(kind): a generated valid payload does not decode: \(payload.canonicalText)"
          )
        } else if accepted {
          mutatedAccepted += 1
        } else {
          mutatedRejected += 1
        }
        if jsonDecoderAccepts(kind: kind, payload: payload) != accepted {
          jsonDecoderDisagreements.append("\(kind): \(payload.canonicalText)")
        }
        checked += 1
      }
    }
    print(
      "shape differential: \(checked) payloads, mutated accepted \(mutatedAccepted), "
        + "rejected \(mutatedRejected); not compared (unknown places): \(skipped.keys.sorted()); "
        + "JSONDecoder disagreements \(jsonDecoderDisagreements.count)")
    for line in jsonDecoderDisagreements.prefix(10) { print("  JSONDecoder differs: \(line)") }
    #expect(mutatedRejected > 500)
    #expect(mutatedAccepted > 50)
    #expect(jsonDecoderDisagreements.isEmpty)
  }

  @Test(
    "the known places of a partly unknown shape hold: what the validator refuses, the decoder refuses"
  )
  func partlyUnknown() throws {
    let contract = registry.contract(app: "test", version: "1")
    var generator = PayloadGenerator(contract: contract, seed: 42)
    for kind in registry.registeredKinds {
      let shape = try #require(contract.kinds[kind])
      guard !shape.unknowns.isEmpty else { continue }
      for _ in 0..<60 {
        let payload = generator.mutated(generator.valid(shape))
        if !contract.validate(kind: kind, payload: payload).isEmpty {
          #expect(
            (try? registry.decodeFactory(kind: kind, value: payload)) == nil,
            "\(kind): validator refuses \(payload.canonicalText) but the decoder accepts it")
        }
      }
    }
  }
}

import Components
import Foundation
import TestSupport
import Testing

/// The derived schemas under an independent validator: Python's `jsonschema`
/// (`Draft202012Validator`), run as a subprocess over the same payloads.
@Suite("Shapes under Python jsonschema")
struct ShapeJSONSchemaOracleTests {
  let registry = makeContractRegistry()

  static let script = #"""
    import json, sys
    from jsonschema import Draft202012Validator
    cases = json.load(open(sys.argv[1]))
    out = []
    for case in cases:
        Draft202012Validator.check_schema(case["schema"])
        validator = Draft202012Validator(case["schema"])
        out.append([validator.is_valid(p) for p in case["payloads"]])
    json.dump(out, sys.stdout)
    """#

  @Test("jsonschema accepts every payload the decoder accepts, and agrees on the mutated ones")
  func oracle() throws {
    let contract = registry.contract(app: "test", version: "1")
    var generator = PayloadGenerator(contract: contract, seed: 2020_12)
    var cases: [JSONValue] = []
    var kinds: [String] = []
    var payloads: [[JSONValue]] = []
    for kind in registry.registeredKinds {
      let shape = try #require(contract.kinds[kind])
      var list: [JSONValue] = []
      for round in 0..<60 {
        let valid = generator.valid(shape)
        list.append(round % 2 == 0 ? valid : generator.mutated(valid))
      }
      kinds.append(kind)
      payloads.append(list)
      cases.append(["schema": shape.schema, "payloads": .array(list)])
    }
    let directory = try TemporaryDirectory()
    let input = try directory.write("cases.json", JSONWriter.canonicalBytes(.array(cases)))
    let scriptPath = try directory.write("oracle.py", Self.script)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", scriptPath, input]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let verdicts = try JSONValue(parsing: Array(bytes))
    var compared = 0
    var decoderOnly = 0
    for (index, kind) in kinds.enumerated() {
      let shape = try #require(contract.kinds[kind])
      // jsonschema does not know the x- annotations: URL and Base64 checks, number ranges of
      // Float and Decimal, nested components' payloads, unknown places.
      let annotated = String(decoding: shape.schemaBytes, as: UTF8.self).contains("\"x-")
      for (position, payload) in payloads[index].enumerated() {
        let python = verdicts[JSONPointer([String(index), String(position)])] == .bool(true)
        let decoder = (try? registry.decodeFactory(kind: kind, value: payload)) != nil
        if decoder {
          #expect(python, "\(kind): jsonschema refuses \(payload.canonicalText), which decodes")
        }
        if annotated {
          decoderOnly += 1
          continue
        }
        #expect(
          python == decoder,
          "\(kind): jsonschema \(python ? "accepts" : "refuses") \(payload.canonicalText), the decoder \(decoder ? "accepts" : "refuses")"
        )
        compared += 1
      }
    }
    print(
      "jsonschema oracle: \(compared) payloads compared both ways, \(decoderOnly) "
        + "(schemas with x- annotations) checked one way")
    #expect(compared > 1000)
  }
}

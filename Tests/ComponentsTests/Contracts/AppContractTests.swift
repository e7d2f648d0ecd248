import Components
import Foundation
import Testing

@Suite("App contracts")
struct AppContractTests {
  let registry = makeContractRegistry()

  @Test("contract.json writes canonically and reads back byte for byte")
  func roundTrip() throws {
    let contract = registry.contract(app: "ios", version: "5.2.0")
    let bytes = contract.canonicalBytes
    let read = try AppContract(contractJSON: bytes)
    #expect(read == contract)
    #expect(read.canonicalBytes == bytes)
    #expect(bytes.last == 0x0A)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"app\": \"ios\",\n  \"contract\": 1,\n  \"kinds\": {\n"))
    #expect(text.hasSuffix("  \"unknownKinds\": \"fail-entry\",\n  \"version\": \"5.2.0\"\n}\n"))
    #expect(Set(read.kinds.keys) == Set(registry.registeredKinds))
  }

  @Test("APP@VERSION names every build a contract can hold, and reads back to it")
  func buildNames() throws {
    // An app's name holds no '@' but its version may ("5.2.0@beta"): the name ends at the
    // first '@', so what `build` prints parses back to the same build.
    for (app, version) in [("ios", "5.2.0"), ("ios", "5.2.0@beta"), ("web app", "@1"), ("é", "2")] {
      // Through the file, which refuses a name or version a contract cannot hold.
      let contract = try AppContract(
        contractJSON: AppContract(app: app, version: version, kinds: [:]).canonicalBytes)
      #expect(AppBuild(parsing: contract.build) == AppBuild(app: app, version: version))
      #expect(AppBuild(parsing: contract.build)?.description == contract.build)
    }
    for refused in ["", "@", "ios", "ios@", "@5.2.0"] {
      #expect(AppBuild(parsing: refused) == nil, "\(refused)")
    }
  }

  @Test("Codable: through JSONEncoder and JSONDecoder the contract is the same")
  func codable() throws {
    let contract = registry.contract(app: "ios", version: "5.2.0")
    let encoded = try JSONEncoder().encode(contract)
    let decoded = try JSONDecoder().decode(AppContract.self, from: encoded)
    #expect(decoded == contract)
    #expect(decoded.canonicalBytes == contract.canonicalBytes)
  }

  @Test("a malformed contract: the syntax error at its line and column")
  func syntax() throws {
    let error = try #require(throws: AppContractError.self) {
      try AppContract(contractJSON: Array("{\n  \"app\": \"ios\",,\n}".utf8))
    }
    #expect(error.syntax?.position.line == 2)
    #expect(error.problems.isEmpty)
  }

  @Test("a malformed contract: every problem at its pointer")
  func structure() throws {
    let text = #"""
      {"app": "i@os", "version": "", "contract": 2, "unknownKinds": "ignore", "extra": 1,
       "kinds": {"a": {"type": "string", "format": "email"}, "b": {"type": "strin"}}}
      """#
    let error = try #require(throws: AppContractError.self) {
      try AppContract(contractJSON: Array(text.utf8))
    }
    #expect(
      error.problems.map(\.description) == [
        "/app: app must not contain '@'",
        "/version: version must not be empty",
        "/unknownKinds: unknownKinds must be one of fail-entry",
        "/contract: this reader reads contract format 1, found 2",
        "/kinds/a/format: keyword \"format\" is outside the subset",
        "/kinds/b/type: type must be one of string, boolean, integer, number, array, object, alone or with \"null\"",
        "/extra: unknown member \"extra\"",
      ])
  }

  @Test("the two cases of issue 32: 1 → 1.5 for an Int, null → a string for a String?")
  func issueCases() {
    let contract = registry.contract(app: "ios", version: "5.2.0")
    let payload: JSONValue = ["title": "A", "count": 1, "accent": nil]
    #expect(contract.validate(kind: "optional", payload: payload).isEmpty)
    var fraction = payload
    if case .object(var object) = fraction {
      object["count"] = jsonNumber("1.5")
      fraction = .object(object)
    }
    #expect(
      contract.validate(kind: "optional", payload: fraction).map(\.message) == [
        "/count: decodes an integer, found 1.5"
      ])
    #expect(
      contract.validate(kind: "optional", payload: ["title": "A", "accent": "#123456"]).isEmpty)
  }
}

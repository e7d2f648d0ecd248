import Components
import Foundation
import Testing

@Suite("Shape recorder")
struct ShapeRecorderTests {
  let registry = makeContractRegistry()

  /// The expected schema of every fixture kind (ContractFixtures.swift), read one by one
  /// against the type: required members are those `decode` reads, optional ones
  /// `decodeIfPresent` or `contains`; `Optional` decoded with `decode` is required and
  /// nullable; integers carry their type's range; recursion is a `$ref`; what the recorder
  /// cannot know is `x-unknown` (disclosure: a value-dependent branch; point: elements by
  /// position; swatch: a type that throws on placeholders, so the object is `x-incomplete`;
  /// weather: an enum without CaseIterable); an empty struct's synthesized `init(from:)` reads
  /// nothing, so any value decodes (`{}`).
  static let expected: [String: String] = [
    "aligned":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"alignment":{"enum":["leading","center","trailing"]},"fallback":{"enum":["leading","center","trailing",null]}},"required":["alignment"],"type":"object"}"##,
    "blob":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"bytes":{"type":"string","x-format":"base64"},"extra":{}},"required":["bytes","extra"],"type":"object"}"##,
    "chips":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"chips":{"items":{"type":"string"},"type":"array"}},"required":["chips"],"type":"object"}"##,
    "column":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"children":{"items":{"properties":{"kind":{"type":"string"},"payload":{}},"required":["kind","payload"],"type":"object","x-component":true},"type":"array"},"spacing":{"type":"number"}},"required":["children","spacing"],"type":"object"}"##,
    "defaults":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"isActive":{"type":["boolean","null"]},"title":{"type":"string"}},"required":["title"],"type":"object"}"##,
    "disclosure":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","x-unknown":"init(from:) of ComponentsTests.DisclosureComponent.Data reads different members for different values"}"##,
    "divider": ##"{"$schema":"https://json-schema.org/draft/2020-12/schema"}"##,
    "frame":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"body":{"properties":{"kind":{"type":"string"},"payload":{}},"required":["kind","payload"],"type":"object","x-component":true},"header":{"properties":{"kind":{"type":"string"},"payload":{}},"required":["kind","payload"],"type":["object","null"],"x-component":true}},"required":["body"],"type":"object"}"##,
    "grid":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"cells":{"items":{"items":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"type":"array"},"type":"array"}},"required":["cells"],"type":"object"}"##,
    "insets":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"insets":{"properties":{"leading":{"type":"number"},"top":{"type":"number"}},"required":["leading","top"],"type":"object"},"title":{"type":"string"}},"required":["insets","title"],"type":"object"}"##,
    "integers":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"big":{"maximum":18446744073709551615,"minimum":0,"type":"integer"},"count":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"offset":{"maximum":2147483647,"minimum":-2147483648,"type":"integer"},"port":{"maximum":65535,"minimum":0,"type":"integer"},"small":{"maximum":127,"minimum":-128,"type":"integer"}},"required":["big","count","offset","port","small"],"type":"object"}"##,
    "link":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"published":{"type":"number"},"url":{"type":"string","x-format":"url"}},"required":["published","url"],"type":"object"}"##,
    "list":
      ##"{"$defs":{"ComponentsTests.LinkedList":{"properties":{"next":{"anyOf":[{"$ref":"#/$defs/ComponentsTests.LinkedList"},{"type":"null"}]},"value":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}},"required":["value"],"type":"object"}},"$ref":"#/$defs/ComponentsTests.LinkedList","$schema":"https://json-schema.org/draft/2020-12/schema"}"##,
    "menu":
      ##"{"$defs":{"ComponentsTests.MenuComponent.Item":{"properties":{"alignment":{"items":{"enum":["leading","center","trailing"]},"type":"array"},"submenus":{"additionalProperties":{"$ref":"#/$defs/ComponentsTests.MenuComponent.Item"},"type":["object","null"]},"title":{"type":"string"}},"required":["alignment","title"],"type":"object"}},"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"items":{"items":{"$ref":"#/$defs/ComponentsTests.MenuComponent.Item"},"type":"array"}},"required":["items"],"type":"object"}"##,
    "mood":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"mood":{"type":"string"}},"required":["mood"],"type":"object"}"##,
    "nullable":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"color":{"type":["string","null"]}},"required":["color"],"type":"object"}"##,
    "numbers":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"price":{"type":"number","x-format":"decimal"},"ratio":{"type":"number"},"scale":{"type":"number","x-format":"float"}},"required":["price","ratio","scale"],"type":"object"}"##,
    "optional":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"accent":{"type":["string","null"]},"count":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]},"title":{"type":"string"}},"required":["title"],"type":"object"}"##,
    "plain":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"isActive":{"type":"boolean"},"subtitle":{"type":"string"},"title":{"type":"string"}},"required":["isActive","subtitle","title"],"type":"object"}"##,
    "point":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","x-unknown":"init(from:) reads the array's elements by position"}"##,
    "presence":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"badge":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"title":{"type":"string"}},"required":["title"],"type":"object"}"##,
    "priority":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"priority":{"enum":[1,5,10]}},"required":["priority"],"type":"object"}"##,
    "record":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"id":{"type":"string"},"ids":{"items":{"type":"string"},"type":"array"}},"required":["id","ids"],"type":"object"}"##,
    "size":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"size":{"properties":{"height":{"type":"number"},"width":{"type":"number"}},"required":["height","width"],"type":"object"}},"required":["size"],"type":"object"}"##,
    "swatch":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"color":{"x-unknown":"init(from:) of ComponentsTests.HexColor threw on placeholder input: DecodingError.dataCorrupted: Data was corrupted. Path: color. Debug description: not #RRGGBB"},"name":{"type":"string"}},"required":["color","name"],"type":"object","x-incomplete":"init(from:) stopped at member \"color\"; later members are not known"}"##,
    "tags":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"labels":{"items":{"type":["string","null"]},"type":["array","null"]},"tags":{"items":{"type":"string"},"type":"array"}},"required":["tags"],"type":"object"}"##,
    "themes":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"themes":{"additionalProperties":{"properties":{"leading":{"type":"number"},"top":{"type":"number"}},"required":["leading","top"],"type":"object"},"type":"object"}},"required":["themes"],"type":"object"}"##,
    "tree":
      ##"{"$defs":{"ComponentsTests.TreeComponent.Node":{"properties":{"children":{"items":{"$ref":"#/$defs/ComponentsTests.TreeComponent.Node"},"type":"array"},"label":{"type":"string"}},"required":["children","label"],"type":"object"}},"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"root":{"$ref":"#/$defs/ComponentsTests.TreeComponent.Node"}},"required":["root"],"type":"object"}"##,
    "weather":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"title":{"type":"string"},"weather":{"x-unknown":"init(from:) of ComponentsTests.Weather threw on placeholder input: DecodingError.dataCorrupted: Data was corrupted. Path: weather. Debug description: Cannot initialize Weather from invalid String value  (an enum conforming to CaseIterable has its raw values recorded)"}},"required":["title","weather"],"type":"object","x-incomplete":"init(from:) stopped at member \"weather\"; later members are not known"}"##,
    "weights":
      ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"weights":{"additionalProperties":{"type":"number"},"type":"object"}},"required":["weights"],"type":"object"}"##,
  ]

  @Test("every fixture kind records its expected schema", arguments: expected.keys.sorted())
  func schema(kind: String) throws {
    let contract = registry.contract(app: "test", version: "1")
    let shape = try #require(contract.kinds[kind])
    let expected = try JSONValue(parsing: try #require(Self.expected[kind]))
    #expect(shape.schema.isEquivalent(to: expected), "\(kind): \(shape.schema.canonicalText)")
  }

  @Test("every registered fixture kind has an expected schema; there are at least 25")
  func coverage() {
    #expect(Set(registry.registeredKinds) == Set(Self.expected.keys))
    #expect(Self.expected.count >= 25)
  }

  @Test("an empty struct decodes from any JSON value, as its recorded shape says")
  func emptyStruct() throws {
    for payload: JSONValue in [[:], 1, "x", nil, []] {
      #expect(throws: Never.self) { try registry.decodeFactory(kind: "divider", value: payload) }
    }
  }

  @Test("a value-dependent branch is unknown, not a guess")
  func valueDependent() {
    let shape = ShapeRecorder.shape(of: DisclosureComponent.Data.self)
    #expect(shape.unknowns.map(\.pointer) == [.root])
    #expect(shape.unknowns.first?.reason.contains("different members for different values") == true)
  }
}

import Components
import Foundation
import Testing

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A component whose data uses every kind of value `JSONDecoder` treats specially.
struct KitchenSinkComponent: Component {
  enum Size: String, Hashable, Decodable, Sendable {
    case small, large
  }

  struct Data: ComponentData {
    var link: URL
    var blob: Foundation.Data
    var price: Decimal
    var date: Date
    var small: Int8
    var unsigned: UInt
    var ratio: Float
    var size: Size
    var byNumber: [Int: String]
    var grid: [[Int]]
    var note: String?
    var extra: JSONValue
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text("sink") }
  #endif
}

/// A payload with every member of `KitchenSinkComponent.Data`, with `replacements` spliced in.
private func sinkPayload(_ replacements: [String: String] = [:]) -> String {
  let members: [(String, String)] = [
    ("link", #""https://example.com/a?b=1""#), ("blob", #""AQID""#), ("price", "12.50"),
    ("date", "86400"), ("small", "-8"), ("unsigned", "7"), ("ratio", "0.25"),
    ("size", #""large""#), ("byNumber", #"{"1": "one", "20": "twenty"}"#),
    ("grid", "[[1, 2], [], [3]]"), ("note", "null"), ("extra", #"{"z": 1.0, "a": [1e2]}"#),
  ]
  let text = members.compactMap { key, value -> String? in
    let replaced = replacements[key] ?? value
    return replaced == "<absent>" ? nil : "\"\(key)\": \(replaced)"
  }
  return "{" + text.joined(separator: ", ") + "}"
}

@Suite("Decoding catalog payloads from parsed JSON values")
struct RegistryValueDecoderTests {
  let registry: ComponentsRegistry = {
    let registry = makeFixtureRegistry()
    KitchenSinkComponent.register(in: registry)
    return registry
  }()

  /// A decoded payload or the error's description.
  enum Outcome: Equatable {
    case decoded(AnyHashable)
    case failed(String)
  }

  /// The outcome of `JSONDecoder` (the `Data` form) and of the parsed value (the `JSONText`
  /// form). A `JSONValue` inside the data is compared as JSON (`JSONDecoder` loses its member
  /// order and number text, which is the point of the parsed form).
  func bothWays(_ kind: ComponentKind, _ payload: String) throws -> (Outcome, Outcome) {
    func outcome(_ body: () throws(ComponentDecodingError) -> ComponentFactory) -> Outcome {
      do {
        let data = try body().data
        if var sink = data as? KitchenSinkComponent.Data {
          let leaves = sink.extra.leaves().map { leaf in
            if case .number(let number) = leaf.value {
              return "\(leaf.pointer)=\(number.doubleValue)"
            }
            return "\(leaf.pointer)=\(leaf.value.canonicalText)"
          }
          sink.extra = .string(leaves.sorted().joined(separator: " "))
          return .decoded(AnyHashable(sink))
        }
        return .decoded(AnyHashable(data))
      } catch {
        return .failed(error.description)
      }
    }
    let text = try JSONText(parsing: payload)
    return (
      outcome { () throws(ComponentDecodingError) in
        try registry.decodeFactory(kind: kind, payload: payload.utf8Data)
      },
      outcome { () throws(ComponentDecodingError) in
        try registry.decodeFactory(kind: kind, payload: text)
      }
    )
  }

  @Test(
    "the parsed-value decoder gives JSONDecoder's results and errors",
    arguments: [
      (
        "card",
        #"{"title":"T","insets":{"top":1,"leading":2.5,"bottom":3,"trailing":4},"tags":["a"]}"#
      ),
      (
        "card",
        #"{"title":"T","insets":{"top":1,"leading":2,"bottom":3,"trailing":4},"tags":[],"accent":"red"}"#
      ),
      (
        "card", #"{"title":"T","insets":{"top":"8","leading":2,"bottom":3,"trailing":4},"tags":[]}"#
      ),
      ("card", #"{"title":"T","insets":{"top":1},"tags":[]}"#),
      ("card", #"{"title":"T","insets":[],"tags":[]}"#),
      ("card", #"{"title":"T","insets":null,"tags":[]}"#),
      (
        "card",
        #"{"title":"T","insets":{"top":1,"leading":2,"bottom":3,"trailing":4},"tags":["a",1]}"#
      ),
      ("card", #"{"title":"T","insets":{"top":1,"leading":2,"bottom":3,"trailing":4},"tags":"a"}"#),
      (
        "card",
        #"{"title":"T","insets":{"top":1,"leading":2,"bottom":3,"trailing":4},"tags":[],"accent":7}"#
      ),
      ("card", #"["title"]"#),
      ("card", #""card""#),
      ("tile-preview", #"{"title":"T","subtitle":"S","isActive":1}"#),
      ("tile-preview", #"{"title":null,"subtitle":"S","isActive":true}"#),
      ("hero", #"{"headline":"H","ignored":{"deep":[1,2]}}"#),
      ("metrics", #"{"values":{"a/b~c":1,"d":2}}"#),
      ("metrics", #"{"values":{"a/b~c":"x"}}"#),
      (
        "stack",
        #"{"spacing":4,"children":[{"kind":"hero","payload":{"headline":"A"}},{"kind":"stack","payload":{"spacing":1,"children":[]}}]}"#
      ),
      ("stack", #"{"spacing":4,"children":[{"kind":"hero","payload":{"headline":1}}]}"#),
      ("stack", #"{"spacing":4,"children":[{"kind":"nope","payload":{}}]}"#),
      ("stack", #"{"spacing":4,"children":[{"kind":"hero"}]}"#),
      ("stack", #"{"spacing":4.0,"children":[]}"#),
      ("stack", #"{"spacing":1e1,"children":[]}"#),
      ("kitchen-sink", sinkPayload()),
      ("kitchen-sink", sinkPayload(["note": #""n""#])),
      ("kitchen-sink", sinkPayload(["note": "<absent>"])),
      ("kitchen-sink", sinkPayload(["link": #""""#])),
      ("kitchen-sink", sinkPayload(["blob": #""!!""#])),
      ("kitchen-sink", sinkPayload(["size": #""medium""#])),
      ("kitchen-sink", sinkPayload(["byNumber": #"{"x": "y"}"#])),
      ("kitchen-sink", sinkPayload(["grid": "[[1], [2, null]]"])),
      ("kitchen-sink", sinkPayload(["price": #""12""#])),
      ("kitchen-sink", sinkPayload(["date": #""today""#])),
      ("kitchen-sink", sinkPayload(["extra": "<absent>"])),
    ])
  func sameAsJSONDecoder(kind: String, payload: String) throws {
    let (foundation, parsed) = try bothWays(kind, payload)
    #expect(parsed == foundation)
  }

  @Test(
    "a number that does not fit its type is located exactly",
    arguments: [
      ("stack", #"{"spacing":2.5,"children":[]}"#, "/spacing"),
      ("kitchen-sink", sinkPayload(["small": "300"]), "/small"),
      ("kitchen-sink", sinkPayload(["unsigned": "-1"]), "/unsigned"),
      ("kitchen-sink", sinkPayload(["ratio": "1e40"]), "/ratio"),
      ("kitchen-sink", sinkPayload(["grid": "[[1], [2, 2.5]]"]), "/grid/1/1"),
      ("kitchen-sink", sinkPayload(["small": "2.5", "unsigned": "2.5"]), "/small"),
    ])
  func unrepresentableNumber(kind: String, payload: String, pointer: String) throws {
    do {
      _ = try registry.decodeFactory(kind: kind, payload: JSONText(parsing: payload))
      Issue.record("expected an error")
    } catch let error as ComponentDecodingError {
      #expect(error.pointer == pointer)
      #expect(error.description.hasPrefix(#"kind "\#(kind)": \#(pointer): invalid value: number "#))
      #expect(error.description.hasSuffix(" does not fit the expected type"))
    }
  }

  @Test("JSONDecoder's special cases decode the same from the parsed value")
  func specialValues() throws {
    let factory = try registry.decodeFactory(
      kind: "kitchen-sink", payload: JSONText(parsing: sinkPayload()))
    let data = try #require(factory.data as? KitchenSinkComponent.Data)
    #expect(data.link == URL(string: "https://example.com/a?b=1"))
    #expect(data.blob == Foundation.Data([1, 2, 3]))
    #expect(data.price == Decimal(string: "12.5"))
    #expect(data.date == Date(timeIntervalSinceReferenceDate: 86400))
    #expect(data.small == -8 && data.unsigned == 7 && data.ratio == 0.25)
    #expect(data.size == .large)
    #expect(data.byNumber == [1: "one", 20: "twenty"])
    #expect(data.grid == [[1, 2], [], [3]])
    #expect(data.note == nil)
  }

  @Test("a JSONValue inside typed data keeps member order and number text from the catalog")
  func jsonValueKeepsOrder() throws {
    let text = try JSONText(parsing: sinkPayload())
    let parsed = try registry.decodeFactory(kind: "kitchen-sink", payload: text)
    let data = try #require(parsed.data as? KitchenSinkComponent.Data)
    #expect(data.extra.canonicalText == #"{"z":1.0,"a":[1e2]}"#)

    // Through JSONDecoder the same value is only equivalent: order and spelling are lost.
    let foundation = try registry.decodeFactory(
      kind: "kitchen-sink", payload: sinkPayload().utf8Data)
    let viaFoundation = try #require(foundation.data as? KitchenSinkComponent.Data)
    #expect(viaFoundation.extra.isEquivalent(to: data.extra))
  }

  @Test("JSONValue decodes through JSONDecoder: every JSON type, numbers exact where they can be")
  func jsonValueThroughJSONDecoder() throws {
    let text = #"{"s":"x","i":12345678901234567890,"n":-3,"d":0.5,"b":false,"z":null,"a":[{}]}"#
    let value = try JSONDecoder().decode(JSONValue.self, from: text.utf8Data)
    let expected = try JSONValue(parsing: text)
    #expect(value.isEquivalent(to: expected))
    #expect(value.objectValue?["i"] == .number(JSONNumber(text: "12345678901234567890")!))
    #expect(value.objectValue?["n"] == -3)
  }

  @Test("objects with many members are looked up by an index, in document order")
  func largeObject() throws {
    let members = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    let payload = #"{"values": {\#(members)}}"#
    let (foundation, parsed) = try bothWays("metrics", payload)
    #expect(parsed == foundation)
    let factory = try registry.decodeFactory(kind: "metrics", payload: JSONText(parsing: payload))
    let data = try #require(factory.data as? MetricsComponent.Data)
    #expect(data.values.count == 40 && data.values["k39"] == 39)
  }

  @Test("decodeFactory(kind:value:) decodes an already parsed payload")
  func parsedValue() throws {
    let value: JSONValue = ["headline": "Hi"]
    let factory = try registry.decodeFactory(kind: "hero", value: value)
    #expect(
      factory == ComponentFactory(data: .init(headline: "Hi"), type: HeroBannerComponent.self))
    do {
      _ = try registry.decodeFactory(kind: "nope", value: value)
      Issue.record("expected an error")
    } catch {
      #expect(error.reason == .unknownKind("nope", registeredKinds: registry.registeredKinds))
    }
  }
}

import Components
import Foundation
import Testing

/// Wraps entries in a `{"components": [...]}` document.
private func document(_ entries: String...) -> Foundation.Data {
  (#"{"components": ["# + entries.joined(separator: ",") + "]}").utf8Data
}

/// The error `decodeFactories(from:)` throws for `data`, or nil when it decodes.
private func strictError(
  _ data: Foundation.Data,
  registry: ComponentsRegistry = makeFixtureRegistry()
) -> ComponentDecodingError? {
  do {
    _ = try registry.decodeFactories(from: data)
    return nil
  } catch {
    return error
  }
}

private let goodTile =
  #"{"kind": "tile-preview", "payload": {"title": "T", "subtitle": "S", "isActive": true}}"#
private let goodInsets = #"{"top": 8, "leading": 16, "bottom": 8, "trailing": 16}"#
private let allKinds = "registered kinds: card, hero, metrics, stack, tile-preview"

@Suite("ComponentsRegistry decoding errors")
struct RegistryErrorTests {
  @Test("a type mismatch names the entry, the kind, the pointer and both types")
  func typeMismatch() throws {
    let error = try #require(
      strictError(
        document(
          goodTile, goodTile, goodTile,
          #"{"kind": "tile-preview", "payload": {"title": 42, "subtitle": "S", "isActive": true}}"#
        )))
    #expect(
      error
        == ComponentDecodingError(
          index: 3,
          kind: "tile-preview",
          pointer: "/components/3/payload/title",
          reason: .typeMismatch(expected: "String", found: "number")
        ))
    #expect(
      error.description
        == #"entry 3 (kind "tile-preview"): /components/3/payload/title: type mismatch: expected String, found number"#
    )
  }

  @Test(
    "errors deep in the payload point at the member",
    arguments: [
      (
        #"{"kind": "card", "payload": {"title": "C", "insets": {"top": "8", "leading": 16, "bottom": 8, "trailing": 16}, "tags": []}}"#,
        #"entry 0 (kind "card"): /components/0/payload/insets/top: type mismatch: expected Double, found string"#
      ),
      (
        #"{"kind": "card", "payload": {"title": "C", "insets": \#(goodInsets), "tags": ["a", 1]}}"#,
        #"entry 0 (kind "card"): /components/0/payload/tags/1: type mismatch: expected String, found number"#
      ),
      (
        #"{"kind": "card", "payload": {"title": "C", "insets": [], "tags": []}}"#,
        #"entry 0 (kind "card"): /components/0/payload/insets: type mismatch: expected object, found array"#
      ),
      (
        #"{"kind": "card", "payload": {"title": "C", "insets": \#(goodInsets), "tags": "a"}}"#,
        #"entry 0 (kind "card"): /components/0/payload/tags: type mismatch: expected array, found string"#
      ),
      (
        #"{"kind": "card", "payload": {"title": null, "insets": \#(goodInsets), "tags": []}}"#,
        #"entry 0 (kind "card"): /components/0/payload/title: type mismatch: expected String, found null"#
      ),
      (
        #"{"kind": "card", "payload": {"title": "C", "insets": {"top": 8}, "tags": []}}"#,
        #"entry 0 (kind "card"): /components/0/payload/insets/leading: key not found: "leading""#
      ),
      (
        #"{"kind": "card", "payload": {"title": "C", "insets": \#(goodInsets), "tags": [], "accent": 7}}"#,
        #"entry 0 (kind "card"): /components/0/payload/accent: type mismatch: expected String, found number"#
      ),
      (
        #"{"kind": "tile-preview", "payload": {"title": "T", "subtitle": "S"}}"#,
        #"entry 0 (kind "tile-preview"): /components/0/payload/isActive: key not found: "isActive""#
      ),
      (
        #"{"kind": "tile-preview", "payload": {"title": "T", "subtitle": "S", "isActive": 1}}"#,
        #"entry 0 (kind "tile-preview"): /components/0/payload/isActive: type mismatch: expected Bool, found number"#
      ),
      (
        #"{"kind": "metrics", "payload": {"values": {"a/b~c": "x"}}}"#,
        #"entry 0 (kind "metrics"): /components/0/payload/values/a~1b~0c: type mismatch: expected Int, found string"#
      ),
    ])
  func payloadErrors(entry: String, message: String) throws {
    let error = try #require(strictError(document(entry)))
    #expect(error.description == message)
    #expect(error.index == 0)
  }

  @Test("a number that does not fit its type is located at the number")
  func unrepresentableNumber() throws {
    let error = try #require(
      strictError(document(#"{"kind": "metrics", "payload": {"values": {"a": 1, "b": 2.5}}}"#)))
    #expect(
      error.description
        == #"entry 0 (kind "metrics"): /components/0/payload/values/b: invalid value: number 2.5 does not fit the expected type"#
    )
  }

  @Test("entry-level problems: kind missing or not a string, payload missing, not an object")
  func entryErrors() throws {
    #expect(
      strictError(document(goodTile, #"{"payload": {}}"#))?.description
        == #"entry 1: /components/1/kind: key not found: "kind""#)
    #expect(
      strictError(document(#"{"kind": 3, "payload": {}}"#))?.description
        == "entry 0: /components/0/kind: type mismatch: expected String, found number")
    #expect(
      strictError(document(#"{"kind": "hero"}"#))?.description
        == #"entry 0 (kind "hero"): /components/0/payload: key not found: "payload""#)
    #expect(
      strictError(document(goodTile, #""hero""#))?.description
        == "entry 1: /components/1: type mismatch: expected object, found string")
    #expect(
      strictError(document(#"{"kind": "hero", "payload": null}"#))?.description
        == #"entry 0 (kind "hero"): /components/0/payload: type mismatch: expected object, found null"#
    )
  }

  @Test("an unknown kind lists the registered kinds, sorted")
  func unknownKind() throws {
    let error = try #require(strictError(document(goodTile, #"{"kind": "banner", "payload": {}}"#)))
    #expect(
      error.reason
        == .unknownKind(
          "banner", registeredKinds: ["card", "hero", "metrics", "stack", "tile-preview"]))
    #expect(
      error.description
        == #"entry 1 (kind "banner"): /components/1/kind: unknown component kind "banner"; \#(allKinds)"#
    )
    let empty = try #require(
      strictError(document(#"{"kind": "banner", "payload": {}}"#), registry: ComponentsRegistry()))
    #expect(
      empty.description
        == #"entry 0 (kind "banner"): /components/0/kind: unknown component kind "banner"; no kinds are registered"#
    )
  }

  @Test("a top-level array points into the array")
  func topLevelArrayPointer() throws {
    let data = #"[{"kind": "hero", "payload": {"headline": false}}]"#.utf8Data
    #expect(
      strictError(data)?.description
        == #"entry 0 (kind "hero"): /0/payload/headline: type mismatch: expected String, found boolean"#
    )
  }

  @Test(
    "document-level problems fail both forms, with no entry index",
    arguments: [
      (
        #""components""#,
        #"type mismatch: expected an array of entries or an object with a "components" array, found string"#
      ),
      (
        "null",
        #"type mismatch: expected an array of entries or an object with a "components" array, found null"#
      ),
      (#"{"items": []}"#, #"/components: key not found: "components""#),
      (#"{"components": {}}"#, "/components: type mismatch: expected array, found object"),
    ])
  func documentErrors(text: String, message: String) throws {
    let registry = makeFixtureRegistry()
    let strict = try #require(strictError(text.utf8Data, registry: registry))
    #expect(strict.description == message)
    #expect(strict.index == nil)
    #expect(throws: strict) { try registry.decodeFactoryResults(from: text.utf8Data) }
  }

  @Test("text that is not JSON is reported with the reader's message, line and column")
  func invalidJSON() throws {
    let registry = makeFixtureRegistry()
    let strict = try #require(strictError(#"{"components": [}"#.utf8Data, registry: registry))
    #expect(
      strict.reason == .invalidJSON("unexpected character '}'; expected a JSON value at 1:17"))
    #expect(
      strict.description == "invalid JSON: unexpected character '}'; expected a JSON value at 1:17")
    #expect(strict.index == nil && strict.kind == nil && strict.pointer.isEmpty)
    #expect(throws: strict) {
      try registry.decodeFactoryResults(from: #"{"components": [}"#.utf8Data)
    }

    let empty = try #require(strictError(Foundation.Data(), registry: registry))
    #expect(empty.reason == .invalidJSON("unexpected end of input; expected a JSON value at 1:1"))

    // A repeated key is the reader's document error, with its pointer.
    let twice = #"{"components": [{"kind": "hero", "kind": "card", "payload": {}}]}"#
    let repeated = try #require(strictError(twice.utf8Data, registry: registry))
    #expect(repeated.pointer == "/components/0")
    #expect(repeated.reason == .invalidJSON(#"duplicate key "kind" at 1:34"#))
    #expect(throws: repeated) { try registry.decodeFactoryResults(from: twice.utf8Data) }
  }

  @Test("the per-entry API points inside the payload")
  func perEntryErrors() throws {
    let registry = makeFixtureRegistry()
    let payload = #"{"title": "C", "insets": {"top": 8, "leading": "16"}, "tags": []}"#
    #expect(
      throws: ComponentDecodingError(
        index: nil,
        kind: "card",
        pointer: "/insets/leading",
        reason: .typeMismatch(expected: "Double", found: "string")
      )
    ) { try registry.decodeFactory(kind: "card", payload: payload.utf8Data) }

    do {
      _ = try registry.decodeFactory(kind: "card", payload: #"{"title": "C"}"#.utf8Data)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == #"kind "card": /insets: key not found: "insets""#)
    }
    do {
      _ = try registry.decodeFactory(kind: "banner", payload: "{}".utf8Data)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == #"kind "banner": unknown component kind "banner"; \#(allKinds)"#)
    }
    do {
      _ = try registry.decodeFactory(kind: "hero", payload: #"{"headline": }"#.utf8Data)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == "hero" && error.pointer.isEmpty)
      #expect(
        error.reason == .invalidJSON("unexpected character '}'; expected a JSON value at 1:14"))
    }
    do {
      _ = try registry.decodeFactory(
        kind: "metrics", payload: #"{"values": {"n": 1e400}}"#.utf8Data)
      Issue.record("expected an error")
    } catch {
      // JSONDecoder's error has no path, but the payload parses as a tree (numbers keep their
      // text, so 1e400 is no obstacle) and holds that number once.
      #expect(
        error.description
          == #"kind "metrics": /values/n: invalid value: number 1e400 does not fit the expected type"#
      )
    }
  }
}

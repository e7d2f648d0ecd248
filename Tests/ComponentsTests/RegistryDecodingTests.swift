import Components
import Foundation
import Testing

/// The example components.json: the reference's tile entry, plus cards with an insets object, a
/// tags array and an accent that is null in one entry and absent in the other.
let exampleDocument = """
  {
    "components": [
      {
        "kind": "tile-preview",
        "category": "Display",
        "description": "Displays a tile preview with status",
        "payload": { "title": "Hero Tile", "subtitle": "Top of the canvas", "isActive": true }
      },
      {
        "kind": "card",
        "category": "Layout",
        "description": "A card with insets and tags",
        "payload": {
          "title": "Welcome",
          "insets": { "top": 8, "leading": 16, "bottom": 8.5, "trailing": 16 },
          "tags": ["new", "featured"],
          "accent": null
        }
      },
      {
        "kind": "card",
        "payload": {
          "title": "Plain",
          "insets": { "top": 0, "leading": 0, "bottom": 0, "trailing": 0 },
          "tags": [],
          "accent": "#FF8800"
        }
      },
      { "kind": "hero", "payload": { "headline": "Big news" } }
    ]
  }
  """

let expectedTile = TilePreviewComponent.Data(
  title: "Hero Tile",
  subtitle: "Top of the canvas",
  isActive: true
)

let expectedWelcomeCard = CardComponent.Data(
  title: "Welcome",
  insets: .init(top: 8, leading: 16, bottom: 8.5, trailing: 16),
  tags: ["new", "featured"],
  accent: nil
)

let expectedPlainCard = CardComponent.Data(
  title: "Plain",
  insets: .init(top: 0, leading: 0, bottom: 0, trailing: 0),
  tags: [],
  accent: "#FF8800"
)

@Suite("ComponentsRegistry decoding")
struct RegistryDecodingTests {
  let registry = makeFixtureRegistry()

  @Test("the example components.json decodes into typed data")
  func exampleDocumentDecodes() throws {
    let factories = try registry.decodeFactories(from: exampleDocument.utf8Data)
    #expect(factories.map(\.kind) == ["tile-preview", "card", "card", "hero"])
    #expect(factories[0].data as? TilePreviewComponent.Data == expectedTile)
    #expect(factories[1].data as? CardComponent.Data == expectedWelcomeCard)
    #expect(factories[2].data as? CardComponent.Data == expectedPlainCard)
    #expect(factories[3].data as? HeroBannerComponent.Data == .init(headline: "Big news"))
    #expect(factories[0].componentType is TilePreviewComponent.Type)
    #expect(factories[3].componentType is HeroBannerComponent.Type)
  }

  @Test("an absent optional decodes like a null one")
  func absentOptional() throws {
    let payload =
      #"{"title":"T","insets":{"top":1,"leading":2,"bottom":3,"trailing":4},"tags":["a"]}"#
    let factory = try registry.decodeFactory(kind: "card", payload: payload.utf8Data)
    let data = try #require(factory.data as? CardComponent.Data)
    #expect(data.accent == nil)
    #expect(data.insets == .init(top: 1, leading: 2, bottom: 3, trailing: 4))
    #expect(data.tags == ["a"])
  }

  @Test("a top-level array of entries decodes like the components object")
  func topLevelArray() throws {
    let document = """
      [
        {"kind": "hero", "payload": {"headline": "One"}},
        {"kind": "tile-preview", "payload": {"title": "T", "subtitle": "S", "isActive": false}}
      ]
      """
    let factories = try registry.decodeFactories(from: document.utf8Data)
    #expect(factories.map(\.kind) == ["hero", "tile-preview"])
    #expect(factories[0].data as? HeroBannerComponent.Data == .init(headline: "One"))
    #expect(
      factories[1].data as? TilePreviewComponent.Data
        == .init(title: "T", subtitle: "S", isActive: false))
  }

  @Test("empty lists decode to no factories", arguments: ["[]", #"{"components": []}"#])
  func emptyDocuments(document: String) throws {
    #expect(try registry.decodeFactories(from: document.utf8Data).isEmpty)
  }

  @Test("the lenient form keeps the good entries around a bad one")
  func lenientForm() throws {
    let document = """
      {"components": [
        {"kind": "hero", "payload": {"headline": "First"}},
        {"kind": "card", "payload": {"title": "Broken", "insets": {"top": "8", "leading": 0, "bottom": 0, "trailing": 0}, "tags": []}},
        {"kind": "banner", "payload": {}},
        {"kind": "tile-preview", "payload": {"title": "Last", "subtitle": "S", "isActive": true}}
      ]}
      """
    let results = try registry.decodeFactoryResults(from: document.utf8Data)
    #expect(results.count == 4)
    #expect(try results[0].get().data as? HeroBannerComponent.Data == .init(headline: "First"))
    #expect(
      try results[3].get().data as? TilePreviewComponent.Data
        == .init(title: "Last", subtitle: "S", isActive: true))
    #expect(
      throws: ComponentDecodingError(
        index: 1,
        kind: "card",
        pointer: "/components/1/payload/insets/top",
        reason: .typeMismatch(expected: "Double", found: "string")
      )
    ) { try results[1].get() }
    #expect(
      throws: ComponentDecodingError(
        index: 2,
        kind: "banner",
        pointer: "/components/2/kind",
        reason: .unknownKind(
          "banner", registeredKinds: ["card", "hero", "metrics", "stack", "tile-preview"])
      )
    ) { try results[2].get() }

    // The strict form stops at the first of them.
    #expect(
      throws: ComponentDecodingError(
        index: 1,
        kind: "card",
        pointer: "/components/1/payload/insets/top",
        reason: .typeMismatch(expected: "Double", found: "string")
      )
    ) { try registry.decodeFactories(from: document.utf8Data) }
  }

  @Test("the per-entry API decodes a payload on its own")
  func perEntry() throws {
    let factory = try registry.decodeFactory(
      kind: "tile-preview",
      payload: #"{"title": "Hero Tile", "subtitle": "Top of the canvas", "isActive": true}"#
        .utf8Data
    )
    #expect(factory.kind == "tile-preview")
    #expect(factory.data as? TilePreviewComponent.Data == expectedTile)
  }

  @Test("factories build components carrying their kind and data")
  func renderable() throws {
    let factories = try registry.decodeFactories(from: exampleDocument.utf8Data)
    let tile = factories[0].makeRenderable()
    #expect(tile.kind == "tile-preview")
    #expect(tile.data as? TilePreviewComponent.Data == expectedTile)
    #expect((tile.component as? TilePreviewComponent)?.data == expectedTile)
    let hero = factories[3].makeRenderable()
    #expect(hero.kind == "hero")
    #expect(hero.component is HeroBannerComponent)
    #expect(tile.id != factories[0].makeRenderable().id)
  }

  @Test("factories are equal when kind, type and data are")
  func factoryEquality() throws {
    let factories = try registry.decodeFactories(from: exampleDocument.utf8Data)
    let again = try registry.decodeFactories(from: exampleDocument.utf8Data)
    #expect(factories == again)
    #expect(factories[1] != factories[2])
    #expect(Set(factories + again).count == 4)
    #expect(
      factories[3]
        == ComponentFactory(data: .init(headline: "Big news"), type: HeroBannerComponent.self))
  }

  @Test("decoding works off the main actor, from a detached task")
  func detachedDecoding() async throws {
    let registry = self.registry
    let kinds = try await Task.detached {
      try registry.decodeFactories(from: exampleDocument.utf8Data).map(\.kind)
    }.value
    #expect(kinds == ["tile-preview", "card", "card", "hero"])
  }

  @Test("an unregistered kind can be loaded as a generic component with its JSON, in order")
  func genericComponent() throws {
    let factory = try ComponentFactory.generic(
      kind: "banner",
      payload: #"{"text": "Hi", "size": 2.50, "tags": ["a", null], "on": true, "big": 1e3}"#
        .utf8Data
    )
    #expect(factory.kind == "banner")
    #expect(factory.isGeneric)
    #expect(factory.componentType is GenericComponent.Type)
    let data = try #require(factory.data as? JSONValue)
    #expect(
      data.canonicalText == #"{"text":"Hi","size":2.50,"tags":["a",null],"on":true,"big":1e3}"#)
    let component = factory.makeRenderable()
    #expect(component.kind == "banner")
    #expect(component.component is GenericComponent)
    let hero = try registry.decodeFactory(kind: "hero", payload: #"{"headline":"H"}"#.utf8Data)
    #expect(!hero.isGeneric)
  }

  @Test("a generic payload that is not JSON is located by line and column")
  func genericInvalidJSON() throws {
    do {
      _ = try ComponentFactory.generic(kind: "banner", payload: "{\n  \"a\": }".utf8Data)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == #"kind "banner": invalid JSON: unexpected character '}'; expected a JSON value at 2:8"#
      )
    }
  }
}

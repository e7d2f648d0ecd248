import Components
import Foundation
import Testing

private let tileEntry =
  #"{"kind": "tile-preview", "payload": {"title": "Child", "subtitle": "S", "isActive": false}}"#
private let heroEntry = #"{"kind": "hero", "payload": {"headline": "Inner"}}"#

@Suite("Nested components")
struct RegistryNestedTests {
  let registry = makeFixtureRegistry()

  @Test("a stack's children decode through the registry, also stacks in stacks")
  func nestedChildren() throws {
    let document = """
      {"components": [
        {"kind": "stack", "payload": {"spacing": 8, "children": [
          \(tileEntry),
          {"kind": "stack", "payload": {"spacing": 2, "children": [\(heroEntry)]}}
        ]}}
      ]}
      """
    let factories = try registry.decodeFactories(from: document.utf8Data)
    let stack = try #require(factories.first?.data as? StackComponent.Data)
    #expect(stack.spacing == 8)
    #expect(stack.children.map(\.kind) == ["tile-preview", "stack"])
    #expect(
      stack.children[0].data as? TilePreviewComponent.Data
        == .init(title: "Child", subtitle: "S", isActive: false))
    let inner = try #require(stack.children[1].data as? StackComponent.Data)
    #expect(inner.spacing == 2)
    #expect(
      inner.children == [NestedComponent(HeroBannerComponent(data: .init(headline: "Inner")))])
    let child = stack.children[0].makeRenderable()
    #expect(child.kind == "tile-preview")
    #expect(child.component is TilePreviewComponent)
  }

  @Test("an unknown child kind reports its full path")
  func unknownChildKind() throws {
    let document = """
      {"components": [
        \(heroEntry),
        \(tileEntry),
        {"kind": "stack", "payload": {"spacing": 8, "children": [\(tileEntry), {"kind": "x", "payload": {}}]}}
      ]}
      """
    let results = try registry.decodeFactoryResults(from: document.utf8Data)
    #expect(results.count == 3)
    #expect(try results[1].get().kind == "tile-preview")
    #expect(
      throws: ComponentDecodingError(
        index: 2,
        kind: "stack",
        pointer: "/components/2/payload/children/1/kind",
        reason: .unknownKind(
          "x", registeredKinds: ["card", "hero", "metrics", "stack", "tile-preview"])
      )
    ) { try results[2].get() }
    do {
      _ = try registry.decodeFactories(from: document.utf8Data)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == #"entry 2 (kind "stack"): /components/2/payload/children/1/kind: unknown component kind "x"; registered kinds: card, hero, metrics, stack, tile-preview"#
      )
    }
  }

  @Test("a bad payload two levels down points at the member")
  func deepChildError() throws {
    let document = """
      [{"kind": "stack", "payload": {"spacing": 1, "children": [
        {"kind": "stack", "payload": {"spacing": 2, "children": [{"kind": "hero", "payload": {"headline": 5}}]}}
      ]}}]
      """
    do {
      _ = try registry.decodeFactories(from: document.utf8Data)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == #"entry 0 (kind "stack"): /0/payload/children/0/payload/children/0/payload/headline: type mismatch: expected String, found number"#
      )
    }
  }

  @Test("the per-entry API decodes children with pointers inside the payload")
  func perEntryChildren() throws {
    let payload = #"{"spacing": 4, "children": [\#(heroEntry), {"kind": "card"}]}"#
    #expect(
      throws: ComponentDecodingError(
        index: nil,
        kind: "stack",
        pointer: "/children/1/payload",
        reason: .keyNotFound("payload")
      )
    ) { try registry.decodeFactory(kind: "stack", payload: payload.utf8Data) }
  }

  @Test("an app's own decoder finds the registry under the documented user-info key")
  func ownDecoder() throws {
    let decoder = JSONDecoder()
    decoder.userInfo[.componentsRegistry] = registry
    let data = try decoder.decode(
      StackComponent.Data.self,
      from: #"{"spacing": 3, "children": [\#(heroEntry)]}"#.utf8Data
    )
    #expect(data.children.map(\.kind) == ["hero"])
    #expect(data.children[0].data as? HeroBannerComponent.Data == .init(headline: "Inner"))
  }

  @Test("without a registry in the user info, decoding a child fails with a reason")
  func missingRegistry() throws {
    do {
      _ = try JSONDecoder().decode(
        StackComponent.Data.self,
        from: #"{"spacing": 3, "children": [\#(heroEntry)]}"#.utf8Data
      )
      Issue.record("expected an error")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.codingPath.map(\.intValue) == [nil, 0])
      #expect(
        context.debugDescription
          == "decoding a component entry needs a ComponentsRegistry in decoder.userInfo[.componentsRegistry]"
      )
    }
  }
}

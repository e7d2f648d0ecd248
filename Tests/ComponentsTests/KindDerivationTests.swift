import Testing

@testable import Components

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// Namespaces and generics, to check that enclosing types and generic arguments are ignored.
enum KindDerivationFixtures {
  struct BadgeComponent: Component {
    struct Data: ComponentData { var label: String }
    var data: Data
    #if canImport(SwiftUI)
      func make() -> some View { Text(data.label) }
    #endif
  }

  struct BoxComponent<Content: Sendable>: Component {
    struct Data: ComponentData { var label: String }
    var data: Data
    #if canImport(SwiftUI)
      func make() -> some View { Text(data.label) }
    #endif
  }
}

@Suite("Kind derivation")
struct KindDerivationTests {
  @Test(
    "type names become kebab-case kinds without a trailing Component",
    arguments: [
      ("TilePreviewComponent", "tile-preview"),
      ("ComponentListComponent", "component-list"),
      ("URLPreviewComponent", "url-preview"),
      ("HTMLView2Component", "html-view2"),
      ("H1TitleComponent", "h1-title"),
      ("Base64ImageComponent", "base64-image"),
      ("CardComponent", "card"),
      ("Card", "card"),
      ("Component", "component"),
      ("ComponentCard", "component-card"),
      ("ListComponents", "list-components"),
      ("IOSBadge", "ios-badge"),
      ("snake_caseComponent", "snake-case"),
      ("Outer.InnerComponent", "inner"),
      ("BoxComponent<Int>", "box"),
      ("BoxComponent<Outer.InnerComponent>", "box"),
    ]
  )
  func derivation(typeName: String, expected: String) {
    #expect(KindDerivation.kind(forTypeName: typeName) == expected)
  }

  @Test("real component types use the derived kind")
  func realTypes() {
    #expect(TilePreviewComponent.kind == "tile-preview")
    #expect(CardComponent.kind == "card")
    #expect(KindDerivationFixtures.BadgeComponent.kind == "badge")
    #expect(KindDerivationFixtures.BoxComponent<Int>.kind == "box")
    #expect(KindDerivationFixtures.BoxComponent<String>.kind == "box")
    #expect(GenericComponent.kind == "generic")
  }

  @Test("a local type derives its kind from its bare name")
  func localType() {
    struct LocalNoteComponent: Component {
      struct Data: ComponentData { var text: String }
      var data: Data
      #if canImport(SwiftUI)
        func make() -> some View { Text(data.text) }
      #endif
    }
    #expect(LocalNoteComponent.kind == "local-note")
  }

  @Test("an explicit kind overrides the derived one, also through the registry")
  func explicitKind() {
    #expect(HeroBannerComponent.kind == "hero")
    let registry = ComponentsRegistry()
    HeroBannerComponent.register(in: registry)
    #expect(registry.registeredKinds == ["hero"])
    #expect(!registry.isRegistered("hero-banner"))
  }
}

import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@Suite("Loading the registry's components from the catalog")
struct RegistryLoadTests {
  let store: RegistryCatalog
  let registry = makeTwoComponentRegistry()

  init() throws {
    store = try RegistryCatalog()
  }

  @Test("two registered kinds, an unknown kind and a bad payload: one failure, one generic")
  func issueScenario() throws {
    try store.importEntries([
      entryJSON("tile-preview", #"{"title": "Tile", "count": 3, "isActive": true}"#),
      entryJSON("hero", #"{"headline": 42}"#),
      entryJSON("banner", #"{"text": "Sale", "ratio": 1.50, "a": [1e2]}"#, category: "Promo"),
    ])
    let report = try registry.load(from: store.catalog)

    #expect(report.revision?.id == 1)
    #expect(
      report.failures == [
        RegistryLoadReport.Failure(
          kind: "hero", revision: 1, pointer: JSONPointer(["headline"]),
          reason: .typeMismatch(expected: "String", found: "number"))
      ])
    #expect(report.unregisteredKinds == ["banner"])
    #expect(report.missingKinds == [])
    #expect(report.factories.map(\.kind) == ["tile-preview", "banner"])
    #expect(report.factories.map(\.isGeneric) == [false, true])
    #expect(
      report.factories[0]
        == ComponentFactory(
          data: .init(title: "Tile", count: 3, isActive: true), type: TilePreviewComponent.self))
    // The generic component's data is built from the stored text: order and numbers kept.
    let banner = try #require(report.factories[1].data as? JSONValue)
    #expect(banner.canonicalText == #"{"text":"Sale","ratio":1.50,"a":[1e2]}"#)
    #expect(report.items.map(\.entry.category) == ["Display", "Promo"])
    #expect(report.factories[1].makeRenderable().kind == "banner")
    #expect(
      report.description == """
        loaded 2 of 3 entries at revision 1: 1 typed, 1 generic, 1 failed
        failure: kind "hero" revision 1: /headline: type mismatch: expected String, found number
        unregistered: banner (loaded as a generic component)
        """)
  }

  @Test("an explicit kind decodes once its payload is fixed; `at:` loads an older revision")
  func olderRevision() throws {
    try store.importEntries([
      entryJSON("tile-preview", #"{"title": "Tile", "count": 3, "isActive": true}"#),
      entryJSON("hero", #"{"headline": 42}"#),
    ])
    try store.importEntries([
      entryJSON("tile-preview", #"{"title": "Tile", "count": 3, "isActive": true}"#),
      entryJSON("hero", #"{"headline": "Big news"}"#),
    ])
    let head = try registry.load(from: store.catalog)
    #expect(head.revision?.id == 2)
    #expect(head.isClean)
    #expect(
      head.factories.last
        == ComponentFactory(data: .init(headline: "Big news"), type: HeroBannerComponent.self))

    let first = try registry.load(from: store.catalog, at: 1)
    #expect(
      first.failures.map(\.description) == [
        #"kind "hero" revision 1: /headline: type mismatch: expected String, found number"#
      ])
    #expect(try registry.load(from: store.catalog, at: "head~1") == first)
  }

  @Test("strict mode throws every failure, sorted, one per line")
  func strict() throws {
    registry.register(StackComponent.self)
    try store.importEntries([
      entryJSON("tile-preview", #"{"title": "Tile", "count": "3", "isActive": true}"#),
      entryJSON("hero", #"{"headline": 42}"#),
      entryJSON(
        "stack",
        #"{"spacing": 8, "children": [{"kind": "hero", "payload": {"headline": "A"}}, {"kind": "x", "payload": {}}]}"#
      ),
      entryJSON("banner", "{}"),
    ])
    let error = try requireError(RegistryVerificationError.self) {
      try registry.load(from: store.catalog, strict: true)
    }
    #expect(error.scope == .revision(1))
    #expect(
      error.description == """
        3 sample payloads do not decode with the registered types (revision 1):
          kind "hero" revision 1: /headline: type mismatch: expected String, found number
          kind "stack" revision 1: /children/1/kind: unknown component kind "x"; registered kinds: hero, stack, tile-preview
          kind "tile-preview" revision 1: /count: type mismatch: expected Int, found string
        """)
    // Unregistered kinds are not failures, even in strict mode.
    try store.importEntries([entryJSON("banner", "{}")])
    let report = try registry.load(from: store.catalog, strict: true)
    #expect(report.unregisteredKinds == ["banner"])
  }

  @Test("nested children decode through the registry from the stored payload")
  func nested() throws {
    registry.register(StackComponent.self)
    try store.importEntries([
      entryJSON(
        "stack",
        #"{"spacing": 8, "children": [{"kind": "hero", "payload": {"headline": "A"}}]}"#)
    ])
    let report = try registry.load(from: store.catalog)
    let stack = try #require(report.factories.first?.data as? StackComponent.Data)
    #expect(stack.children.map(\.kind) == ["hero"])
    #expect(stack.children.first?.data as? HeroBannerComponent.Data == .init(headline: "A"))
  }

  @Test("registered kinds the catalog lacks are missing, sorted; an empty catalog has no revision")
  func missingKinds() throws {
    registry.register(StackComponent.self)
    let empty = try registry.load(from: store.catalog)
    #expect(empty.revision == nil)
    #expect(empty.items.isEmpty && empty.failures.isEmpty && empty.unregisteredKinds.isEmpty)
    #expect(empty.missingKinds == ["hero", "stack", "tile-preview"])
    #expect(
      empty.description == """
        loaded 0 of 0 entries from an empty catalog: 0 typed, 0 generic, 0 failed
        missing: hero (registered, not in the catalog)
        missing: stack (registered, not in the catalog)
        missing: tile-preview (registered, not in the catalog)
        """)

    try store.importEntries([entryJSON("hero", #"{"headline": "H"}"#)])
    #expect(try registry.load(from: store.catalog).missingKinds == ["stack", "tile-preview"])
  }

  @Test("a reference that names no revision is the catalog's error")
  func unknownRevision() throws {
    try store.importEntries([entryJSON("hero", #"{"headline": "H"}"#)])
    let error = try requireError(CatalogError.self) {
      try registry.load(from: store.catalog, at: 7)
    }
    #expect(error == .unknownRevision(reference: "7", reason: "revisions are 1 to 1"))
  }

  @Test("loading runs off the main actor, on a read-only connection of its own")
  func detached() async throws {
    try store.importEntries([
      entryJSON("tile-preview", #"{"title": "Tile", "count": 3, "isActive": true}"#)
    ])
    let path = store.path
    let registry = self.registry
    let kinds = try await Task.detached {
      let catalog = try Catalog(path: path, options: Catalog.Options(readOnly: true))
      return try registry.load(from: catalog).factories.map(\.kind)
    }.value
    #expect(kinds == ["tile-preview"])
  }
}

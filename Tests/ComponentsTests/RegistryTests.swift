import Components
import Foundation
import Testing

@Suite("ComponentsRegistry registration and lookup")
struct RegistryTests {
  @Test("a new registry knows no kinds")
  func empty() {
    let registry = ComponentsRegistry()
    #expect(registry.registeredKinds.isEmpty)
    #expect(!registry.isRegistered("tile-preview"))
    #expect(registry.decoder(for: "tile-preview") == nil)
    #expect(registry.componentType(for: "tile-preview") == nil)
  }

  @Test("registration through the type and through the registry; kinds are sorted")
  func registration() {
    let registry = ComponentsRegistry()
    TilePreviewComponent.register(in: registry)
    registry.register(CardComponent.self)
    HeroBannerComponent.register(in: registry)
    #expect(registry.registeredKinds == ["card", "hero", "tile-preview"])
    #expect(registry.isRegistered("card"))
    #expect(!registry.isRegistered("stack"))
    #expect(registry.componentType(for: "tile-preview") == TilePreviewComponent.self)
    #expect(registry.componentType(for: "hero") == HeroBannerComponent.self)
  }

  @Test("the per-package registration function registers every fixture")
  func packageRegistration() {
    let registry = makeFixtureRegistry()
    #expect(registry.registeredKinds == ["card", "hero", "metrics", "stack", "tile-preview"])
  }

  @Test("registering a kind again replaces the type and returns the replaced one")
  func reregistration() throws {
    struct OtherCardComponent: Component {
      static let kind: ComponentKind = "card"
      struct Data: ComponentData { var title: String }
      var data: Data
    }
    let registry = ComponentsRegistry()
    #expect(registry.register(CardComponent.self) == nil)
    let replaced = registry.register(OtherCardComponent.self)
    #expect(replaced == CardComponent.self)
    #expect(registry.registeredKinds == ["card"])
    #expect(registry.componentType(for: "card") == OtherCardComponent.self)
    let factory = try registry.decodeFactory(kind: "card", payload: #"{"title":"Hi"}"#.utf8Data)
    #expect(factory.data as? OtherCardComponent.Data == OtherCardComponent.Data(title: "Hi"))
  }

  @Test("the decoder for a kind decodes that kind's payload")
  func decoderLookup() throws {
    let registry = makeFixtureRegistry()
    let decode = try #require(registry.decoder(for: "hero"))
    let decodeKey = try #require(CodingUserInfoKey(rawValue: "RegistryTests.decode"))
    /// Hands its decoder to the registered payload decoder found in the user info.
    struct Probe: Decodable {
      static let key = CodingUserInfoKey(rawValue: "RegistryTests.decode")
      let factory: ComponentFactory
      init(from decoder: any Decoder) throws {
        guard let key = Probe.key,
          let decode = decoder.userInfo[key] as? ComponentsRegistry.ComponentDecoder
        else { throw CancellationError() }
        factory = try decode(decoder)
      }
    }
    let decoder = JSONDecoder()
    decoder.userInfo[decodeKey] = decode
    let factory = try decoder.decode(Probe.self, from: #"{"headline":"Big"}"#.utf8Data).factory
    #expect(factory.kind == "hero")
    #expect(factory.data as? HeroBannerComponent.Data == HeroBannerComponent.Data(headline: "Big"))
  }

  @Test("concurrent registration, lookup and decoding from many tasks")
  func concurrentUse() async throws {
    let registry = ComponentsRegistry()
    let document = """
      {"components": [
        {"kind": "tile-preview", "payload": {"title": "T", "subtitle": "S", "isActive": true}},
        {"kind": "hero", "payload": {"headline": "H"}}
      ]}
      """.utf8Data
    let outcomes = await withTaskGroup(of: [String].self) { group in
      for task in 0..<200 {
        group.addTask {
          switch task % 4 {
          case 0:
            TilePreviewComponent.register(in: registry)
            return []
          case 1:
            registry.register(HeroBannerComponent.self)
            return []
          case 2:
            // Each entry is either decoded or reported as an unknown kind, never anything else.
            guard let results = try? registry.decodeFactoryResults(from: document) else {
              return ["document failed"]
            }
            return results.map { result in
              switch result {
              case .success(let factory): return factory.kind
              case .failure(let error):
                if case .unknownKind = error.reason { return "unknown" }
                return "unexpected: \(error)"
              }
            }
          default:
            let kinds = registry.registeredKinds
            let consistent = kinds.allSatisfy { registry.isRegistered($0) }
            return consistent ? [] : ["inconsistent lookup"]
          }
        }
      }
      var all: [String] = []
      for await outcome in group {
        all += outcome
      }
      return all
    }
    let allowed: Set<String> = ["tile-preview", "hero", "unknown"]
    #expect(outcomes.filter { !allowed.contains($0) } == [])
    #expect(outcomes.count == 100)
    #expect(registry.registeredKinds == ["hero", "tile-preview"])
    let factories = try registry.decodeFactories(from: document)
    #expect(factories.map(\.kind) == ["tile-preview", "hero"])
  }
}

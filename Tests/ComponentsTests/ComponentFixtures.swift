import Components
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

// Components used by the registry tests, shaped like the example components.json entries.
// They sit in one file because they are fixtures, not product code.

/// The reference design's tile: title, subtitle, isActive.
struct TilePreviewComponent: Component {
  struct Data: ComponentData {
    var title: String
    var subtitle: String
    var isActive: Bool
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text(data.title) }
  #endif
}

/// A card with an insets object, a tags array and an optional accent.
struct CardComponent: Component {
  struct Data: ComponentData {
    struct Insets: Hashable, Decodable, Sendable {
      var top: Double
      var leading: Double
      var bottom: Double
      var trailing: Double
    }

    var title: String
    var insets: Insets
    var tags: [String]
    var accent: String?
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text(data.title) }
  #endif
}

/// A container whose children are decoded through the registry.
struct StackComponent: Component {
  struct Data: ComponentData {
    var spacing: Int
    var children: [NestedComponent]
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text("stack") }
  #endif
}

/// A component that states its kind instead of deriving `hero-banner`.
struct HeroBannerComponent: Component {
  static let kind: ComponentKind = "hero"

  struct Data: ComponentData {
    var headline: String
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text(data.headline) }
  #endif
}

/// A component whose payload is a dictionary, for keys that need JSON Pointer escaping.
struct MetricsComponent: Component {
  struct Data: ComponentData {
    var values: [String: Int]
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text("metrics") }
  #endif
}

/// A registry with every fixture registered.
func makeFixtureRegistry() -> ComponentsRegistry {
  let registry = ComponentsRegistry()
  registerFixtureComponents(in: registry)
  return registry
}

/// The per-package registration function, as an app package would write it.
func registerFixtureComponents(in registry: ComponentsRegistry) {
  TilePreviewComponent.register(in: registry)
  CardComponent.register(in: registry)
  StackComponent.register(in: registry)
  HeroBannerComponent.register(in: registry)
  MetricsComponent.register(in: registry)
}

extension String {
  /// The string's UTF-8 bytes, for decoding.
  var utf8Data: Foundation.Data { Foundation.Data(utf8) }
}

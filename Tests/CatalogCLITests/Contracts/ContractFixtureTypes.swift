import Components
import Foundation

// The app builds the contract tests record: small registries whose `Data` types are the
// cases of issue 32 (an integer, a nullable string, an enum, a required key, an unread key).

/// `counter`: an integer count and an optional label.
struct CounterComponent: Component {
  struct Data: ComponentData {
    var count: Int
    var label: String?
  }
  var data: Data
}

/// `counter` as a later build reads it: the count may be a fraction.
struct FractionalCounterComponent: Component {
  static let kind: ComponentKind = "counter"
  struct Data: ComponentData {
    var count: Double
    var label: String?
  }
  var data: Data
}

/// `swatch`: a colour that is required but may be null (`decode(String?.self)`).
struct SwatchComponent: Component {
  struct Data: ComponentData {
    enum CodingKeys: String, CodingKey { case color }
    var color: String?
    init(color: String?) { self.color = color }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      color = try container.decode(String?.self, forKey: .color)
    }
  }
  var data: Data
}

/// `badge`: a style from a closed set and a required title.
struct BadgeComponent: Component {
  enum Style: String, Codable, CaseIterable, Sendable { case info, warning }
  struct Data: ComponentData {
    var style: Style
    var title: String
  }
  var data: Data
}

/// `knob`: a range of integers (docs/ci.md's example kind, as an app build reads it).
struct KnobComponent: Component {
  struct Data: ComponentData {
    var range: [Int]
  }
  var data: Data
}

#if canImport(SwiftUI)
  import SwiftUI
  extension CounterComponent { func make() -> some View { EmptyView() } }
  extension FractionalCounterComponent { func make() -> some View { EmptyView() } }
  extension SwatchComponent { func make() -> some View { EmptyView() } }
  extension BadgeComponent { func make() -> some View { EmptyView() } }
  extension KnobComponent { func make() -> some View { EmptyView() } }
#endif

/// The contract files of the tests.
enum ContractFiles {
  /// `ios@VERSION`: counter (Int), swatch (String?), badge (enum).
  static func ios(_ version: String) -> [UInt8] {
    let registry = ComponentsRegistry()
    registry.register(CounterComponent.self)
    registry.register(SwatchComponent.self)
    registry.register(BadgeComponent.self)
    return registry.contract(app: "ios", version: version).canonicalBytes
  }

  /// `ios@VERSION` that decodes docs/ci.md's `knob` (and no other kind of its example).
  static func knob(_ version: String) -> [UInt8] {
    let registry = ComponentsRegistry()
    registry.register(KnobComponent.self)
    return registry.contract(app: "ios", version: version).canonicalBytes
  }

  /// `ios@VERSION` whose counter is a `Double`.
  static func iosFractional(_ version: String) -> [UInt8] {
    let registry = ComponentsRegistry()
    registry.register(FractionalCounterComponent.self)
    registry.register(SwatchComponent.self)
    registry.register(BadgeComponent.self)
    return registry.contract(app: "ios", version: version).canonicalBytes
  }
}

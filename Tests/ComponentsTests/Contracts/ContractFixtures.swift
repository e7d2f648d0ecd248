import Components
import Foundation

// The Data types of the contract tests: one per construct the recorder knows, each registered
// under its own kind. They sit in one file because they are fixtures, not product code.

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A fixture component: its data is all there is to it.
protocol ContractFixture: Component {}

#if canImport(SwiftUI)
  extension ContractFixture {
    func make() -> some View { EmptyView() }
  }
#endif

// 1. Plain members of the three leaf types.
struct PlainComponent: ContractFixture {
  struct Data: ComponentData {
    var title: String
    var subtitle: String
    var isActive: Bool
  }
  var data: Data
}

// 2. Optional members: synthesized decodeIfPresent.
struct OptionalComponent: ContractFixture {
  struct Data: ComponentData {
    var title: String
    var accent: String?
    var count: Int?
  }
  var data: Data
}

// 3. Nullable but required: decode(String?.self).
struct NullableComponent: ContractFixture {
  struct Data: ComponentData {
    enum CodingKeys: String, CodingKey { case color }
    var color: String?
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      color = try container.decode(String?.self, forKey: .color)
    }
  }
  var data: Data
}

// 4. The integer family.
struct IntegersComponent: ContractFixture {
  struct Data: ComponentData {
    var count: Int
    var small: Int8
    var port: UInt16
    var offset: Int32
    var big: UInt64
  }
  var data: Data
}

// 5. Floating point and decimal.
struct NumbersComponent: ContractFixture {
  struct Data: ComponentData {
    var ratio: Double
    var scale: Float
    var price: Decimal
  }
  var data: Data
}

// 6. A nested object.
struct InsetsComponent: ContractFixture {
  struct Insets: Hashable, Decodable, Sendable {
    var top: Double
    var leading: Double
  }
  struct Data: ComponentData {
    var title: String
    var insets: Insets
  }
  var data: Data
}

// 7. Arrays of strings, and of optional strings inside an optional array.
struct TagsComponent: ContractFixture {
  struct Data: ComponentData {
    var tags: [String]
    var labels: [String?]?
  }
  var data: Data
}

// 8. Arrays of arrays.
struct GridComponent: ContractFixture {
  struct Data: ComponentData {
    var cells: [[Int]]
  }
  var data: Data
}

// 9. A dictionary of numbers.
struct WeightsComponent: ContractFixture {
  struct Data: ComponentData {
    var weights: [String: Double]
  }
  var data: Data
}

// 10. A dictionary of objects.
struct ThemesComponent: ContractFixture {
  struct Data: ComponentData {
    var themes: [String: InsetsComponent.Insets]
  }
  var data: Data
}

// 11. A string enum.
enum Alignment: String, CaseIterable, Decodable, Hashable, Sendable {
  case leading, center, trailing
}

struct AlignedComponent: ContractFixture {
  struct Data: ComponentData {
    var alignment: Alignment
    var fallback: Alignment?
  }
  var data: Data
}

// 12. An integer enum.
enum Priority: Int, CaseIterable, Decodable, Hashable, Sendable {
  case low = 1
  case normal = 5
  case high = 10
}

struct PriorityComponent: ContractFixture {
  struct Data: ComponentData {
    var priority: Priority
  }
  var data: Data
}

// 13. An enum whose init(from:) falls back: it reads any string.
enum Mood: String, CaseIterable, Hashable, Sendable, Decodable {
  case happy, sad, unknown
  init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(String.self)
    self = Mood(rawValue: raw) ?? .unknown
  }
}

struct MoodComponent: ContractFixture {
  struct Data: ComponentData {
    var mood: Mood
  }
  var data: Data
}

// 14. An enum that is not CaseIterable: the recorder cannot list its values.
enum Weather: String, Decodable, Hashable, Sendable {
  case sunny, rainy
}

struct WeatherComponent: ContractFixture {
  struct Data: ComponentData {
    var title: String
    var weather: Weather
  }
  var data: Data
}

// 15. Recursion through an array.
struct TreeComponent: ContractFixture {
  struct Node: Hashable, Decodable, Sendable {
    var label: String
    var children: [Node]
  }
  struct Data: ComponentData {
    var root: Node
  }
  var data: Data
}

// 16. Recursion through an optional, with a custom init(from:).
indirect enum LinkedList: Hashable, Decodable, Sendable {
  case node(value: Int, next: LinkedList?)
  enum CodingKeys: String, CodingKey { case value, next }
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .node(
      value: try container.decode(Int.self, forKey: .value),
      next: try container.decodeIfPresent(LinkedList.self, forKey: .next))
  }
}

struct ListComponent: ContractFixture {
  typealias Data = LinkedList
  var data: LinkedList
}

extension LinkedList: ComponentData {}

// 17. Nested components.
struct ColumnComponent: ContractFixture {
  struct Data: ComponentData {
    var spacing: Double
    var children: [NestedComponent]
  }
  var data: Data
}

// 18. An optional nested component.
struct FrameComponent: ContractFixture {
  struct Data: ComponentData {
    var header: NestedComponent?
    var body: NestedComponent
  }
  var data: Data
}

// 19. A custom init(from:) with a default for a missing member.
struct DefaultsComponent: ContractFixture {
  struct Data: ComponentData {
    enum CodingKeys: String, CodingKey { case title, isActive }
    var title: String
    var isActive: Bool
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      title = try container.decode(String.self, forKey: .title)
      isActive = try container.decodeIfPresent(Bool.self, forKey: .isActive) ?? true
    }
  }
  var data: Data
}

// 20. A custom init(from:) that checks `contains` first.
struct PresenceComponent: ContractFixture {
  struct Data: ComponentData {
    enum CodingKeys: String, CodingKey { case title, badge }
    var title: String
    var badge: Int
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      title = try container.decode(String.self, forKey: .title)
      badge = container.contains(.badge) ? try container.decode(Int.self, forKey: .badge) : 0
    }
  }
  var data: Data
}

// 21. A custom init(from:) whose members depend on a value: unknown.
struct DisclosureComponent: ContractFixture {
  struct Data: ComponentData {
    enum CodingKeys: String, CodingKey { case expanded, detail }
    var expanded: Bool
    var detail: String?
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      expanded = try container.decode(Bool.self, forKey: .expanded)
      detail = expanded ? try container.decode(String.self, forKey: .detail) : nil
    }
  }
  var data: Data
}

// 22. A member type that throws on placeholder input: unknown there.
struct HexColor: Hashable, Decodable, Sendable {
  var text: String
  init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard text.hasPrefix("#"), text.count == 7 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not #RRGGBB"))
    }
    self.text = text
  }
}

struct SwatchComponent: ContractFixture {
  struct Data: ComponentData {
    var name: String
    var color: HexColor
    var note: String
  }
  var data: Data
}

// 23. URL and Date members.
struct LinkComponent: ContractFixture {
  struct Data: ComponentData {
    var url: URL
    var published: Date
  }
  var data: Data
}

// 24. Data (Base64) and free-form JSON.
struct BlobComponent: ContractFixture {
  struct Data: ComponentData {
    var bytes: Foundation.Data
    var extra: JSONValue
  }
  var data: Data
}

// 25. A Set.
struct ChipsComponent: ContractFixture {
  struct Data: ComponentData {
    var chips: Set<String>
  }
  var data: Data
}

// 26. A single-value wrapper type as a member.
struct Identifier: Hashable, Decodable, Sendable {
  var raw: String
  init(from decoder: any Decoder) throws {
    raw = try decoder.singleValueContainer().decode(String.self)
  }
}

struct RecordComponent: ContractFixture {
  struct Data: ComponentData {
    var id: Identifier
    var ids: [Identifier]
  }
  var data: Data
}

// 27. A nested keyed container read by hand.
struct SizeComponent: ContractFixture {
  struct Data: ComponentData {
    enum CodingKeys: String, CodingKey { case size }
    enum SizeKeys: String, CodingKey { case width, height }
    var width: Double
    var height: Double
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let size = try container.nestedContainer(keyedBy: SizeKeys.self, forKey: .size)
      width = try size.decode(Double.self, forKey: .width)
      height = try size.decode(Double.self, forKey: .height)
    }
  }
  var data: Data
}

// 28. An array read by position: unknown.
struct PointComponent: ContractFixture {
  struct Data: ComponentData {
    var x: Double
    var y: Double
    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      x = try container.decode(Double.self)
      y = try container.decode(Double.self)
    }
  }
  var data: Data
}

// 29. An empty payload object.
struct DividerComponent: ContractFixture {
  struct Data: ComponentData {}
  var data: Data
}

// 30. Recursion through a dictionary, and a nested enum inside an array.
struct MenuComponent: ContractFixture {
  struct Item: Hashable, Decodable, Sendable {
    var title: String
    var alignment: [Alignment]
    var submenus: [String: Item]?
  }
  struct Data: ComponentData {
    var items: [Item]
  }
  var data: Data
}

/// Every fixture type, in a fixed order.
let contractFixtureTypes: [any Component.Type] = [
  PlainComponent.self, OptionalComponent.self, NullableComponent.self, IntegersComponent.self,
  NumbersComponent.self, InsetsComponent.self, TagsComponent.self, GridComponent.self,
  WeightsComponent.self, ThemesComponent.self, AlignedComponent.self, PriorityComponent.self,
  MoodComponent.self, WeatherComponent.self, TreeComponent.self, ListComponent.self,
  ColumnComponent.self, FrameComponent.self, DefaultsComponent.self, PresenceComponent.self,
  DisclosureComponent.self, SwatchComponent.self, LinkComponent.self, BlobComponent.self,
  ChipsComponent.self, RecordComponent.self, SizeComponent.self, PointComponent.self,
  DividerComponent.self, MenuComponent.self,
]

/// A registry with every fixture type.
func makeContractRegistry() -> ComponentsRegistry {
  let registry = ComponentsRegistry()
  for type in contractFixtureTypes {
    register(type, in: registry)
  }
  return registry
}

private func register<C: Component>(_ type: C.Type, in registry: ComponentsRegistry) {
  registry.register(type)
}

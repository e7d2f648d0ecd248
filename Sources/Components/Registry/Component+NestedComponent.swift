/// A child component inside another component's data, decoded through the same registry.
///
/// Containers (stacks, cards) hold their children as `{kind, payload}` entries:
///
/// ```swift
/// public struct StackComponent: Component {
///   public struct Data: ComponentData {
///     public var spacing: Double
///     public var children: [NestedComponent]
///   }
///   …
/// }
/// ```
///
/// ```json
/// { "kind": "stack", "payload": { "spacing": 8, "children": [
///   { "kind": "tile-preview", "payload": { "title": "A", "subtitle": "B", "isActive": true } }
/// ] } }
/// ```
///
/// Decoding finds the registry in `decoder.userInfo[.componentsRegistry]`; the registry's own
/// decode methods set it. An unknown child kind fails the entry with its full path, e.g.
/// `/components/2/payload/children/1/kind`.
///
/// (Named `Component+NestedComponent.swift` for the same reason as `AnyComponent`'s file.)
public struct NestedComponent: Hashable, Decodable, Sendable, CustomStringConvertible {
  /// The decoded child.
  public let factory: ComponentFactory

  /// Wraps an already decoded child.
  ///
  /// - Parameter factory: The child's factory.
  public init(_ factory: ComponentFactory) {
    self.factory = factory
  }

  /// Wraps a component value, for building containers in code (previews, tests).
  ///
  /// - Parameter component: The child component.
  public init<C: Component>(_ component: C) {
    self.factory = ComponentFactory(data: component.data, type: C.self)
  }

  /// Decodes a `{"kind": …, "payload": …}` entry with the registry in the decoder's user info.
  ///
  /// - Throws: `DecodingError` when the entry is malformed, its kind is not registered, or its
  ///   payload does not decode; `.dataCorrupted` when `decoder.userInfo[.componentsRegistry]`
  ///   holds no `ComponentsRegistry`.
  public init(from decoder: any Decoder) throws {
    var kind: ComponentKind?
    self.factory = try RegistryEntry.decodeFactory(from: decoder, kind: &kind)
  }

  /// The child's kind.
  public var kind: ComponentKind {
    factory.kind
  }

  /// The child's decoded payload.
  public var data: any ComponentData {
    factory.data
  }

  /// The child's kind and data, as `ComponentFactory` prints them.
  public var description: String {
    factory.description
  }

  /// Builds the child component.
  ///
  /// - Returns: The type-erased child.
  public func makeRenderable() -> AnyComponent {
    factory.makeRenderable()
  }
}

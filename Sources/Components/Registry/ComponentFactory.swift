/// A decoded component that is not built yet: its kind, its data and how to build it.
///
/// The registry produces factories while decoding, which can happen on any thread or task.
/// `makeRenderable()` builds the component and wraps it in an `AnyComponent`; on Apple platforms
/// only `AnyComponent.contentView` needs the main actor, so building is not main-actor bound.
///
/// Two factories are equal when they have the same kind, the same component type and equal
/// data.
public struct ComponentFactory: Hashable, Sendable {
  /// The kind of the entry this factory was decoded from.
  public let kind: ComponentKind

  /// The decoded payload, for inspection and printing (a gallery, a test).
  ///
  /// Cast it to the component's data type to read its fields:
  /// `factory.data as? TilePreviewComponent.Data`.
  public let data: any ComponentData

  /// The component type `makeRenderable()` builds.
  public let componentType: any Component.Type

  private let build: @Sendable () -> AnyComponent

  /// Creates a factory that builds a `C` from `data`, with kind `C.kind`.
  ///
  /// - Parameters:
  ///   - data: The decoded payload.
  ///   - type: The component type to build.
  public init<C: Component>(data: C.Data, type: C.Type) {
    self.init(kind: C.kind, data: data, type: type)
  }

  /// Creates a factory whose kind is not the type's own (the generic component).
  init<C: Component>(kind: ComponentKind, data: C.Data, type: C.Type) {
    self.kind = kind
    self.data = data
    self.componentType = type
    self.build = { AnyComponent(C(data: data), kind: kind) }
  }

  /// Builds the component and wraps it for storage and rendering.
  ///
  /// - Returns: The type-erased component, carrying this factory's kind and data.
  public func makeRenderable() -> AnyComponent {
    build()
  }

  public static func == (lhs: ComponentFactory, rhs: ComponentFactory) -> Bool {
    lhs.kind == rhs.kind
      && ObjectIdentifier(lhs.componentType) == ObjectIdentifier(rhs.componentType)
      && AnyHashable(lhs.data) == AnyHashable(rhs.data)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(ObjectIdentifier(componentType))
    hasher.combine(AnyHashable(data))
  }
}

extension ComponentFactory {
  /// Whether this factory holds an entry of an unregistered kind as a `GenericComponent`,
  /// whose data is the payload's `JSONValue`.
  public var isGeneric: Bool {
    componentType == GenericComponent.self
  }
}

extension ComponentFactory: CustomStringConvertible {
  /// The kind and the decoded data, for logs and text galleries:
  /// `tile-preview Data(title: "A", isActive: true)`; a generic component's data prints as its
  /// JSON text.
  public var description: String {
    if let value = data as? JSONValue {
      return "\(kind) \(value.canonicalText)"
    }
    return "\(kind) \(data)"
  }
}

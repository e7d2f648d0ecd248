import Foundation

/// The table from component kind to component type, and the decoder of components documents.
///
/// An app creates one registry, registers its components (per package, with functions like
/// `registerTileComponents(in:)`), and decodes components.json into factories:
///
/// ```swift
/// let registry = ComponentsRegistry()
/// TilePreviewComponent.register(in: registry)
/// let factories = try registry.decodeFactories(from: componentsJSON)
/// ```
///
/// Registration and lookup are safe from any thread or task. Registering a kind that is already
/// registered replaces the earlier type (the last registration wins, so an app can override a
/// package's component); `register(_:)` returns the replaced type so a caller can detect the
/// collision.
///
/// A class rather than a struct because registration is shared: packages register into the
/// app's one registry (`C.register(in: registry)`), and decoders reach it through
/// `decoder.userInfo[.componentsRegistry]` while decoding nested components.
public final class ComponentsRegistry: @unchecked Sendable {
  // `@unchecked Sendable` is safe: the only mutable state is `registrations`, which is read and
  // written only while `lock` is held, and no reference to it escapes (lookups return copies of
  // its `Sendable` values). Component code (`C.kind`) runs outside the lock.

  /// Decodes a payload, from a decoder positioned at it, into a factory.
  public typealias ComponentDecoder = @Sendable (any Decoder) throws -> ComponentFactory

  /// What is registered for one kind.
  struct Registration: Sendable {
    let componentType: any Component.Type
    let decode: ComponentDecoder
  }

  private let lock = NSLock()
  private var registrations: [ComponentKind: Registration] = [:]

  /// Creates an empty registry.
  public init() {}

  /// Registers `type` under `type.kind`, replacing any type registered for that kind.
  ///
  /// - Parameter type: The component type.
  /// - Returns: The type that was registered for the kind before, if any.
  @discardableResult
  public func register<C: Component>(_ type: C.Type) -> (any Component.Type)? {
    let kind = C.kind
    let registration = Registration(componentType: type) { decoder in
      // Through a single-value container, so JSONDecoder's handling of Date, URL, Decimal and
      // friends applies when the payload type is one of them.
      let data = try decoder.singleValueContainer().decode(C.Data.self)
      return ComponentFactory(data: data, type: C.self)
    }
    return lock.withLock {
      let previous = registrations[kind]?.componentType
      registrations[kind] = registration
      return previous
    }
  }

  /// The registered kinds, sorted.
  public var registeredKinds: [ComponentKind] {
    lock.withLock { registrations.keys.sorted() }
  }

  /// Whether a type is registered for `kind`.
  public func isRegistered(_ kind: ComponentKind) -> Bool {
    lock.withLock { registrations[kind] != nil }
  }

  /// The payload decoder for `kind`, or nil when no type is registered for it.
  public func decoder(for kind: ComponentKind) -> ComponentDecoder? {
    lock.withLock { registrations[kind]?.decode }
  }

  /// The component type registered for `kind`, or nil.
  public func componentType(for kind: ComponentKind) -> (any Component.Type)? {
    lock.withLock { registrations[kind]?.componentType }
  }
}

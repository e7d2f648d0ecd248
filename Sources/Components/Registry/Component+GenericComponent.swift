import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A component for an entry whose kind has no registered type: its data is the payload's JSON.
///
/// It lets a gallery still show entries it has no type for. It is not meant to be registered;
/// build it with `ComponentFactory.generic(kind:payload:)`, which gives the factory and the
/// `AnyComponent` the entry's own kind (`GenericComponent.kind` itself is `generic`).
///
/// (Named `Component+GenericComponent.swift` for the same reason as `AnyComponent`'s file.)
public struct GenericComponent: Component {
  public typealias Data = ComponentPayload

  /// The payload's JSON.
  public var data: ComponentPayload

  /// Creates the component from a captured payload.
  ///
  /// - Parameter data: The payload.
  public init(data: ComponentPayload) {
    self.data = data
  }

  #if canImport(SwiftUI)
    /// Shows the payload as JSON text.
    @MainActor
    public func make() -> some View {
      Text(data.description)
    }
  #endif
}

extension ComponentFactory {
  /// A factory for an entry whose kind has no registered type, with the payload's JSON as data.
  ///
  /// - Parameters:
  ///   - kind: The entry's kind, kept by the factory and its `AnyComponent`.
  ///   - payload: The JSON text of the payload alone.
  /// - Returns: A factory building a `GenericComponent`.
  /// - Throws: `ComponentDecodingError` with reason `.invalidJSON` when `payload` is not JSON.
  public static func generic(
    kind: ComponentKind,
    payload: Foundation.Data
  ) throws(ComponentDecodingError) -> ComponentFactory {
    do {
      let value = try JSONDecoder().decode(ComponentPayload.self, from: payload)
      return ComponentFactory(kind: kind, data: value, type: GenericComponent.self)
    } catch {
      throw ComponentDecodingError(
        index: nil,
        kind: kind,
        pointer: "",
        reason: .invalidJSON(RegistryJSONSyntax.detail(of: payload) ?? "\(error)")
      )
    }
  }
}

import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A component for an entry whose kind has no registered type: its data is the payload's JSON.
///
/// It lets a gallery still show entries it has no type for. It is not meant to be registered;
/// build it with `ComponentFactory.generic(kind:value:)` (or `generic(kind:payload:)` from
/// text), which gives the factory and the `AnyComponent` the entry's own kind
/// (`GenericComponent.kind` itself is `generic`).
///
/// The data is a `JSONValue` parsed from the payload's text, so object members keep their
/// order and numbers their exact text (`1.0` stays `1.0`).
///
/// (Named `Component+GenericComponent.swift` for the same reason as `AnyComponent`'s file.)
public struct GenericComponent: Component {
  public typealias Data = JSONValue

  /// The payload's JSON.
  public var data: JSONValue

  /// Creates the component from a payload.
  ///
  /// - Parameter data: The payload.
  public init(data: JSONValue) {
    self.data = data
  }

  #if canImport(SwiftUI)
    /// Shows the payload as JSON text.
    @MainActor
    public func make() -> some View {
      Text(data.canonicalText)
    }
  #endif
}

/// A `JSONValue` is component data: any payload decodes into it.
extension JSONValue: ComponentData {}

extension ComponentFactory {
  /// A factory for an entry whose kind has no registered type, with the payload's JSON as data.
  ///
  /// - Parameters:
  ///   - kind: The entry's kind, kept by the factory and its `AnyComponent`.
  ///   - value: The payload.
  /// - Returns: A factory building a `GenericComponent`.
  public static func generic(kind: ComponentKind, value: JSONValue) -> ComponentFactory {
    ComponentFactory(kind: kind, data: value, type: GenericComponent.self)
  }

  /// A factory for an entry whose kind has no registered type, parsing the payload's text so
  /// that member order and number text are kept.
  ///
  /// - Parameters:
  ///   - kind: The entry's kind, kept by the factory and its `AnyComponent`.
  ///   - payload: The JSON text of the payload alone.
  /// - Returns: A factory building a `GenericComponent`.
  /// - Throws: `ComponentDecodingError` with reason `.invalidJSON` (the parser's message, line
  ///   and column) when `payload` is not JSON.
  public static func generic(
    kind: ComponentKind,
    payload: Foundation.Data
  ) throws(ComponentDecodingError) -> ComponentFactory {
    do {
      return generic(kind: kind, value: try JSONValue(parsing: payload))
    } catch {
      throw ComponentDecodingError(
        index: nil,
        kind: kind,
        pointer: error.pointer.description,
        reason: .invalidJSON("\(error.message) at \(error.position)")
      )
    }
  }
}

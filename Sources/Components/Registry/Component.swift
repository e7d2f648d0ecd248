#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A reusable UI component built from a decoded payload.
///
/// A component is a value holding its `Data`. Registering the type in a `ComponentsRegistry`
/// lets components.json entries of its `kind` decode into it:
///
/// ```swift
/// public struct TilePreviewComponent: Component {
///   public struct Data: ComponentData {
///     public var title: String
///     public var isActive: Bool
///   }
///   public var data: Data
///   public init(data: Data) { self.data = data }
///   #if canImport(SwiftUI)
///     public func make() -> some View { TilePreviewContent(data: data) }
///   #endif
/// }
///
/// TilePreviewComponent.kind  // "tile-preview"
/// ```
///
/// On platforms with SwiftUI the protocol also requires `make()`, which builds the view. Without
/// SwiftUI (Linux) a component is data only, and the same source compiles on both when `make()`
/// sits behind `#if canImport(SwiftUI)`.
public protocol Component: Sendable {
  /// The payload type this component is built from.
  associatedtype Data: ComponentData

  #if canImport(SwiftUI)
    /// The view `make()` returns.
    associatedtype ViewBody: View

    /// Builds the SwiftUI view for this component.
    ///
    /// Runs on the main actor because SwiftUI view construction and state are main-actor
    /// isolated.
    @MainActor
    func make() -> ViewBody
  #endif

  /// The kind that components.json entries use for this component.
  ///
  /// The default is derived from the type name: the name minus one trailing `Component`, in
  /// kebab case (`TilePreviewComponent` → `tile-preview`, `ComponentListComponent` →
  /// `component-list`, `URLPreviewComponent` → `url-preview`, `HTMLView2Component` →
  /// `html-view2`). Digits stay with the word before them; generic arguments and enclosing types
  /// are ignored. A type states its kind explicitly by implementing it:
  ///
  /// ```swift
  /// static let kind: ComponentKind = "hero"
  /// ```
  static var kind: ComponentKind { get }

  /// The payload this component was built from.
  var data: Data { get }

  /// Creates the component from its payload.
  init(data: Data)
}

extension Component {
  /// The kind derived from the type name; see the requirement's documentation for the rule.
  public static var kind: ComponentKind {
    KindDerivation.kind(forTypeName: String(describing: Self.self))
  }

  /// Registers this component type in `registry` under `kind`.
  ///
  /// Same as `registry.register(Self.self)`: a kind registered earlier is replaced.
  ///
  /// - Parameter registry: The registry to add this type to.
  public static func register(in registry: ComponentsRegistry) {
    registry.register(Self.self)
  }
}

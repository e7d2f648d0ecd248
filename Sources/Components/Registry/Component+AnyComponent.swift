import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A type-erased component, for storing components of different types together and rendering
/// them.
///
/// It is plain data (kind, component, data) and `Sendable` everywhere. On platforms with SwiftUI
/// it also carries the component's view through `contentView`, the only part that needs the
/// main actor.
///
/// (This file is named `Component+AnyComponent.swift` rather than `AnyComponent.swift` because
/// the registry's files share the `Component`/`Registry`/`Kind`/`Factory` prefixes.)
public struct AnyComponent: Identifiable, Sendable {
  /// A fresh identity per wrapped component, for SwiftUI lists.
  public let id: UUID

  /// The kind of the entry the component came from.
  ///
  /// For components built by the registry this is the component type's `kind`; for a
  /// `GenericComponent` it is the unregistered kind of its entry.
  public let kind: ComponentKind

  /// The wrapped component.
  public let component: any Component

  #if canImport(SwiftUI)
    private let makeView: @MainActor @Sendable () -> AnyView
  #endif

  /// Wraps `component`, with kind `C.kind`.
  ///
  /// - Parameter component: The component to wrap.
  public init<C: Component>(_ component: C) {
    self.init(component, kind: C.kind)
  }

  /// Wraps `component` under a kind that is not necessarily its type's.
  init<C: Component>(_ component: C, kind: ComponentKind) {
    self.id = UUID()
    self.kind = kind
    self.component = component
    #if canImport(SwiftUI)
      self.makeView = { AnyView(component.make()) }
    #endif
  }

  /// The wrapped component's payload.
  public var data: any ComponentData {
    component.data
  }

  #if canImport(SwiftUI)
    /// The component's view, built by its `make()`.
    @MainActor
    public var contentView: AnyView {
      makeView()
    }
  #endif
}

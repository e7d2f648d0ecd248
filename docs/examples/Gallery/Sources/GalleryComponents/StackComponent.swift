import Components

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A container that lays out child components, decoded through the same registry. Kind:
/// `stack`.
public struct StackComponent: Component {
  /// The direction children are laid out in.
  public enum Axis: String, Hashable, Decodable, Sendable, CustomDebugStringConvertible {
    case horizontal
    case vertical

    /// The raw value, so that printed data reads `axis: vertical`.
    public var debugDescription: String { rawValue }
  }

  public struct Data: ComponentData {
    public var axis: Axis
    public var spacing: Double
    public var children: [NestedComponent]

    public init(axis: Axis, spacing: Double, children: [NestedComponent]) {
      self.axis = axis
      self.spacing = spacing
      self.children = children
    }
  }

  public var data: Data

  public init(data: Data) {
    self.data = data
  }

  #if canImport(SwiftUI)
    public func make() -> some View {
      let children = data.children.map { $0.makeRenderable() }
      return VStack(spacing: data.spacing) {
        ForEach(children) { $0.contentView }
      }
    }
  #endif
}

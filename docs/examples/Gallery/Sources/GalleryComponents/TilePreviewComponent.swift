import Components

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A tile with a title, a subtitle and an active state. Its kind is derived from the type
/// name: `tile-preview`.
public struct TilePreviewComponent: Component {
  public struct Data: ComponentData {
    public var title: String
    public var subtitle: String
    public var isActive: Bool

    public init(title: String, subtitle: String, isActive: Bool) {
      self.title = title
      self.subtitle = subtitle
      self.isActive = isActive
    }
  }

  public var data: Data

  public init(data: Data) {
    self.data = data
  }

  #if canImport(SwiftUI)
    public func make() -> some View {
      VStack(alignment: .leading) {
        Text(data.title).font(.headline)
        Text(data.subtitle).foregroundStyle(data.isActive ? .primary : .secondary)
      }
    }
  #endif
}

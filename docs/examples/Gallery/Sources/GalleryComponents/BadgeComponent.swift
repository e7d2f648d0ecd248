import Components

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A label with a count, such as an inbox badge. Kind: `badge`.
public struct BadgeComponent: Component {
  public struct Data: ComponentData {
    public var text: String
    public var count: Int

    public init(text: String, count: Int) {
      self.text = text
      self.count = count
    }
  }

  public var data: Data

  public init(data: Data) {
    self.data = data
  }

  #if canImport(SwiftUI)
    public func make() -> some View {
      Label("\(data.text) \(data.count)", systemImage: "tray")
    }
  #endif
}

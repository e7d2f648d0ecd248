import Components
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A large banner with a headline and an image. The catalog calls it `hero`, so it states its
/// kind instead of deriving `hero-banner`.
public struct HeroBannerComponent: Component {
  public static let kind: ComponentKind = "hero"

  public struct Data: ComponentData {
    public var headline: String
    public var imageURL: URL

    public init(headline: String, imageURL: URL) {
      self.headline = headline
      self.imageURL = imageURL
    }
  }

  public var data: Data

  public init(data: Data) {
    self.data = data
  }

  #if canImport(SwiftUI)
    public func make() -> some View {
      ZStack(alignment: .bottomLeading) {
        AsyncImage(url: data.imageURL)
        Text(data.headline).font(.largeTitle)
      }
    }
  #endif
}

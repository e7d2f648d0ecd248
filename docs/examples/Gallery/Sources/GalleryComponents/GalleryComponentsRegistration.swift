import Components

/// Registers the gallery package's components: what an app calls once at startup, next to the
/// other packages' `register…Components(in:)` functions.
///
/// - Parameter registry: The app's registry.
public func registerGalleryComponents(in registry: ComponentsRegistry) {
  TilePreviewComponent.register(in: registry)
  HeroBannerComponent.register(in: registry)
  StackComponent.register(in: registry)
  BadgeComponent.register(in: registry)
}

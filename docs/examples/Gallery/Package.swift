// swift-tools-version:6.0
import PackageDescription

// An app-side package that adopts the component registry: components one per file, a
// registration function, and a text gallery loaded from a catalog. It depends on the
// ComponentCatalog package by path, as an app in the same repository would.
let package = Package(
  name: "Gallery",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "GalleryComponents", targets: ["GalleryComponents"]),
    .executable(name: "gallery", targets: ["gallery"]),
  ],
  dependencies: [
    .package(name: "ComponentCatalog", path: "../../..")
  ],
  targets: [
    // The components, one per file, and `registerGalleryComponents(in:)`.
    .target(
      name: "GalleryComponents",
      dependencies: [.product(name: "Components", package: "ComponentCatalog")]
    ),
    // Imports the sample components.json into a temporary catalog, loads the registry from
    // it and prints the load report and a text gallery.
    .executableTarget(
      name: "gallery",
      dependencies: [
        "GalleryComponents",
        .product(name: "Components", package: "ComponentCatalog"),
        .product(name: "CatalogStore", package: "ComponentCatalog"),
      ],
      resources: [.process("components.json")]
    ),
    // The verification test an app writes.
    .testTarget(
      name: "GalleryComponentsTests",
      dependencies: [
        "GalleryComponents",
        .product(name: "Components", package: "ComponentCatalog"),
        .product(name: "CatalogStore", package: "ComponentCatalog"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

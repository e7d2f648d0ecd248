import CatalogStore
import Components
import Foundation
import TestSupport

#if canImport(SwiftUI)
  import SwiftUI
#endif

// Components and helpers shared by the registry-and-catalog suites. They sit in one file
// because they are fixtures, not product code.

/// A tile whose kind is derived from its name: `tile-preview`.
struct TilePreviewComponent: Component {
  struct Data: ComponentData {
    var title: String
    var count: Int
    var isActive: Bool
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text(data.title) }
  #endif
}

/// A banner that states its kind: `hero`.
struct HeroBannerComponent: Component {
  static let kind: ComponentKind = "hero"

  struct Data: ComponentData {
    var headline: String
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text(data.headline) }
  #endif
}

/// A container whose children decode through the registry: `stack`.
struct StackComponent: Component {
  struct Data: ComponentData {
    var spacing: Int
    var children: [NestedComponent]
  }

  var data: Data

  #if canImport(SwiftUI)
    func make() -> some View { Text("stack") }
  #endif
}

/// A registry with the two components the issue's scenario registers: one derived kind and
/// one explicit kind.
func makeTwoComponentRegistry() -> ComponentsRegistry {
  let registry = ComponentsRegistry()
  TilePreviewComponent.register(in: registry)
  HeroBannerComponent.register(in: registry)
  return registry
}

/// One catalog entry as components.json text.
func entryJSON(_ kind: String, _ payload: String, category: String = "Display") -> String {
  #"{"kind": "\#(kind)", "category": "\#(category)", "description": "The \#(kind)", "payload": \#(payload)}"#
}

/// A fresh catalog in a temporary directory, with helpers to import documents into it.
struct RegistryCatalog {
  let directory: TemporaryDirectory
  let catalog: Catalog

  init() throws {
    directory = try TemporaryDirectory()
    catalog = try Catalog(path: directory.path("components.sqlite"))
  }

  var path: String { catalog.location.description }

  /// Imports a document made of `entries` (components.json entry texts) as one revision,
  /// removing kinds it lacks.
  @discardableResult
  func importEntries(_ entries: [String], message: String = "") throws -> WriteResult {
    let document = #"{"components": ["# + entries.joined(separator: ",\n") + "]}"
    return try catalog.importDocument(
      from: .bytes(Array(document.utf8), name: "components.json"),
      options: WriteOptions(author: "tester", message: message), prune: true)
  }
}

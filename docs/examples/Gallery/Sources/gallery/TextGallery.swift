import CatalogStore
import Components

/// Prints a load report as a text gallery: components grouped by category, each with its kind,
/// description, the component type it became and its decoded data.
///
/// On Linux there is no SwiftUI, so "rendering" a component here means printing what
/// `makeRenderable()` built from the catalog's sample payload.
enum TextGallery {
  /// The gallery text for `report`, categories in catalog order.
  static func render(_ report: RegistryLoadReport) -> String {
    var categories: [String] = []
    var itemsByCategory: [String: [RegistryLoadReport.Item]] = [:]
    for item in report.items {
      if itemsByCategory[item.entry.category] == nil {
        categories.append(item.entry.category)
      }
      itemsByCategory[item.entry.category, default: []].append(item)
    }
    var lines: [String] = []
    for category in categories {
      lines.append(category)
      for item in itemsByCategory[category] ?? [] {
        let component = item.factory.makeRenderable()
        let type = item.factory.isGeneric ? "generic" : "\(Swift.type(of: component.component))"
        lines.append("  \(component.kind) (\(type)): \(item.entry.description)")
        lines.append("    \(dataText(item.factory.data))")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Typed data as Swift prints it; a generic component's JSON as its text.
  static func dataText(_ data: any ComponentData) -> String {
    if let json = data as? JSONValue {
      return json.canonicalText
    }
    return String(describing: data)
  }
}

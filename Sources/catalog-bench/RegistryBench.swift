import CatalogStore
import Components
import Foundation

/// The two sides of the registry row of the benchmark.
enum RegistryBench {
  /// An entry as an app would decode it with `JSONDecoder`, payload as free-form JSON.
  struct DecodedEntry: Decodable {
    var kind: String
    var category: String
    var description: String
    var payload: JSONValue
  }

  struct DecodedDocument: Decodable {
    var components: [DecodedEntry]
  }

  /// Opens the catalog read-only and loads every entry through a registry; returns how many
  /// loaded.
  static func load(_ path: String) throws -> Int {
    let catalog = try Catalog(path: path, options: .init(readOnly: true))
    let report = try ComponentsRegistry().load(from: catalog)
    return report.items.count
  }

  /// Reads the file and decodes it with Foundation's `JSONDecoder`; returns how many entries.
  static func decode(_ path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try JSONDecoder().decode(DecodedDocument.self, from: data).components.count
  }
}

import Components
import Foundation

/// The shared test fixtures in `Tests/Fixtures`, found from this file's path so that the
/// tests need no resource bundle.
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func url(_ relativePath: String) -> URL {
    directory.appendingPathComponent(relativePath)
  }

  static func bytes(_ relativePath: String) throws -> [UInt8] {
    Array(try Data(contentsOf: url(relativePath)))
  }

  /// The entries of a components.json fixture.
  static func entries(_ relativePath: String) throws -> [CatalogEntry] {
    try CatalogDocumentReader(JSONReader(bytes: bytes(relativePath))).readAll()
  }
}

import CatalogDiff
import Components

extension JSONPatch {
  /// Reads and decodes an RFC 6902 patch under the same limits as a document, so that a
  /// patch is refused before any catalog is opened or locked.
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` for a file that is not JSON,
  ///   ``CatalogError/invalidRequest(_:)`` (`FILE: not a JSON Patch: …`) for JSON that is
  ///   not a patch, ``CatalogError/unreadable(path:reason:)``.
  public init(reading source: DocumentSource, limits: DocumentLimits) throws {
    let value = try source.readJSONValue(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
    do {
      try self.init(decoding: value)
    } catch {
      throw CatalogError.invalidRequest("\(source.name): not a JSON Patch: \(error)")
    }
  }
}

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

extension Catalog {
  /// Applies `patch` to head's `{"components": […]}` document and writes the result as one
  /// revision (`catalog patch`), all or nothing.
  ///
  /// The patch applies outside the writer lock (see ``update(options:source:operation:_:)``);
  /// the result is validated as an imported file is, under `limits` (its size was bounded as
  /// the patch applied; the indented text is only longer).
  ///
  /// - Parameter source: Names the patch in messages and in the revision's source.
  /// - Throws: ``CatalogError/invalidRequest(_:)`` for an operation that fails (`operation
  ///   3 (replace /components/7/payload/x): path does not exist; nothing was written`),
  ///   ``CatalogError/invalidDocument(source:_:)`` for a result that is not a valid catalog,
  ///   and the errors of every write.
  @discardableResult
  public func apply(
    _ patch: JSONPatch, source: String, options: WriteOptions, limits: DocumentLimits
  ) throws -> WriteResult {
    try update(options: options, source: source, operation: "patch") { entries in
      let document = JSONValue.object(
        JSONObject([.init(key: "components", value: .array(try entries.map { try $0.jsonValue }))]))
      let patched: JSONValue
      do {
        patched = try patch.apply(to: document, limits: limits)
      } catch {
        throw CatalogError.invalidRequest("\(source): \(error); nothing was written")
      }
      let bytes = JSONWriter.indentedBytes(patched)
      do throws(JSONDiagnostics) {
        return try CatalogDocumentReader(JSONReader(bytes: bytes, maxDepth: limits.maxDepth))
          .readAll()
      } catch {
        throw CatalogError.invalidDocument(source: "\(source) (the patched catalog)", error)
      }
    }
  }
}

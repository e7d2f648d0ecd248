import CatalogDiff
import Components

extension Catalog {
  /// Applies `patch` to head's `{"components": […]}` document, with the top-level members of
  /// head's frame in place (a bare array is patched in that form too, and stays a bare array
  /// unless the patch adds members), and writes the result as one revision (`catalog
  /// patch`), all or nothing; a patch may change the top-level members.
  ///
  /// The patch applies outside the writer lock (see ``update(options:source:operation:_:)``);
  /// the result is validated as an imported file is, under `limits` (its size was bounded as
  /// the patch applied; the indented text is only longer).
  ///
  /// - Parameter document: The patch; its source names it in messages and in the revision.
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` located in the patch file, for an
  ///   operation that fails (`change.json:5:25: error: /3/path: operation 3 (replace
  ///   /components/7/payload/x): path does not exist`) and for a result that is not a valid
  ///   catalog (at the operation that wrote there); ``CatalogError/headMoved(from:to:_:)``;
  ///   the errors of every write.
  @discardableResult
  public func apply(
    _ document: PatchDocument, options: WriteOptions, limits: DocumentLimits
  ) throws -> WriteResult {
    let source = document.source
    return try update(options: options, source: source, operation: "patch") { entries, frame in
      // A bare array is patched as {"components": [...]}, as before frames were kept, so that
      // a patch's paths do not depend on the form of the file imported last; it stays a bare
      // array unless the patch gives it other members.
      let value = try Self.document(entries, frame: frame.patchedForm)
      let patched: JSONValue
      do throws(JSONPatchError) {
        patched = try document.patch.apply(to: value, limits: limits)
      } catch {
        throw CatalogError.patch(
          source: source, error, located: document.diagnostic(for: error))
      }
      let bytes = JSONWriter.indentedBytes(patched)
      do throws(JSONDiagnostics) {
        let reader = CatalogDocumentReader(JSONReader(bytes: bytes, maxDepth: limits.maxDepth))
        let entries = try reader.readAll()
        let patched = reader.frame
        return (entries, patched == frame.patchedForm ? frame : patched)
      } catch {
        // Positions in the patched text mean nothing to the user: each problem is told at
        // the operation that wrote there.
        throw CatalogError.invalidDocument(
          source: source,
          JSONDiagnostics(
            error.diagnostics.map { document.diagnostic(forResult: $0) },
            isTruncated: error.isTruncated))
      }
    }
  }

  /// The document as a value: the entries in the frame's form, with its members in place.
  public static func document(_ entries: [CatalogEntry], frame: DocumentFrame) throws -> JSONValue {
    let array = JSONValue.array(try entries.map { try $0.jsonValue })
    guard frame.form == .object else { return array }
    var members: [JSONObject.Member] = []
    for member in frame.before {
      members.append(.init(key: member.key, value: try member.value.value()))
    }
    members.append(.init(key: "components", value: array))
    for member in frame.after {
      members.append(.init(key: member.key, value: try member.value.value()))
    }
    return .object(JSONObject(members))
  }
}

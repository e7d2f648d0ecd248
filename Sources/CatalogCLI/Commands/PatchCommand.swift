import CatalogDiff
import CatalogStore
import Components

/// `catalog patch PATCHFILE`: apply an RFC 6902 patch to head as one revision.
enum PatchCommand: CatalogCommand {
  static let spec = CommandSpec.patchCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let file = context.arguments.positional("patch-file") ?? "-"
    let source: DocumentSource = file == "-" ? .standardInput : .file(file)
    let limits = try context.documentLimits()
    // The patch is read and decoded, under the same limits as a document, before anything
    // is opened or locked.
    let patch: JSONPatch
    do {
      patch = try JSONPatch(
        decoding: try source.readJSONValue(maxDepth: limits.maxDepth, maxSize: limits.maxSize))
    } catch let error as JSONPatchError {
      throw CatalogError.invalidRequest("\(source.name): not a JSON Patch: \(error)")
    }
    let catalog = try context.openCatalog(forWriting: true)
    // Applied and validated outside the writer lock (see Catalog.update).
    let options = try context.writeOptions()
    let result = try WriteReport.reportingProblems(context) {
      try catalog.update(
        options: options, source: source.name, operation: "patch"
      ) { entries in
        let document = JSONValue.object(
          JSONObject([.init(key: "components", value: .array(try entries.map { try $0.jsonValue }))]
          ))
        let patched: JSONValue
        do {
          patched = try patch.apply(to: document, limits: limits)
        } catch {
          throw CatalogError.invalidRequest("\(source.name): \(error); nothing was written")
        }
        // The result must be a valid catalog document, checked as import checks a file (its
        // size was bounded as the patch applied; the indented text is only longer).
        let bytes = JSONWriter.indentedBytes(patched)
        do throws(JSONDiagnostics) {
          return try CatalogDocumentReader(JSONReader(bytes: bytes, maxDepth: limits.maxDepth))
            .readAll()
        } catch {
          throw CatalogError.invalidDocument(source: "\(source.name) (the patched catalog)", error)
        }
      }
    }
    WriteReport.report(result, context)
    return .success
  }
}

import CatalogDiff
import Components

/// Applies a `diff --format json-patch` output to an exported document and writes the result
/// as `catalog export` writes documents, so a test can compare it with an export byte for byte.
enum PatchCheck {
  static func apply(_ patchText: String, to exported: [UInt8]) throws -> [UInt8] {
    let patch = try JSONPatch(decoding: JSONValue(parsing: patchText))
    let document = try JSONValue(parsing: String(decoding: exported, as: UTF8.self))
    return JSONWriter.indentedBytes(try patch.apply(to: document)) + [0x0A]
  }
}

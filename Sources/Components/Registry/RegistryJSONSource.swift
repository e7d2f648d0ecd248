import Foundation

/// The JSON text being decoded, parsed again (once, on demand) to read what an error's path
/// points at.
///
/// JSONDecoder's errors say which type was found only in prose; the registry reads it from the
/// document instead. One source is shared by all the errors of a document, so a document with
/// many bad entries is parsed a second time at most once. A payload decoded from a parsed
/// `JSONValue` (the catalog's path) is its own source and is not parsed again.
final class RegistryJSONSource {
  /// The JSON text, when the source was not given parsed.
  private let data: Data?

  private var parsed: JSONValue??

  init(_ data: Data) {
    self.data = data
  }

  init(parsed value: JSONValue) {
    self.data = nil
    self.parsed = .some(value)
  }

  /// The value at `path`, or nil when there is none or the text does not parse.
  func value(at path: [RegistryPathStep]) -> JSONValue? {
    let root: JSONValue?
    if let parsed {
      root = parsed
    } else {
      root = data.flatMap { try? JSONValue(parsing: $0) }
      parsed = .some(root)
    }
    return root?.value(at: path)
  }
}

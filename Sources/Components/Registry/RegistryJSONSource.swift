import Foundation

/// The JSON text being decoded, parsed again (once, on demand) to read what an error's path
/// points at.
///
/// JSONDecoder's errors say which type was found only in prose; the registry reads it from the
/// document instead. One source is shared by all the errors of a document, so a document with
/// many bad entries is parsed a second time at most once.
final class RegistryJSONSource {
  /// The JSON text.
  let data: Data

  private var parsed: ComponentPayload??

  init(_ data: Data) {
    self.data = data
  }

  /// The value at `path`, or nil when there is none or the text does not parse.
  func value(at path: [RegistryPathStep]) -> ComponentPayload? {
    let root: ComponentPayload?
    if let parsed {
      root = parsed
    } else {
      root = try? JSONDecoder().decode(ComponentPayload.self, from: data)
      parsed = .some(root)
    }
    return root?.value(at: path)
  }
}

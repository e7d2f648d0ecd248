import Foundation

/// The parser's explanation of why some text is not JSON.
///
/// JSONDecoder reports every syntax error as "The given data was not valid JSON." with no
/// position; JSONSerialization's error says where ("Invalid value around character 7.").
enum RegistryJSONSyntax {
  /// The syntax error in `data`, lowercased and without the final period, or nil when `data`
  /// parses.
  static func detail(of data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let nsError = error as NSError
      let text =
        nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
      return sentenceFragment(text)
    }
  }

  /// `text` with its first letter lowercased and one final period removed.
  static func sentenceFragment(_ text: String) -> String {
    var fragment = text
    if fragment.hasSuffix(".") {
      fragment.removeLast()
    }
    guard let first = fragment.first else { return fragment }
    return first.lowercased() + fragment.dropFirst()
  }
}

import Foundation

extension ComponentDecodingError {
  /// Converts an error thrown while decoding an entry or a payload of `source`.
  ///
  /// The pointer comes from the `DecodingError`'s coding path (plus the missing key for
  /// `.keyNotFound`); the JSON type found there is read back from `source`, since decoding
  /// errors only say it in prose.
  ///
  /// - Parameters:
  ///   - error: What the decoder or the payload type threw.
  ///   - index: The entry's position, or nil.
  ///   - kind: The entry's kind, or nil.
  ///   - fallbackPath: Where to point when the error carries no path (the entry's payload).
  ///   - source: The value that was decoded; coding paths are relative to it.
  init(
    converting error: any Error,
    index: Int?,
    kind: ComponentKind?,
    fallbackPath: [RegistryPathStep],
    source: JSONValue
  ) {
    if var error = error as? ComponentDecodingError {
      error.index = error.index ?? index
      error.kind = error.kind ?? kind
      self = error
      return
    }
    var path = fallbackPath
    let reason: Reason
    switch error {
    case DecodingError.typeMismatch(let type, let context),
      DecodingError.valueNotFound(let type, let context):
      path = RegistryPathStep.steps(context.codingPath)
      let found = source.value(at: path)?.typeName ?? "nothing"
      reason = .typeMismatch(expected: Self.expectedName(type), found: found)
    case DecodingError.keyNotFound(let key, let context):
      path = RegistryPathStep.steps(context.codingPath) + [.key(key.stringValue)]
      reason = .keyNotFound(key.stringValue)
    case DecodingError.dataCorrupted(let context):
      path = RegistryPathStep.steps(context.codingPath)
      if let unknown = context.underlyingError as? RegistryUnknownKind {
        reason = .unknownKind(unknown.kind, registeredKinds: unknown.registeredKinds)
      } else {
        reason = .invalidValue(Self.sentenceFragment(context.debugDescription))
      }
    default:
      reason = .other(String(describing: error))
    }
    self.init(index: index, kind: kind, pointer: RegistryPathStep.pointer(path), reason: reason)
  }

  /// The error for text that the catalog's reader does not accept: the reader's message and
  /// its line and column, with its pointer for a document error (a duplicate key).
  init(diagnostic: JSONDiagnostic, kind: ComponentKind?) {
    self.init(
      index: nil, kind: kind, pointer: diagnostic.pointer.description,
      reason: .invalidJSON("\(diagnostic.message) at \(diagnostic.position)"))
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

  /// The name of an expected type: `object` and `array` for containers, the Swift type
  /// otherwise.
  static func expectedName(_ type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Dictionary<") {
      return "object"
    }
    if name.hasPrefix("Array<") {
      return "array"
    }
    return name
  }
}

import Foundation

extension ComponentDecodingError {
  /// Converts an error thrown while decoding an entry or a payload of `source`.
  ///
  /// The pointer comes from the `DecodingError`'s coding path (plus the missing key for
  /// `.keyNotFound`); the JSON type found there is read back from `source`, since JSONDecoder's
  /// errors only say it in prose.
  ///
  /// - Parameters:
  ///   - error: What the decoder or the payload type threw.
  ///   - index: The entry's position, or nil.
  ///   - kind: The entry's kind, or nil.
  ///   - fallbackPath: Where to point when the error carries no path (the entry's payload).
  ///   - source: The JSON text that was decoded; coding paths are relative to it.
  init(
    converting error: any Error,
    index: Int?,
    kind: ComponentKind?,
    fallbackPath: [RegistryPathStep],
    source: RegistryJSONSource
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
        reason = .invalidValue(RegistryJSONSyntax.sentenceFragment(context.debugDescription))
      }
    default:
      if let number = Self.unrepresentableNumber(in: error) {
        // swift-foundation's JSONDecoder throws its internal JSONError, without a coding path,
        // when a number does not fit the requested type (swiftlang/swift-foundation#1604). Point
        // at the number when it is the only one of that value under the fallback path.
        let scope = source.value(at: fallbackPath)
        if let value = Double(number), let matches = scope?.paths(ofNumber: value),
          matches.count == 1, let match = matches.first
        {
          path = fallbackPath + match
        }
        reason = .invalidValue("number \(number) does not fit the expected type")
      } else {
        reason = .other(String(describing: error))
      }
    }
    self.init(index: index, kind: kind, pointer: RegistryPathStep.pointer(path), reason: reason)
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

  /// The number text of a "number is not representable" error from Foundation's JSON parser.
  static func unrepresentableNumber(in error: any Error) -> String? {
    let text = String(reflecting: error)
    let markers = [
      ("numberIsNotRepresentableInSwift(parsed: \"", "\")"), ("Number ", " is not representable"),
    ]
    for (start, end) in markers {
      guard let lower = text.range(of: start),
        let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
      else { continue }
      return String(text[lower.upperBound..<upper.lowerBound])
    }
    return nil
  }
}

import CatalogStore
import Components

extension RequestProblem {
  /// The sentence the user reads after `catalog: error: `.
  var message: String {
    switch self {
    case .controlCharacter(.message, let scalar):
      return "the message contains the control character \(Self.name(scalar)); a message may "
        + "contain line breaks but no other control characters"
    case .controlCharacter(.author, let scalar):
      return "the author contains the control character \(Self.name(scalar)); an author is one "
        + "line of text without control characters"
    case .controlCharacter(.allowBreakingReason, let scalar):
      return "the --allow-breaking reason contains the control character \(Self.name(scalar))"
    case .allowBreakingWithoutReason:
      return "--allow-breaking needs a reason: say why the break is deliberate"
    case .emptyAuthor:
      return "the author must not be empty"
    case .emptyNewKind:
      return "the new kind must not be empty"
    case .kindExists(let old, let new):
      return "cannot rename \"\(old)\" to \"\(new)\": that kind already exists"
    case .kindGivenTwice(let whose, let kind):
      return "\(whose) has kind \"\(kind)\" twice"
    case .givenUnderFormerName(let current, let former):
      return "the file has \(JSONValue.string(current).canonicalText) and "
        + (former.map { "\($0), which --follow-renames makes the same component" }
          ?? "a former name of it")
        + "; remove one of them from the file, or import without --follow-renames"
    case .headTextsTooLarge:
      return "head's texts (kinds, categories, descriptions, extra members) exceed 4 GiB, "
        + "more than one write can hold; nothing was written"
    }
  }

  /// `U+001B`.
  static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension CatalogMain {
  /// An error in the words the user reads: a ``RequestProblem`` worded here, anything else
  /// as it describes itself.
  static func words(_ error: any Error) -> String {
    if case .request(let problem)? = error as? CatalogError { return problem.message }
    return "\(error)"
  }
}

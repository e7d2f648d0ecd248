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
    case .unknownCategory(let category, let revision, let known, let suggestion):
      let hint =
        suggestion.map { "; did you mean \"\($0)\"?" }
        ?? (known.isEmpty
          ? ""
          : "; categories: " + known.prefix(20).joined(separator: ", ")
            + (known.count > 20 ? ", …" : ""))
      return "no kind has category \"\(category)\" at \(revision)" + hint
    case .tagNameReadsAsReference(let name):
      return "tag name '\(name)' reads as a revision number, head or a time; choose another name"
    case .invalidTagName(let name):
      return "tag name '\(name)' must start with a letter or digit and use only letters, "
        + "digits and . _ - / +"
    case .tagExists(let name, let revision, let sameRevision):
      return sameRevision
        ? "tag '\(name)' already names revision \(revision) with another message; "
          + "use -f to change it"
        : "tag '\(name)' already names revision \(revision); use -f to move it"
    case .noSuchTag(let name):
      return "no tag is named '\(name)'"
    case .noTagEvents(let name):
      return "no tag operation is recorded for '\(name)'"
    case .noSuchContract(let build, let revision, let recorded):
      let known =
        recorded.isEmpty
        ? "no contract is recorded: 'catalog contract record' records one"
        : "recorded builds: " + recorded.joined(separator: ", ")
      return "no contract of \(build) is recorded"
        + (revision.map { " by revision \($0)" } ?? "") + " (\(known))"
    case .contractChanged(let build, let recorded, let author):
      return "\(build) is already recorded with another contract (recorded \(recorded) by "
        + "\(author)); a build's contract never changes: record the new one under a new version"
    case .noValueAtPointer(let kind, let pointer):
      return "the entry of kind \(kind) has no value at \(pointer)"
    case .copyTargetNotEmpty(let location, let holds):
      let what =
        switch holds {
        case .revisions(let head): "head is revision \(head)"
        case .policyChanges(let count): "it has \(count.counting("policy change")) and no revision"
        case .contractEvents(let count):
          "it has \(count.counting("contract event")) and no revision"
        }
      return "\(location) is not empty (\(what)); copy writes only into an empty catalog"
    case .copySourceHoldsNUL(let place):
      return "\(place) holds U+0000, which a catalog cannot hold (PostgreSQL text cannot, and "
        + "imports refuse it); nothing was copied. Export the catalog, remove it, and import "
        + "the file into a new catalog"
    case .nothingToCheckAgainst(let file):
      return "\(file) has no components: there is nothing to check the file against"
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

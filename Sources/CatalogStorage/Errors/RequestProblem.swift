/// A request the catalog refuses, as facts: what was asked and why it cannot be done. The
/// library words none of them; the CLI turns each case into its sentence (exit 65).
///
/// Each case names one refusal and carries what the message needs, so callers and tests
/// match the case, not a text.
public enum RequestProblem: Sendable, Equatable {
  /// A text of a write holds a control character that it may not hold (any C0, DEL or C1
  /// character, except a line break in a message).
  case controlCharacter(field: WriteField, scalar: Unicode.Scalar)
  /// `--allow-breaking` was given a blank reason: a waiver must say why.
  case allowBreakingWithoutReason
  /// A write, a policy change or a contract was given an empty author.
  case emptyAuthor
  /// `rename` was given an empty new kind.
  case emptyNewKind
  /// `rename` onto a kind that exists (equal up to Unicode normalization, other bytes).
  case kindExists(old: String, new: String)
  /// The entries of a write (`whose`: "the file") give one kind twice, by bytes.
  case kindGivenTwice(whose: String, kind: String)
  /// With `--follow-renames`, a file gives a component under its current kind and under a
  /// former name (`former`: that name and the revision that renamed it, nil when unknown).
  case givenUnderFormerName(current: String, former: String?)
  /// Head's texts (kinds, categories, descriptions, extra members) pass the 4 GiB one write
  /// can hold; nothing was written.
  case headTextsTooLarge
  /// `kinds --category` named a category no kind has at `revision` (a reference as given);
  /// `known` lists the categories there, `suggestion` the closest one when one is close.
  case unknownCategory(category: String, revision: String, known: [String], suggestion: String?)
  /// A tag name that reads as a revision number, `head` or a time.
  case tagNameReadsAsReference(name: String)
  /// A tag name with a character a tag name may not hold, or longer than 100 characters.
  case invalidTagName(name: String)
  /// A tag that exists, asked for without `-f`: it names `revision` (the revision asked for
  /// when `sameRevision`, with another message).
  case tagExists(name: String, revision: Int64, sameRevision: Bool)
  /// No tag has this name.
  case noSuchTag(name: String)
  /// `tag --history NAME`: no tag operation ever named `name`.
  case noTagEvents(name: String)
  /// No contract of the app build `build` (`APP@VERSION`) is recorded by `revision` (head when
  /// nil); `recorded` lists the builds that are, in their order.
  case noSuchContract(build: String, revision: Int64?, recorded: [String])
  /// `contract record` of a build recorded already with other bytes: a build's contract never
  /// changes. `recorded` is when the first one was recorded (`Timestamp` text), `author` by whom.
  case contractChanged(build: String, recorded: String, author: String)
  /// `blame KIND /pointer` where the entry of `kind` has no value at `pointer`.
  case noValueAtPointer(kind: String, pointer: String)
  /// `copy` into a catalog that holds something already.
  case copyTargetNotEmpty(location: String, holds: CopyTargetContents)
  /// `copy` from a catalog that holds U+0000 (which PostgreSQL text cannot hold) at `place`
  /// (`revision 3: its author`, `revision 2, kind 'a': /payload/x`); nothing was copied.
  case copySourceHoldsNUL(place: String)
  /// `check --against git:REF` of a file whose committed versions have no components.
  case nothingToCheckAgainst(file: String)

  /// What a catalog that `copy` refuses to write into holds.
  public enum CopyTargetContents: Sendable, Equatable {
    case revisions(head: Int64)
    case policyChanges(Int)
    case contractEvents(Int)
  }

  /// The texts of a write that are checked for control characters.
  public enum WriteField: String, Sendable {
    case message
    case author
    case allowBreakingReason
  }
}

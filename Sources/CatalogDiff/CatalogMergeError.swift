import Components

/// Why three entry lists could not be merged. Entries read by ``CatalogDocumentReader`` never
/// cause either: it rejects duplicate kinds and stores only valid text.
public enum CatalogMergeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Which input of the merge.
  public enum Input: String, Sendable, Hashable {
    case base = "BASE"
    case ours = "OURS"
    case theirs = "THEIRS"
  }

  /// A kind appears twice in one list; entries are matched by kind, so kinds must be unique.
  case duplicateKind(String, input: Input, firstIndex: Int, secondIndex: Int)
  /// An entry's payload or other member is not valid canonical JSON text.
  case invalidText(kind: String, input: Input, JSONDiagnostic)
  /// A merged entry lacks a standard member or has one of the wrong type (a merge of valid
  /// entries never produces one).
  case invalidResult(kind: String)

  public var description: String {
    switch self {
    case .duplicateKind(let kind, let input, let first, let second):
      return "\(input.rawValue): duplicate kind \"\(kind)\" at entries \(first) and \(second)"
    case .invalidText(let kind, let input, let diagnostic):
      return "\(input.rawValue): entry \"\(kind)\": \(diagnostic.message)"
    case .invalidResult(let kind):
      return "the merged entry \"\(kind)\" is not a valid entry"
    }
  }
}

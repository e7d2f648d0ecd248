import Components

/// Why two entry lists could not be compared, or a patch could not be made from their diff.
public enum CatalogDiffError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Which operand of the diff.
  public enum Side: String, Sendable, Hashable {
    case old = "OLD"
    case new = "NEW"
  }

  /// A kind appears twice in one list; entries are matched by kind, so kinds must be unique.
  /// (``CatalogDocumentReader`` already rejects such documents.)
  case duplicateKind(String, side: Side, firstIndex: Int, secondIndex: Int)
  /// An entry's payload or other member is not valid canonical JSON text.
  case invalidText(kind: String, member: String, side: Side, JSONDiagnostic)
  /// A JSON Patch cannot give a bare array (OLD) NEW's top-level members without rewriting
  /// the whole document.
  case bareArrayGainsMembers([String])
  /// A file read twice (OLD, held by where its entries are) no longer holds what it held.
  case changedWhileRead(side: Side, reason: String)

  public var description: String {
    switch self {
    case .duplicateKind(let kind, let side, let first, let second):
      return "\(side.rawValue): duplicate kind \"\(kind)\" at entries \(first) and \(second)"
    case .invalidText(let kind, let member, let side, let diagnostic):
      return "\(side.rawValue): entry \"\(kind)\": \(member): \(diagnostic.message)"
    case .bareArrayGainsMembers(let keys):
      return "OLD is a bare array and NEW has top-level members ("
        + keys.map { JSONValue.string($0).canonicalText }.joined(separator: ", ")
        + "): a JSON Patch cannot wrap the array in an object without repeating every entry; "
        + "compare OLD in the {\"components\": [...]} form"
    case .changedWhileRead(let side, let reason):
      return "\(side.rawValue) changed while it was read: \(reason)"
    }
  }
}

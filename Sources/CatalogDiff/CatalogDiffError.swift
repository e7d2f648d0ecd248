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
  /// A JSON Patch from a bare array to an object was asked for without NEW's document, which
  /// it must repeat (``CatalogDiff/needsNewDocument(components:)``).
  case newDocumentNeeded
  /// A file read twice (OLD, held by where its entries are) no longer holds what it held.
  case changedWhileRead(side: Side, reason: String)

  public var description: String {
    switch self {
    case .duplicateKind(let kind, let side, let first, let second):
      return "\(side.rawValue): duplicate kind \"\(kind)\" at entries \(first) and \(second)"
    case .invalidText(let kind, let member, let side, let diagnostic):
      return "\(side.rawValue): entry \"\(kind)\": \(member): \(diagnostic.message)"
    case .newDocumentNeeded:
      return "a JSON Patch that turns a bare array into an object needs NEW's whole document"
    case .changedWhileRead(let side, let reason):
      return "\(side.rawValue) changed while it was read: \(reason)"
    }
  }
}

import Components

/// A UI document read for `validate-ui`: its JSON values with their positions
/// (``LocatedJSON``; several for JSON Lines), or the syntax problem that stopped the read.
///
/// Read before the catalog is, so that the catalog is loaded for what the document needs
/// (``namedKinds``, ``namesCatalogID``) instead of whole.
public struct UIDocument: Sendable {
  /// The values read, one for a JSON document, one per line for JSON Lines; empty when
  /// ``syntaxProblem`` is set.
  let values: [LocatedJSON]
  /// The problem that made the document unreadable as JSON.
  let syntaxProblem: UIProblem?
  /// Every string that is the value of a member named `kind` or `component`, anywhere in the
  /// document: a superset of the kinds the validator looks up.
  public let namedKinds: Set<BytewiseString>
  /// Whether a member named `catalogId` appears anywhere: only then is the catalog's major
  /// version compared.
  public let namesCatalogID: Bool

  /// Reads `bytes` (JSON nesting bounded by ``UIDocumentValidator/maxJSONDepth``).
  public init(bytes: [UInt8]) {
    var values: [LocatedJSON] = []
    let reader = JSONReader(bytes: bytes, maxDepth: UIDocumentValidator.maxJSONDepth)
    do {
      values.append(try LocatedJSON.read(reader))
      // JSON Lines: one message object after another.
      while reader.peekAfterWhitespace() != nil {
        guard case .object = values[0], reader.peekAfterWhitespace() == UInt8(ascii: "{") else {
          try reader.expectEndOfInput()
          break
        }
        values.append(try LocatedJSON.read(reader))
      }
    } catch {
      self.values = []
      self.syntaxProblem = UIProblem(
        layer: .syntax, position: error.position, pointer: error.pointer,
        message: "invalid JSON: " + error.message)
      self.namedKinds = []
      self.namesCatalogID = false
      return
    }
    var names: Set<BytewiseString> = []
    var catalogID = false
    for value in values { Self.scan(value, names: &names, catalogID: &catalogID) }
    self.values = values
    self.syntaxProblem = nil
    self.namedKinds = names
    self.namesCatalogID = catalogID
  }

  /// Collects the names and notes a `catalogId`; recursion as deep as the JSON, which the
  /// reader bounds.
  private static func scan(
    _ node: LocatedJSON, names: inout Set<BytewiseString>, catalogID: inout Bool
  ) {
    switch node {
    case .scalar: return
    case .array(let items, _):
      for item in items { scan(item, names: &names, catalogID: &catalogID) }
    case .object(let members, _):
      for member in members {
        switch member.key {
        case "kind", "component":
          if case .scalar(.string(let name), _) = member.value {
            names.insert(BytewiseString(name))
          }
        case "catalogId": catalogID = true
        default: break
        }
        scan(member.value, names: &names, catalogID: &catalogID)
      }
    }
  }
}

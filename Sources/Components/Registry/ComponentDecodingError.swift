/// Why a components document, an entry or a payload did not decode, and where.
///
/// The description reads `entry <index> (kind "<kind>"): <JSON Pointer>: <reason>`, leaving out
/// what is unknown, for example:
///
/// ```
/// entry 3 (kind "card"): /components/3/payload/title: type mismatch: expected String, found number
/// entry 2 (kind "stack"): /components/2/payload/children/1/kind: unknown component kind "x"; …
/// kind "card": /insets: key not found: "insets"
/// ```
public struct ComponentDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The position of the entry in the document's list, or nil for a document-level error and
  /// for `ComponentsRegistry.decodeFactory(kind:payload:)`.
  public var index: Int?

  /// The entry's kind (the outer entry's, for a failure inside a nested child), or nil when the
  /// entry has no readable kind.
  public var kind: ComponentKind?

  /// Where the problem is, as an RFC 6901 JSON Pointer: inside the whole document for the
  /// document APIs (`/components/3/payload/title`), inside the payload for
  /// `decodeFactory(kind:payload:)` (`/title`). Empty means the root.
  ///
  /// For a missing key it points at the member that should be there.
  public var pointer: String

  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  public init(index: Int?, kind: ComponentKind?, pointer: String, reason: Reason) {
    self.index = index
    self.kind = kind
    self.pointer = pointer
    self.reason = reason
  }

  /// One line: entry, kind, pointer and reason, lowercase, no final period.
  public var description: String {
    var parts: [String] = []
    switch (index, kind) {
    case (let index?, let kind?): parts.append("entry \(index) (kind \"\(kind)\")")
    case (let index?, nil): parts.append("entry \(index)")
    case (nil, let kind?): parts.append("kind \"\(kind)\"")
    case (nil, nil): break
    }
    if !pointer.isEmpty {
      parts.append(pointer)
    }
    parts.append(reason.description)
    return parts.joined(separator: ": ")
  }

  /// What is wrong with the value at the error's pointer.
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// The text is not JSON (or repeats a key); the detail is the reader's message and its
    /// line:column, as in `unexpected character '}'; expected a JSON value at 1:17`.
    case invalidJSON(String)

    /// The value has the wrong JSON type, or is null where a value is required.
    ///
    /// `expected` is the Swift type (`String`, `Double`) or `object`/`array` for containers;
    /// `found` is the JSON type (`null`, `boolean`, `number`, `string`, `array`, `object`) or
    /// `nothing` past the end of an array.
    case typeMismatch(expected: String, found: String)

    /// A required object member is missing.
    case keyNotFound(String)

    /// No type is registered for the kind; `registeredKinds` is sorted.
    case unknownKind(ComponentKind, registeredKinds: [ComponentKind])

    /// The value has the right type but is not acceptable (a `DecodingError.dataCorrupted`,
    /// e.g. an unknown enum case or a number that does not fit).
    case invalidValue(String)

    /// An error the payload type threw itself.
    case other(String)

    public var description: String {
      switch self {
      case .invalidJSON(let detail):
        return "invalid JSON: \(detail)"
      case .typeMismatch(let expected, let found):
        return "type mismatch: expected \(expected), found \(found)"
      case .keyNotFound(let key):
        return "key not found: \"\(key)\""
      case .unknownKind(let kind, let registeredKinds):
        let known =
          registeredKinds.isEmpty
          ? "no kinds are registered"
          : "registered kinds: " + registeredKinds.joined(separator: ", ")
        return "unknown component kind \"\(kind)\"; \(known)"
      case .invalidValue(let detail):
        return "invalid value: \(detail)"
      case .other(let detail):
        return detail
      }
    }
  }
}

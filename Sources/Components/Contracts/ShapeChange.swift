/// One difference between two shapes of a kind, and which way it cuts.
///
/// A change *narrows* when the new shape refuses payloads the old one accepted (a member that
/// became required, an integer where a number was read, an enum value removed): payloads
/// written for the old build may not decode in the new one. It *widens* when the new shape
/// accepts payloads the old one refused: payloads written for the new build may not decode in
/// the old one. A change neither shape can decide (an unknown place) does both.
public struct ShapeChange: Sendable, Hashable, CustomStringConvertible {
  /// What changed.
  public enum Code: String, Sendable, Hashable {
    case becameRequired = "became-required"
    case noLongerRequired = "no-longer-required"
    case memberRead = "member-read"
    case memberNoLongerRead = "member-no-longer-read"
    case nullRefused = "null-refused"
    case nullAllowed = "null-allowed"
    case typeNarrowed = "type-narrowed"
    case typeWidened = "type-widened"
    case typeChanged = "type-changed"
    case enumValueRemoved = "enum-value-removed"
    case enumValueAdded = "enum-value-added"
    case undecidable
  }

  /// The place in the payload (`-` for every array element, `*` for every member of a
  /// dictionary).
  public var pointer: JSONPointer
  public var code: Code
  /// Whether the new shape refuses payloads the old one accepted.
  public var narrows: Bool
  /// Whether the new shape accepts payloads the old one refused.
  public var widens: Bool
  /// What changed, as a phrase: `"count" became required`, `integer instead of number`.
  public var detail: String

  public init(pointer: JSONPointer, code: Code, narrows: Bool, widens: Bool, detail: String) {
    self.pointer = pointer
    self.code = code
    self.narrows = narrows
    self.widens = widens
    self.detail = detail
  }

  public var description: String {
    "\(pointer.isRoot ? "/" : pointer.description): \(detail)"
  }
}

/// How much a change matters to an app that decodes the payload.
///
/// Cases are in decreasing order of severity, which is the order formats list them in.
public enum ChangeClass: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Something an app relies on may no longer decode: a key or element removed, a JSON type
  /// changed, an integer that became a fraction, an entry removed (or renamed).
  case breaking
  /// Something new: a key, an element or an entry added.
  case additive
  /// The same JSON type with a new value (a fraction that became an integer included).
  case value
  /// The entry's category, description or other members besides the payload.
  case metadata

  public static func < (lhs: ChangeClass, rhs: ChangeClass) -> Bool {
    lhs.severityRank < rhs.severityRank
  }

  private var severityRank: Int {
    switch self {
    case .breaking: return 0
    case .additive: return 1
    case .value: return 2
    case .metadata: return 3
    }
  }
}

/// The named rule a change falls under. The raw values are the names the text and JSON
/// formats print and docs/cli.md explains, so that a team can grep for them.
public enum ChangeRule: String, Sendable, Hashable, CaseIterable {
  /// A payload object lost a key.
  case keyRemoved = "KEY_REMOVED"
  /// A value's JSON type changed, including to or from `null`.
  case typeChanged = "TYPE_CHANGED"
  /// A number with an integral value (`1`, `2.0`) became one with a fraction (`1.5`): the
  /// same JSON type, which a reader that decodes an integer (`Int`) fails on.
  case integerBecameFraction = "INTEGER_BECAME_FRACTION"
  /// A payload array lost an element.
  case elementRemoved = "ELEMENT_REMOVED"
  /// An entry is in OLD and not in NEW.
  case entryRemoved = "ENTRY_REMOVED"
  /// An entry's kind changed. Files alone cannot tell a rename from a removal and an addition,
  /// so a diff of two files never reports it; a diff of two catalog revisions, where the
  /// store keeps each component's identity, does.
  case entryRenamed = "ENTRY_RENAMED"
  /// A payload object gained a key.
  case keyAdded = "KEY_ADDED"
  /// A payload array gained an element.
  case elementAdded = "ELEMENT_ADDED"
  /// An entry is in NEW and not in OLD.
  case entryAdded = "ENTRY_ADDED"
  /// A payload value kept its JSON type and changed.
  case valueChanged = "VALUE_CHANGED"
  /// A number with a fraction (`1.5`) became one with an integral value (`2`): every reader
  /// of the old payloads decodes it, but a reader built against the new one may decode an
  /// integer and fail on the old payloads.
  case fractionBecameInteger = "FRACTION_BECAME_INTEGER"
  /// The category, the description or another member besides the payload changed.
  case metadataChanged = "METADATA_CHANGED"
  /// An object (the entry, or an object in its payload) kept its members but writes them in
  /// another order, or gained one anywhere but at its end: the values are the same, the
  /// exported bytes are not.
  case membersReordered = "MEMBERS_REORDERED"

  /// The class of every change under this rule.
  public var changeClass: ChangeClass {
    switch self {
    case .keyRemoved, .typeChanged, .integerBecameFraction, .elementRemoved, .entryRemoved,
      .entryRenamed:
      return .breaking
    case .keyAdded, .elementAdded, .entryAdded: return .additive
    case .valueChanged, .fractionBecameInteger: return .value
    case .metadataChanged, .membersReordered: return .metadata
    }
  }
}

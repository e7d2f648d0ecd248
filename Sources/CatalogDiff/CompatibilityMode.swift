/// A compatibility mode, as in the schema registries, for sample payloads read by apps with
/// `Decodable` types: which change rules a write may not make to a kind.
///
/// - `BACKWARD`: apps built against the new payloads can still decode the old ones, so
///   nothing may appear that an old payload lacks (no key or element added, no type
///   changed, no rename).
/// - `FORWARD`: apps built against the old payloads can decode the new ones (no key or
///   element removed, no type changed, no entry removed or renamed).
/// - `FULL`: both.
/// - The `_TRANSITIVE` modes refuse the same rules, checked against every earlier state of
///   the component (renames followed), not only the one it replaces.
///
/// docs/policies.md has the table of every rule under every mode; a test compares the two.
public enum CompatibilityMode: String, Sendable, Hashable, CaseIterable {
  case noCheck = "NONE"
  case backward = "BACKWARD"
  case forward = "FORWARD"
  case full = "FULL"
  case backwardTransitive = "BACKWARD_TRANSITIVE"
  case forwardTransitive = "FORWARD_TRANSITIVE"
  case fullTransitive = "FULL_TRANSITIVE"

  /// Whether earlier states than the one replaced are checked too.
  public var isTransitive: Bool {
    switch self {
    case .backwardTransitive, .forwardTransitive, .fullTransitive: return true
    case .noCheck, .backward, .forward, .full: return false
    }
  }

  /// Whether old readers must decode new payloads (FORWARD, FULL and their transitive forms).
  public var protectsOldReaders: Bool {
    switch self {
    case .forward, .full, .forwardTransitive, .fullTransitive: return true
    case .noCheck, .backward, .backwardTransitive: return false
    }
  }

  /// Whether new readers must decode old payloads (BACKWARD, FULL and their transitive forms).
  public var protectsNewReaders: Bool {
    switch self {
    case .backward, .full, .backwardTransitive, .fullTransitive: return true
    case .noCheck, .forward, .forwardTransitive: return false
    }
  }

  /// Whether a change under `rule` is refused in this mode.
  ///
  /// A reader of old payloads breaks when something it reads disappears or changes type, or
  /// when an integer it reads becomes a fraction; a reader of new payloads breaks when
  /// something it reads is missing from an old payload, or when a fraction of the old
  /// payloads became an integer it may read as one.
  /// Values, metadata and member order never break a `Decodable` reader; a new kind has no
  /// earlier state to be compatible with.
  public func refuses(_ rule: ChangeRule) -> Bool {
    switch rule {
    case .typeChanged, .entryRenamed:
      return protectsOldReaders || protectsNewReaders
    case .keyRemoved, .elementRemoved, .entryRemoved, .integerBecameFraction:
      return protectsOldReaders
    case .keyAdded, .elementAdded, .fractionBecameInteger:
      return protectsNewReaders
    case .entryAdded, .valueChanged, .metadataChanged, .membersReordered:
      return false
    }
  }

  /// What to do instead of a change this mode refuses: the hint a finding carries.
  public func hint(for rule: ChangeRule) -> String {
    switch rule {
    case .keyRemoved:
      return "keep the key (deprecate its use instead), or add the new shape under a new kind"
    case .elementRemoved:
      return "keep the element, or add the new shape under a new kind"
    case .typeChanged:
      return "keep the old type and add a key with the new type, or add a new kind"
    case .integerBecameFraction:
      return
        "apps that decode an integer here fail on a fraction: keep an integer, or add a key for the fraction"
    case .fractionBecameInteger:
      return
        "old payloads hold a fraction here: keep a fraction in the sample (2.0 is an integer too), or relax the mode to FORWARD"
    case .keyAdded:
      return
        "old payloads lack this key: add it under a new kind, or relax the mode to FORWARD"
    case .elementAdded:
      return "old payloads lack this element: add a new kind, or relax the mode to FORWARD"
    case .entryRemoved:
      return "deprecate the kind (catalog deprecate) instead of removing it"
    case .entryRenamed:
      return "add the new kind beside the old one and deprecate the old one"
    case .entryAdded, .valueChanged, .metadataChanged, .membersReordered:
      return "no change needed"
    }
  }
}

import CatalogDiff
import Components

/// A change a compatibility policy refuses: the finding `import`, `check --against` and the
/// CI formats report, with everything needed to act on it.
public struct PolicyViolation: Sendable, Hashable {
  /// The kind as apps know it: its name before this change (the new name for a kind
  /// that is added).
  public var kind: String
  public var mode: CompatibilityMode
  /// The level the mode was set at.
  public var origin: CatalogPolicy.Origin
  /// The change: its rule, JSON Pointer (relative to the entry) and both values.
  public var change: CatalogDiff.Change
  /// The revision whose state of the kind the change was measured against: the base of the
  /// write, or an earlier revision for a transitive mode.
  public var against: Int64
  /// Where the entry starts in the submitted file, when the write read one.
  public var position: SourcePosition?

  public var rule: ChangeRule { change.rule }
  public var hint: String { mode.hint(for: change.rule) }

  public init(
    kind: String, mode: CompatibilityMode, origin: CatalogPolicy.Origin,
    change: CatalogDiff.Change, against: Int64, position: SourcePosition?
  ) {
    self.kind = kind
    self.mode = mode
    self.origin = origin
    self.change = change
    self.against = against
    self.position = position
  }

  /// The waived change a waiver records for this violation.
  public var waived: WaivedChange {
    WaivedChange(
      kind: kind, rule: change.rule.rawValue, pointer: change.pointer.description,
      mode: mode.rawValue)
  }
}

/// A write the policies refused: every violation, in the order of the entries. Thrown by
/// every write of ``Catalog``; nothing was written.
public struct PolicyRefusal: Error, Sendable, Hashable {
  /// The submitted file's name, or the operation (`rename a b`) when there is no file.
  public var source: String
  public var violations: [PolicyViolation]

  public init(source: String, violations: [PolicyViolation]) {
    self.source = source
    self.violations = violations
  }
}

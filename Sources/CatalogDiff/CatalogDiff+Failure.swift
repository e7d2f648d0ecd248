extension CatalogDiff {
  /// Which differences count as a failure, as `diff --fail-on` chooses: CI fails on every
  /// difference, or only on breaking changes.
  public enum FailureClass: String, CaseIterable, Sendable {
    /// Only breaking changes (removed keys, entries, elements; changed types; renames).
    case breaking
    /// Any difference, moves included.
    case any
  }

  /// Whether the diff has a difference of `failureClass`: `diff`'s exit status 1.
  ///
  /// `.any` asks `!isEmpty`, which also counts moves; `.breaking` asks for a change whose
  /// class is breaking.
  public func differs(failingOn failureClass: FailureClass) -> Bool {
    switch failureClass {
    case .any: return !isEmpty
    case .breaking: return hasChanges(ofClass: .breaking)
    }
  }
}

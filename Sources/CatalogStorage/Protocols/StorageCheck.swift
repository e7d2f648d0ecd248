/// What an engine found when it checked its own storage.
package struct StorageCheck: Sendable, Equatable {
  /// One line per problem.
  package var problems: [String]
  /// Whether the storage itself is damaged, so that nothing read from it can be trusted and
  /// the catalog's own checks must not run.
  package var isDamaged: Bool
  /// What the engine checked, in its own words, as `doctor` reports a healthy catalog:
  /// `integrity_check ok, foreign keys ok` on SQLite.
  package var passed: String

  package init(problems: [String] = [], isDamaged: Bool = false, passed: String) {
    self.problems = problems
    self.isDamaged = isDamaged
    self.passed = passed
  }
}

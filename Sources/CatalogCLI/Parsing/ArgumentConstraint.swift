/// A rule over several arguments of one command, checked after parsing.
///
/// Names are `ArgumentSpec.name` values: `"list"` for `--list`, `"name"` for `<name>`.
package enum ArgumentConstraint: Sendable, Equatable {
  /// At most one of these may be given.
  case mutuallyExclusive([String])
  /// At least one of these must be given.
  case oneRequired([String])
}

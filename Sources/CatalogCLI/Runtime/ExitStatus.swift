/// The `catalog` command's exit statuses (docs/cli.md). The 64–75 range follows BSD's
/// sysexits.h, so scripts can tell kinds of failure apart.
package enum ExitStatus: Int32, Sendable {
  case success = 0
  /// `diff`: the operands differ (or differ in the `--fail-on` class); `check --against`:
  /// a change the policies refuse (``findings``); `merge`: conflicts.
  case differences = 1
  /// `check`, `diff`: an unknown reference (``unknownReference``); `merge`: any trouble.
  case trouble = 2
  /// The command line is wrong.
  case usage = 64
  /// The input is not valid: bad JSON, a bad document, an unknown revision or kind.
  case dataError = 65
  /// An input file (or the catalog for a read) does not exist or cannot be read.
  case noInput = 66
  /// The catalog's database cannot be reached (no engine for its location, a server that is
  /// down or refuses the connection).
  case unavailable = 69
  /// A bug: the tool reached a state it should not.
  case internalError = 70
  /// The database is damaged, not a catalog file, newer than this binary, or a file (the
  /// catalog, stdout, stderr, an output file) cannot be written.
  case ioError = 74
  /// The role the catalog's server knows this user as may not do this (a write by a role
  /// that may only read). Nothing was written.
  case noPermission = 77
  /// Try again: `--expect-head` did not hold, or another writer held the catalog past the
  /// busy timeout. Nothing was written.
  case temporaryFailure = 75

  /// The CI gate (`check --against`) found a change the policies refuse.
  static var findings: ExitStatus { .differences }
  /// The CI gate commands (`check`, `diff`): a revision, tag or ref that does not exist, so
  /// that a typo in a workflow never reads as "breaking change found" (docs/cli.md).
  static var unknownReference: ExitStatus { .trouble }
}

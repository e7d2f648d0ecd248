/// How an import (or any other write) is recorded.
public struct WriteOptions: Sendable {
  public var author: String
  public var message: String
  /// Refuse to write unless head is this revision (compare-and-set for scripts).
  public var expectHead: Int64?
  /// Work out and report the changes, then write nothing.
  public var dryRun: Bool
  /// Lets the write make changes the compatibility policies refuse, recording this reason
  /// in a waiver on the revision (`--allow-breaking REASON`); nil refuses them.
  public var allowBreaking: String?
  /// A test hook (`CATALOG_TEST_PATCH_INTERLEAVE`, docs/cli.md): called with the attempt's
  /// number (from 0) after ``Catalog/update(options:source:operation:_:)`` computed an
  /// attempt and before it takes the writer lock, so that a test can land another write
  /// exactly there, with no timing.
  public var beforeUpdateCommit: (@Sendable (_ attempt: Int) throws -> Void)?

  public init(
    author: String, message: String = "", expectHead: Int64? = nil, dryRun: Bool = false,
    allowBreaking: String? = nil
  ) {
    self.author = author
    self.message = message
    self.expectHead = expectHead
    self.dryRun = dryRun
    self.allowBreaking = allowBreaking
  }
}

/// The two digests of a revision (`catalog show REV`).
public struct RevisionDigests: Sendable, Hashable {
  /// The SHA-256 of the revision's export: what a file must hash to to be exactly it.
  public var export: SHA256Digest
  /// The revision's recorded digest, chained over its parent's (docs/schema.md,
  /// `revision_digest`); nil when none is recorded yet.
  public var revision: SHA256Digest?

  public init(export: SHA256Digest, revision: SHA256Digest?) {
    self.export = export
    self.revision = revision
  }
}

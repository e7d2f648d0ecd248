/// What `catalog doctor` found.
public struct DoctorReport: Sendable {
  /// Problems, one sentence each; empty when the catalog is healthy.
  public var problems: [String] = []
  public var revisions: Int64 = 0
  public var entryVersions = 0
  public var components = 0
  /// How many app contract events were checked (``ContractChain``).
  public var contractEvents = 0
  /// Non-fatal findings (payloads no revision uses, for example).
  public var notes: [String] = []
  /// What the engine's own check of its storage covered, in its words (`integrity_check ok,
  /// foreign keys ok` on SQLite, `references between rows ok` on PostgreSQL).
  public var storageChecks = ""
  /// Head's digest, when the whole chain of revision digests was recomputed and matched.
  public var headDigest: SHA256Digest?
  /// The number of recorded tag events, and whether every one matched its digests and the
  /// tags (``TagEventChain``).
  public var tagEvents = 0
  public var tagEventsVerified = false
  /// The number of stored payloads, and whether every one's text matched its recorded
  /// SHA-256 digest (and no digest named a payload that is not stored).
  public var payloads = 0
  public var payloadDigestsVerified = false

  public var isHealthy: Bool { problems.isEmpty }
}

import Components

/// What a write did, or would do under `dryRun`.
public struct WriteResult: Sendable {
  /// The revision written; `nil` when nothing changed or on a dry run.
  public var revision: Revision?
  /// Head after the write (unchanged when nothing was written).
  public var head: Int64
  /// For an update (`patch`) that another writer overtook: the head it was first computed
  /// on and the one it was computed again on and written on, when another write came between.
  public var rebase: (from: Int64, to: Int64)?
  public var counts: ChangeCounts
  /// Compact (``KindList``): a first import adds every kind of its file.
  public var added = KindList()
  public var changed: [String] = []
  public var removed: [String] = []
  public var moved: [String] = []
  /// Kinds in the catalog that the imported file lacks, kept because `prune` was off.
  public var kept: [String] = []
  /// Deprecated kinds whose entry in the file has no `"deprecated"` member, and which stay
  /// deprecated (a file undeprecates with `"deprecated": false`).
  public var keptDeprecations: [String] = []
  /// How many entries the document held.
  public var entryCount = 0
  public var dryRun = false
  /// The waiver recorded on the revision when `allowBreaking` let refused changes through.
  public var waiver: Waiver?
  /// The changes that waiver let through, with every detail.
  public var waivedViolations: [PolicyViolation] = []
  /// Whether the write changes the document's frame (its form, or its top-level members
  /// other than `components`): then it writes a revision even when no entry changed.
  /// A first revision records the frame the catalog starts with but does not change one.
  public var changedFrame = false
  /// Whether the write records a document frame (a change, or the first revision's).
  public var recordsFrame = false

  /// The file's entries that use a name the catalog renamed (``FormerName``), followed or
  /// added as new as the write was told.
  public var formerNames: [FormerName] = []

  /// Whether the write found nothing to change.
  public var isUnchanged: Bool { counts.isEmpty && !recordsFrame }
}

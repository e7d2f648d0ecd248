import Components

/// A three-way merge of catalogs: what BASE became on two sides, OURS and THEIRS, combined.
///
/// Entries are matched by kind and values merged down to JSON Pointers: a change made on one
/// side only is taken, the same change made on both sides is taken once, and arrays are lined
/// up with the alignment ``CatalogDiff`` uses, so insertions at different places combine.
/// These are conflicts: different changes to one leaf; a change on one side where the other
/// removed the entry or an enclosing member or element; two different new entries (or
/// members) under one name; different insertions at one place of an array. Entry and member
/// order follow OURS, with THEIRS' additions after their nearest unchanged neighbour (see
/// ``OrderMerge``); a reorder made by THEIRS alone is taken.
///
/// ```swift
/// let merge = try CatalogMerge(base: baseEntries, ours: ourEntries, theirs: theirEntries)
/// if let entries = merge.entries { … }          // clean
/// for conflict in merge.conflicts { print(conflict.line, conflict.pointer) }
/// try write(merge.document)                       // export format, with conflict markers
/// ```
///
/// Unchanged entries are never parsed: entries are compared by their bytes first, so the cost
/// is linear in the number of entries plus the size of the entries both sides changed.
public struct CatalogMerge: Sendable {
  /// A side a conflict can be resolved to.
  public enum ConflictSide: String, Sendable, Hashable {
    case ours
    case theirs
  }

  /// Which side a change the merge took came from.
  public enum Origin: String, Sendable, Hashable {
    case ours
    case theirs
    /// Both sides made the same change; it was taken once.
    case both
  }

  /// One change the merge took, described by the diff's change model.
  public struct Taken: Sendable, Hashable {
    public var origin: Origin
    public var kind: String
    /// The change; its pointer is relative to the entry, as in ``CatalogDiff/Change``.
    public var change: CatalogDiff.Change
    /// `/components/N` + the change's pointer, N being the entry's index in the result.
    public var pointer: JSONPointer
  }

  /// A place where the sides disagree.
  public struct Conflict: Sendable, Hashable {
    public enum Reason: String, Sendable, Hashable {
      /// Both sides changed one value, differently.
      case bothChanged = "BOTH_CHANGED"
      /// One side removed an entry, member or element that the other changed.
      case removedAndChanged = "REMOVED_AND_CHANGED"
      /// Both sides added an entry or member under one name, differently.
      case bothAdded = "BOTH_ADDED"
      /// Both sides inserted different elements at one place of an array.
      case bothInserted = "BOTH_INSERTED"
    }

    public var reason: Reason
    public var kind: String
    /// Where, in the merged document: `/components/N/payload/title`. Array indices are those
    /// of the result with the conflicts resolved to OURS.
    public var pointer: JSONPointer
    /// The same place relative to the entry: `/payload/title` (the root for a whole entry).
    public var entryPointer: JSONPointer
    /// The values; `nil` where the value is absent on that side. For ``Reason/bothInserted``,
    /// each side's inserted elements as an array.
    public var base: JSONValue?
    public var ours: JSONValue?
    public var theirs: JSONValue?
    /// The line of the `<<<<<<< OURS` marker around this conflict in ``CatalogMerge/document``.
    public var line: Int
  }

  /// Every conflict, in document order.
  public let conflicts: [Conflict]
  /// Every change taken, entry by entry in the result's order.
  public let taken: [Taken]
  /// The merged entries, when there is no conflict.
  public let entries: [CatalogEntry]?
  /// The result in the export format; with conflicts, conflict markers around the smallest
  /// enclosing entry or member, so that it is not valid JSON until a person resolves them.
  public let document: [UInt8]

  let items: [MergedItem]
  /// How ``document`` marks conflicts.
  public let markers: ConflictMarkerStyle

  public var isClean: Bool { conflicts.isEmpty }

  /// The merged entries with every conflict resolved to `side`.
  ///
  /// - Throws: ``CatalogMergeError`` only if a resolved entry is not a valid entry, which
  ///   entries read by ``CatalogDocumentReader`` never cause.
  public func resolved(_ side: ConflictSide) throws(CatalogMergeError) -> [CatalogEntry] {
    var result: [CatalogEntry] = []
    for item in items {
      switch item {
      case .entry(let entry):
        result.append(entry)
      case .merged(let value):
        result.append(try Self.entry(from: value.resolved(side)))
      case .conflict(_, let ours, let theirs):
        if let value = side == .ours ? ours : theirs { result.append(try Self.entry(from: value)) }
      }
    }
    return result
  }
}

/// One item of the merged components array.
enum MergedItem: Sendable, Hashable {
  /// A clean entry.
  case entry(CatalogEntry)
  /// An entry merged member by member, with conflicts inside.
  case merged(MergedValue)
  /// The whole entry conflicts (removed on one side, or added differently on both).
  case conflict(id: Int, ours: JSONValue?, theirs: JSONValue?)
}

import Components

/// What changed between two catalogs: kinds added, removed and moved, and for each kind in
/// both, every changed field as a JSON Pointer with its old and new value and its class.
///
/// Entries are matched by `kind`. Every list is sorted by kind, so that output is the same
/// whatever order the entries were compared in.
///
/// ```swift
/// let diff = try CatalogDiff(old: oldEntries, new: newEntries)
/// if diff.hasChanges(ofClass: .breaking) { … }
/// print(diff.text(), terminator: "")
/// let patch = try diff.jsonPatch(withTests: true)
/// ```
public struct CatalogDiff: Sendable, Hashable {
  /// An entry on one side only: its index in that side's components array, and the entry.
  public struct IndexedEntry: Sendable, Hashable {
    public var index: Int
    public var entry: CatalogEntry
    public var kind: String { entry.kind }

    public init(index: Int, entry: CatalogEntry) {
      self.index = index
      self.entry = entry
    }
  }

  /// A kind whose position relative to the other common kinds changed.
  public struct Move: Sendable, Hashable {
    public var kind: String
    /// The index in OLD's components array.
    public var oldIndex: Int
    /// The index in NEW's components array.
    public var newIndex: Int

    public init(kind: String, oldIndex: Int, newIndex: Int) {
      self.kind = kind
      self.oldIndex = oldIndex
      self.newIndex = newIndex
    }
  }

  /// Entries in NEW only, sorted by kind: each is an additive `ENTRY_ADDED` change.
  public let added: [IndexedEntry]
  /// Entries in OLD only, sorted by kind: each is a breaking `ENTRY_REMOVED` change.
  public let removed: [IndexedEntry]
  /// Common kinds that changed position, sorted by kind: a smallest set of kinds whose moving
  /// puts OLD's common kinds in NEW's order (the others form a longest run that kept its
  /// relative order). A move has no class: it changes no value.
  public let moved: [Move]
  /// Common kinds whose values changed, sorted by kind.
  public let changed: [ChangedEntry]
  /// How the document's frame (its form and top-level members other than `components`)
  /// changed; nil when it did not (see ``compareFrames(old:new:)``). It has no class.
  public private(set) var frame: FrameChange?

  /// For each index of NEW, the index in OLD of the entry of that kind, or -1: what patch
  /// generation needs to reorder entries.
  let oldIndexOfNew: [Int]
  let oldCount: Int

  init(
    added: [IndexedEntry], removed: [IndexedEntry], moved: [Move], changed: [ChangedEntry],
    oldIndexOfNew: [Int], oldCount: Int
  ) {
    self.added = added
    self.removed = removed
    self.moved = moved
    self.changed = changed
    self.oldIndexOfNew = oldIndexOfNew
    self.oldCount = oldCount
  }

  public var addedKinds: [String] { added.map(\.kind) }
  public var removedKinds: [String] { removed.map(\.kind) }
  public var movedKinds: [String] { moved.map(\.kind) }
  public var changedKinds: [String] { changed.map(\.kind) }

  /// Whether the two catalogs hold the same entries in the same order (as JSON: member order
  /// inside objects is not a difference), in the same frame.
  public var isEmpty: Bool {
    added.isEmpty && removed.isEmpty && moved.isEmpty && changed.isEmpty && frame == nil
  }

  /// Records the frames of the two documents: ``frame`` says how they differ, if they do.
  public mutating func compareFrames(old: DocumentFrame, new: DocumentFrame) {
    frame = old == new ? nil : FrameChange(old: old, new: new)
  }

  /// The classes of all changes, entries added and removed included. Moves have no class.
  public var classesPresent: Set<ChangeClass> {
    var classes = Set(changed.lazy.flatMap(\.changes).map(\.changeClass))
    if !added.isEmpty { classes.insert(.additive) }
    if !removed.isEmpty { classes.insert(.breaking) }
    return classes
  }

  /// Whether any change is of `changeClass`: what `--fail-on breaking` asks. (`--fail-on any`
  /// asks `!isEmpty`, which also counts moves.)
  public func hasChanges(ofClass changeClass: ChangeClass) -> Bool {
    count(of: changeClass) > 0
  }

  /// How many changes are of `changeClass`, counting an added entry as one additive change
  /// and a removed entry as one breaking change.
  public func count(of changeClass: ChangeClass) -> Int {
    var total = changed.reduce(0) { $0 + $1.changes.count { $0.changeClass == changeClass } }
    if changeClass == .additive { total += added.count }
    if changeClass == .breaking { total += removed.count }
    return total
  }
}

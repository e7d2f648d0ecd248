import CatalogDiff
import Components

/// What changed from one components.json document to another, matched by kind
/// (`catalog diff OLD NEW` of two files): ``DocumentSource/diff(from:to:maxDepth:maxSize:holdingNewForPatch:)``.
public struct DocumentDiff {
  /// The change, with the documents' frames compared.
  public var diff: CatalogDiff
  /// Where OLD's entries array is in OLD as given: `/components`, or the root of a bare
  /// array (a JSON Patch of OLD then says `/0/...`).
  public var oldEntriesPointer: JSONPointer
  /// NEW with its bytes held, when it was asked for and OLD is a bare array: a JSON Patch
  /// from a bare array to an object must repeat NEW whole, and NEW may be a pipe that cannot
  /// be read twice. Nil otherwise.
  public var heldNew: DocumentSource?
}

extension DocumentSource {
  /// What changed from `old` to `new`, two components.json documents matched by kind.
  ///
  /// OLD is held compactly: a regular file by where each entry's text is (read again only
  /// for the entries that differ), anything else by its canonical texts. NEW is streamed,
  /// and only its entries that differ are kept: memory stays in proportion to OLD's kinds
  /// and the change, not to the documents.
  ///
  /// - Parameter holdingNewForPatch: whether to hold NEW's bytes when OLD is a bare array
  ///   (``DocumentDiff/heldNew``).
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` or
  ///   ``CatalogError/unreadable(path:reason:)`` for either document;
  ///   ``CatalogDiffError`` when OLD's file changed while it was read.
  public static func diff(
    from old: DocumentSource, to new: DocumentSource,
    maxDepth: Int = JSONReader.defaultMaxDepth, maxSize: Int = JSONReader.defaultMaxSize,
    holdingNewForPatch: Bool = false
  ) throws -> DocumentDiff {
    var builder = CatalogDiff.Builder()
    let oldRead = try old.forEachRawEntry(
      maxDepth: maxDepth, maxSize: maxSize, keepingFile: true,
      starting: { total, file in
        if let file {
          builder.holdOldByRange(file, maxDepth: maxDepth)
        } else {
          builder.reserveOld(bytes: total ?? 0)
        }
      },
      finished: { try builder.setOldKinds($0) }, { entry, _ in builder.addOldKindLater(entry) })
    var newSource = new
    var heldNew: DocumentSource?
    if holdingNewForPatch && oldRead.entriesPointer.isRoot {
      newSource = .bytes(try new.readBytes(maxSize: maxSize), name: new.name)
      heldNew = newSource
    }
    // NEW's duplicate check and the builder share OLD's kinds.
    let newRead = try newSource.forEachRawEntry(
      maxDepth: maxDepth, maxSize: maxSize, knownKinds: builder.oldKinds(),
      keepingText: builder.holdsOldByRange, starting: { _, _ in },
      { entry, text in try builder.addNew(entry, text: text) })
    var diff = try builder.finish()
    diff.compareFrames(old: oldRead.frame, new: newRead.frame)
    return DocumentDiff(diff: diff, oldEntriesPointer: oldRead.entriesPointer, heldNew: heldNew)
  }
}

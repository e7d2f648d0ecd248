import Components

/// Where an import into an empty catalog hands its entries as it reads them
/// (``CatalogWriteContext/streamAddedEntries(revision:capacity:)``).
package protocol AddedEntryStream: AnyObject {
  /// Stores an entry (copied: the buffers may be reused as soon as this returns).
  ///
  /// - Throws: the error that stopped the storing, if one did.
  func add(_ entry: RawCatalogEntry) throws
  /// Waits for every entry to be stored and returns how many were.
  ///
  /// - Parameter kinds: The kind of every entry added, in order (string `i` is entry `i`'s),
  ///   as the document reader's duplicate check kept them: a stream may use them for rows it
  ///   writes at the end instead of keeping a copy of its own.
  func finish(kinds: ByteStrings) throws -> Int
  /// Stops storing (after an error in the document) and waits until nothing runs.
  func cancel()
}

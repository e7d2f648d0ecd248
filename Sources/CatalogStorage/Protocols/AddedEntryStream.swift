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

/// The order keys of a first import's entries, handed out in document order: key `i` of
/// `capacity` evenly spaced ones (``OrderKey/evenlySpaced(_:of:)``), and should more entries
/// come than `capacity` allowed for, keys after the last.
package struct AddedEntryKeys {
  private let capacity: Int
  private var next = 0
  private var last: String?

  package init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Appends the key of the next entry to `keys`, as ``nextKey()`` would give it, without
  /// making a `String` of it while the keys are evenly spaced.
  package mutating func appendNextKey(to keys: inout ByteStrings) {
    guard next < capacity - 1 else {
      var key = nextKey()
      key.withUTF8 { _ = keys.append(UnsafeRawBufferPointer($0)) }
      return
    }
    let index = next
    next += 1
    if width == 0 { width = OrderKey.evenlySpacedWidth(capacity) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width) { digits in
      let length = OrderKey.evenlySpaced(index, of: capacity, width: width, into: digits)
      keys.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: digits[..<length])))
    }
  }

  /// ``OrderKey/evenlySpacedWidth(_:)`` of `capacity`, once worked out (0 before).
  private var width = 0

  /// The key of the next entry.
  package mutating func nextKey() -> String {
    let index = next
    next += 1
    let key =
      index < capacity
      ? OrderKey.evenlySpaced(index, of: capacity)
      : OrderKey.keys(count: 1, after: last, before: nil)[0]
    if index >= capacity - 1 { last = key }
    return key
  }
}

/// The default ``AddedEntryStream``: stores each entry through the context's own methods as
/// it is added, on the caller's thread.
package final class DirectEntryStream: AddedEntryStream {
  private let context: any CatalogWriteContext
  private let revision: Int64
  private var keys: AddedEntryKeys
  private var added = 0

  package init(context: any CatalogWriteContext, revision: Int64, capacity: Int) {
    self.context = context
    self.revision = revision
    self.keys = AddedEntryKeys(capacity: capacity)
  }

  package func add(_ entry: RawCatalogEntry) throws {
    let payloadID = try entry.payload.withUnsafeBytes {
      try context.internPayload(bytes: $0, hash: JSONText.stableHash(of: $0))
    }
    let component = try context.newComponents(count: 1)
    try EntryCodec.withRow(
      of: entry, componentID: component, revision: revision, change: .added,
      payloadID: payloadID, orderKey: keys.nextKey()
    ) { try context.appendVersion($0) }
    added += 1
  }

  package func finish(kinds: ByteStrings) throws -> Int { added }

  package func cancel() {}
}

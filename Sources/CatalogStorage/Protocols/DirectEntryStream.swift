import Components

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

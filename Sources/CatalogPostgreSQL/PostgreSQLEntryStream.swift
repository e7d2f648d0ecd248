import CatalogStorage
import Components

/// The entries of an import into an empty catalog, stored as they are read: the same rows
/// `SQLiteEntryStream` writes (components and payloads numbered in document order, order
/// keys evenly spaced for `capacity` entries), on the caller's thread. The rows wait in the
/// context's COPY buffers, so storing one is an append to memory, not a round trip.
final class PostgreSQLEntryStream: AddedEntryStream {
  private let context: PostgreSQLContext
  private let revision: Int64
  private let capacity: Int
  private var added = 0
  private var lastKey: String?

  init(context: PostgreSQLContext, revision: Int64, capacity: Int) {
    self.context = context
    self.revision = revision
    self.capacity = max(1, capacity)
  }

  func add(_ entry: RawCatalogEntry) throws {
    let position = key(added)
    let payloadID = try entry.payload.withUnsafeBytes {
      try context.internPayload(bytes: $0, hash: JSONText.stableHash(of: $0))
    }
    let component = try context.newComponent(in: revision)
    let extra = entry.extraMembers.isEmpty ? nil : EntryCodec.extraBytes(entry.extraMembers)
    let keyOrder = entry.memberOrder.map(EntryCodec.keyOrderBytes)
    try entry.kind.withUnsafeBytes { kind in
      try entry.category.withUnsafeBytes { category in
        try entry.description.withUnsafeBytes { description in
          try withOptionalBytes(extra) { extra in
            try withOptionalBytes(keyOrder) { keyOrder in
              try Array(position.utf8).withUnsafeBytes { position in
                try context.appendVersion(
                  bytes: VersionRowBytes(
                    componentID: component, change: .added, kind: kind, category: category,
                    description: description, payloadID: payloadID, extra: extra,
                    keyOrder: keyOrder, position: position),
                  in: revision)
              }
            }
          }
        }
      }
    }
    added += 1
  }

  func finish() throws -> Int { added }

  /// Nothing runs in the background; the caller's rollback drops the rows.
  func cancel() {}

  /// The order key of the `index`th entry, as `SQLiteEntryStream` makes it.
  private func key(_ index: Int) -> String {
    let key =
      index < capacity
      ? OrderKey.evenlySpaced(index, of: capacity)
      : OrderKey.keys(count: 1, after: lastKey, before: nil)[0]
    if index >= capacity - 1 { lastKey = key }
    return key
  }
}

@available(*, unavailable, message: "the stream belongs to the thread of its connection")
extension PostgreSQLEntryStream: Sendable {}

private func withOptionalBytes<R>(
  _ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) throws -> R
) rethrows -> R {
  guard let bytes else { return try body(nil) }
  return try bytes.withUnsafeBytes { try body($0) }
}

import CatalogStorage

extension CatalogReadContext {
  /// The entries present at `revision`, compactly, without payload texts or hashes: what
  /// writes compare against. Hashes are read on demand (``readPayloadHashes(into:)``,
  /// ``payloadHash(ofPayload:)``).
  func headIndex(at revision: Int64) throws -> HeadIndex {
    var index = HeadIndex()
    try forEachEntryRow(at: revision, .withoutPayloads) { row in
      index.append(
        componentID: row.componentID, kind: row.kind, category: row.category,
        description: row.description, payloadID: row.payloadID, payloadHash: nil,
        extra: row.extra, keyOrder: row.keyOrder, orderKey: row.orderKey)
    }
    return index
  }

  /// Fills in every payload hash of an index.
  func readPayloadHashes(into index: inout HeadIndex) throws {
    for (slot, hash) in try payloadHashes(index.allPayloadIDs).enumerated() {
      index.setPayloadHash(hash, at: slot)
    }
  }

  /// The stored hash of a payload.
  func payloadHash(ofPayload id: Int64) throws -> Int64 {
    try payloadHashes([id])[0]
  }

  /// The entries present at `revision` keyed by kind, with their payload hashes.
  func index(at revision: Int64) throws -> [String: HeadEntry] {
    var index = try headIndex(at: revision)
    try readPayloadHashes(into: &index)
    return Dictionary(uniqueKeysWithValues: index.entries.map { ($0.kind, $0) })
  }
}

/// A `payload_hash` row: a payload's hash and its id.
struct PayloadHashRow: Equatable {
  var hash: Int64
  var id: Int64
}

extension Array where Element == PayloadHashRow {
  /// Sorts the rows in the table's key order, (hash, id), in linear time: a radix sort of
  /// the hashes (``Swift/Array/radixSort(byKey:)``), then the ids of any rows that share a
  /// hash (rare: two payloads whose 64-bit hashes collide).
  mutating func sortByKey() {
    // The hashes' bits with the sign bit flipped order as the signed integers do.
    radixSort { UInt64(bitPattern: $0.hash) ^ (1 << 63) }
    var start = 0
    while start < count {
      var end = start + 1
      while end < count && self[end].hash == self[start].hash { end += 1 }
      if end - start > 1 { self[start..<end].sort { $0.id < $1.id } }
      start = end
    }
  }
}

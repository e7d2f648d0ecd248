/// A `payload_hash` row: a payload's hash and its id.
struct PayloadHashRow: Equatable {
  var hash: Int64
  var id: Int64
}

extension Array where Element == PayloadHashRow {
  /// Sorts the rows in the table's key order, (hash, id), in linear time: a radix sort of
  /// the hashes, eight bits at a time, least significant first, then the ids of any rows
  /// that share a hash (rare: two payloads whose 64-bit hashes collide). The comparison
  /// sort it replaces took about as long as inserting the sorted rows.
  mutating func sortByKey() {
    guard count > 1 else { return }
    var source = self
    var target = self
    var counts = [Int](repeating: 0, count: 256)
    // Sorting the hashes' bits with the sign bit flipped orders them as signed integers.
    func digit(_ row: PayloadHashRow, _ shift: UInt64) -> Int {
      Int(truncatingIfNeeded: (UInt64(bitPattern: row.hash) ^ (1 << 63)) >> shift & 0xFF)
    }
    for shift in stride(from: UInt64(0), to: 64, by: 8) {
      for index in counts.indices { counts[index] = 0 }
      for row in source { counts[digit(row, shift)] += 1 }
      // A byte the same in every row orders nothing.
      if counts.contains(source.count) { continue }
      var offset = 0
      for index in counts.indices {
        let count = counts[index]
        counts[index] = offset
        offset += count
      }
      source.withUnsafeBufferPointer { from in
        target.withUnsafeMutableBufferPointer { to in
          for row in from {
            let slot = digit(row, shift)
            to[counts[slot]] = row
            counts[slot] += 1
          }
        }
      }
      swap(&source, &target)
    }
    var start = 0
    while start < source.count {
      var end = start + 1
      while end < source.count && source[end].hash == source[start].hash { end += 1 }
      if end - start > 1 { source[start..<end].sort { $0.id < $1.id } }
      start = end
    }
    self = source
  }
}

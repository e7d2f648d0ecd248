extension Array {
  /// Sorts the elements by a 64-bit key in linear time, keeping the order of elements whose
  /// keys are equal: a radix sort, eight bits at a time, least significant first, passing
  /// over a byte that is the same in every key. What a first import sorts its deferred rows
  /// with (`payload_hash` by hash, `kind_version` by the kinds' first bytes), where a
  /// comparison sort cost about as much as inserting the sorted rows.
  mutating func radixSort(byKey key: (Element) -> UInt64) {
    guard count > 1 else { return }
    var target = self
    var counts = [Int](repeating: 0, count: 256)
    for shift in stride(from: UInt64(0), to: 64, by: 8) {
      for index in counts.indices { counts[index] = 0 }
      for element in self { counts[Int(truncatingIfNeeded: key(element) >> shift & 0xFF)] += 1 }
      if counts.contains(count) { continue }
      var offset = 0
      for index in counts.indices {
        let size = counts[index]
        counts[index] = offset
        offset += size
      }
      withUnsafeBufferPointer { from in
        target.withUnsafeMutableBufferPointer { to in
          for element in from {
            let slot = Int(truncatingIfNeeded: key(element) >> shift & 0xFF)
            to[counts[slot]] = element
            counts[slot] += 1
          }
        }
      }
      swap(&self, &target)
    }
  }
}

extension Array {
  /// Sorts the elements by a 64-bit key in linear time, keeping the order of elements whose
  /// keys are equal: a radix sort, eight bits at a time, least significant first, passing
  /// over a byte that is the same in every key. What a first import sorts its deferred rows
  /// with (`payload_hash` by hash, `kind_version` by the kinds' bytes), where a comparison
  /// sort cost about as much as inserting the sorted rows.
  ///
  /// One read of the keys counts all eight bytes' values at once (a count per byte, then a
  /// move, read the elements twice per byte: sixteen reads of random hashes' rows instead of
  /// nine); the counts and both buffers are used through pointers, without bounds checks.
  mutating func radixSort(byKey key: (Element) -> UInt64) {
    guard count > 1 else { return }
    let total = count
    // counts[256 * b + v]: how many keys have value v in byte b (0 = least significant).
    var counts = [Int](repeating: 0, count: 8 * 256)
    counts.withUnsafeMutableBufferPointer { counts in
      withUnsafeBufferPointer { elements in
        for element in elements {
          var value = key(element)
          for byte in 0..<8 {
            counts[256 * byte + Int(truncatingIfNeeded: value & 0xFF)] += 1
            value >>= 8
          }
        }
      }
    }
    var target = self
    counts.withUnsafeMutableBufferPointer { counts in
      for byte in 0..<8 {
        let base = 256 * byte
        // A byte every key shares moves nothing.
        if (0..<256).contains(where: { counts[base + $0] == total }) { continue }
        var offset = 0
        for value in 0..<256 {
          let size = counts[base + value]
          counts[base + value] = offset
          offset += size
        }
        let shift = UInt64(8 * byte)
        withUnsafeBufferPointer { from in
          target.withUnsafeMutableBufferPointer { to in
            for element in from {
              let slot = base + Int(truncatingIfNeeded: key(element) >> shift & 0xFF)
              to[counts[slot]] = element
              counts[slot] += 1
            }
          }
        }
        swap(&self, &target)
      }
    }
  }
}

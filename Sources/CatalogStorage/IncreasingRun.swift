/// Longest increasing subsequences: which entries keep their place when a list is reordered.
package enum IncreasingRun {
  /// The elements of `candidates` on a longest strictly increasing subsequence of `keys`
  /// (`keys[c]` belongs to `candidates[c]`): patience sorting, O(n log n).
  package static func longest<Key: Comparable>(_ candidates: [Int], _ keys: [Key]) -> Set<Int> {
    var tails: [Int] = []  // candidate index ending the best run of each length
    var previous = [Int](repeating: -1, count: candidates.count)
    for c in candidates.indices {
      let key = keys[c]
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if keys[tails[mid]] < key { low = mid + 1 } else { high = mid }
      }
      previous[c] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(c) } else { tails[low] = c }
    }
    var result = Set<Int>()
    var c = tails.last ?? -1
    while c >= 0 {
      result.insert(candidates[c])
      c = previous[c]
    }
    return result
  }
}

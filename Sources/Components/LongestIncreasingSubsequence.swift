/// A longest strictly increasing subsequence, found by patience sorting in O(n log n): which
/// elements keep their place when a list is reordered. The one definition, used by the diff
/// (entries that did not move), by the planner of a write (entries that keep their order
/// keys) and by the SQLite engine's as-of export (entries its forward scan can deliver).
package enum LongestIncreasingSubsequence {
  /// For each element of `values`, whether it belongs to one longest strictly increasing
  /// subsequence. Among several, the one ending at the latest tail is chosen, which is
  /// deterministic.
  package static func membership<Value: Comparable>(_ values: [Value]) -> [Bool] {
    // tails[k]: index in `values` of the smallest tail of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var member = [Bool](repeating: false, count: values.count)
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      member[cursor] = true
      cursor = previous[cursor]
    }
    return member
  }
}

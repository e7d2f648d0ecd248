import Components

/// Lines up the elements of two arrays with a longest common subsequence, so that inserting
/// one element reports one addition and not a change of every element after it.
///
/// Equal elements on the LCS are matched. Between two matches, the unmatched old and new
/// elements are paired in order (each pair is compared in depth, so that a changed field of
/// an object element is one change, not a removal and an addition); the old ones left over
/// are removed and the new ones left over are inserted.
///
/// Cost: the common prefix and suffix are trimmed first (linear), which handles the usual
/// edit of a few neighbouring elements in any length of array. The rest is a dynamic
/// programming LCS over ``cellBudget`` cells at most; when the untrimmed middles are larger
/// than that (both over about 2,000 elements), elements are compared index by index instead,
/// which is linear but reports an insertion as changes of the elements after it.
enum ArrayAlignment {
  /// One step of the alignment, in order.
  enum Step: Sendable, Hashable {
    /// `old[i]` and `new[j]` are equal.
    case match(Int, Int)
    /// `old[i]` became `new[j]`.
    case pair(Int, Int)
    /// `old[i]` was removed.
    case remove(Int)
    /// `new[j]` was inserted.
    case insert(Int)
  }

  /// The largest LCS table, in cells, before falling back to index-wise comparison.
  static let cellBudget = 1 << 22

  static func align(_ old: [JSONValue], _ new: [JSONValue]) -> [Step] {
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    let oldMiddle = prefix..<(old.count - suffix)
    let newMiddle = prefix..<(new.count - suffix)

    var raw: [Step] = (0..<prefix).map { .match($0, $0) }
    if oldMiddle.count * newMiddle.count <= cellBudget {
      raw += longestCommonSubsequence(old, oldMiddle, new, newMiddle)
    } else {
      raw += indexWise(old, oldMiddle, new, newMiddle)
    }
    raw += (0..<suffix).map { .match(old.count - suffix + $0, new.count - suffix + $0) }
    return pairingGaps(raw)
  }

  /// Matches, removals and insertions of a longest common subsequence of the middles.
  private static func longestCommonSubsequence(
    _ old: [JSONValue], _ oldRange: Range<Int>, _ new: [JSONValue], _ newRange: Range<Int>
  ) -> [Step] {
    // Compare small integers, not trees: equal values get equal identifiers.
    var identifiers: [JSONValue: Int] = [:]
    func identifier(_ value: JSONValue) -> Int {
      if let known = identifiers[value] { return known }
      identifiers[value] = identifiers.count
      return identifiers.count - 1
    }
    let a = oldRange.map { identifier(old[$0]) }
    let b = newRange.map { identifier(new[$0]) }
    let n = a.count
    let m = b.count
    // lengths[i * (m + 1) + j] = LCS length of a[i...] and b[j...].
    var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i * (m + 1) + j] =
          a[i] == b[j]
          ? lengths[(i + 1) * (m + 1) + j + 1] + 1
          : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
      }
    }
    var steps: [Step] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n && j < m && a[i] == b[j] {
        steps.append(.match(oldRange.lowerBound + i, newRange.lowerBound + j))
        i += 1
        j += 1
      } else if j == m || (i < n && lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1])
      {
        steps.append(.remove(oldRange.lowerBound + i))
        i += 1
      } else {
        steps.append(.insert(newRange.lowerBound + j))
        j += 1
      }
    }
    return steps
  }

  /// Element `k` of one middle against element `k` of the other; the longer one's tail is
  /// removed or inserted.
  private static func indexWise(
    _ old: [JSONValue], _ oldRange: Range<Int>, _ new: [JSONValue], _ newRange: Range<Int>
  ) -> [Step] {
    var steps: [Step] = []
    for k in 0..<max(oldRange.count, newRange.count) {
      let i = oldRange.lowerBound + k
      let j = newRange.lowerBound + k
      if k < oldRange.count && k < newRange.count {
        steps.append(old[i] == new[j] ? .match(i, j) : .pair(i, j))
      } else if k < oldRange.count {
        steps.append(.remove(i))
      } else {
        steps.append(.insert(j))
      }
    }
    return steps
  }

  /// Between matches: pairs first, then the removals left over, then the insertions.
  private static func pairingGaps(_ raw: [Step]) -> [Step] {
    var steps: [Step] = []
    steps.reserveCapacity(raw.count)
    var removals: [Int] = []
    var insertions: [Int] = []
    func flush() {
      let paired = min(removals.count, insertions.count)
      for k in 0..<paired { steps.append(.pair(removals[k], insertions[k])) }
      steps += removals[paired...].map { .remove($0) }
      steps += insertions[paired...].map { .insert($0) }
      removals.removeAll(keepingCapacity: true)
      insertions.removeAll(keepingCapacity: true)
    }
    for step in raw {
      switch step {
      case .remove(let i): removals.append(i)
      case .insert(let j): insertions.append(j)
      case .match, .pair:
        flush()
        steps.append(step)
      }
    }
    flush()
    return steps
  }
}

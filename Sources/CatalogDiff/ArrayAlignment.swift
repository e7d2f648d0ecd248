import Components

/// Lines up the elements of two arrays with a longest common subsequence, so that inserting
/// one element reports one addition and not a change of every element after it.
///
/// Elements are compared by their *key*: an object with an `"id"` member that is a string or
/// a number is keyed by that id (its identity, see ``identity(of:)``), any other element by its
/// whole value. Elements with equal keys on the LCS are lined up: a match when their values
/// are equal, a pair (`old[i]` became `new[j]`) when an element with an id changed. Between
/// two lined-up elements, the old and new elements left over that have no id are paired in
/// order (each pair is compared in depth, so that a changed field of an object element is one
/// change, not a removal and an addition); an element with an id is never paired with another
/// id. The old ones left over are removed and the new ones left over are inserted.
///
/// Cost: the common prefix and suffix are trimmed first (linear), which handles the usual
/// edit of a few neighbouring elements in any length of array. A middle of at most
/// ``cellBudget`` cells is aligned by dynamic programming. A larger one is cut at anchors, as
/// patience diff does: the keys that occur exactly once in each middle, the longest run of
/// them in the same order on both sides (``LongestIncreasingSubsequence``, O(n log n)); the
/// pieces between anchors are aligned the same way. All the dynamic programming of one
/// alignment fills at most ``totalCellBudget`` cells and the anchoring looks at each element
/// a bounded number of times; a piece past those limits, or without anchors, is aligned
/// coarsely, its old elements removed and its new ones inserted. Coarse is never wrong: it
/// only describes more as changed, and a merge then conflicts rather than guesses.
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

  /// The largest LCS table of one middle, in cells, before it is cut at anchors.
  static let cellBudget = 1 << 22
  /// The most LCS cells one alignment fills in all (about 64 MiB of `Int32`s at most, in
  /// tables of at most ``cellBudget`` cells, never held at once).
  static let totalCellBudget = 1 << 24
  /// How many times the anchoring may look at each element, in all.
  static let anchorPasses = 8

  /// An element's identity: the `"id"` member of an object, when it is a string or a number.
  /// Two elements with equal identities are the same element, changed or not.
  static func identity(of value: JSONValue) -> JSONValue? {
    guard case .object(let object) = value, let id = object["id"] else { return nil }
    switch id {
    case .string, .number: return id
    case .null, .bool, .array, .object: return nil
    }
  }

  static func align(_ old: [JSONValue], _ new: [JSONValue]) -> [Step] {
    var keys = Keys()
    let a = old.map { keys.key(of: $0) }
    let b = new.map { keys.key(of: $0) }
    var aligner = Aligner(
      a: a, b: b, cells: totalCellBudget, looks: anchorPasses * (a.count + b.count))
    var raw: [Step] = []
    raw.reserveCapacity(max(a.count, b.count))
    aligner.align(0..<a.count, 0..<b.count, into: &raw)
    for index in raw.indices {
      if case .match(let i, let j) = raw[index], old[i] != new[j] { raw[index] = .pair(i, j) }
    }
    return pairingGaps(raw, hasIdentity: { keys.isIdentity(a[$0]) }, { keys.isIdentity(b[$0]) })
  }

  /// Small integers for keys: equal keys get equal numbers, identities and values apart.
  private struct Keys {
    private enum Key: Hashable {
      case identity(JSONValue)
      case value(JSONValue)
    }
    private var numbers: [Key: Int] = [:]
    private var identities: [Bool] = []

    mutating func key(of value: JSONValue) -> Int {
      let key: Key = Self.identityKey(value).map { .identity($0) } ?? .value(value)
      if let known = numbers[key] { return known }
      numbers[key] = identities.count
      if case .identity = key { identities.append(true) } else { identities.append(false) }
      return identities.count - 1
    }

    func isIdentity(_ key: Int) -> Bool { identities[key] }

    private static func identityKey(_ value: JSONValue) -> JSONValue? {
      ArrayAlignment.identity(of: value)
    }
  }

  /// The LCS of two key arrays within budgets, as matches, removals and insertions.
  private struct Aligner {
    let a: [Int]
    let b: [Int]
    /// LCS cells still allowed.
    var cells: Int
    /// Element looks still allowed to the anchoring.
    var looks: Int

    mutating func align(_ old: Range<Int>, _ new: Range<Int>, into steps: inout [Step]) {
      var lower = (old.lowerBound, new.lowerBound)
      var upper = (old.upperBound, new.upperBound)
      while lower.0 < upper.0 && lower.1 < upper.1 && a[lower.0] == b[lower.1] {
        steps.append(.match(lower.0, lower.1))
        lower = (lower.0 + 1, lower.1 + 1)
      }
      var suffix = 0
      while lower.0 < upper.0 - suffix && lower.1 < upper.1 - suffix
        && a[upper.0 - 1 - suffix] == b[upper.1 - 1 - suffix]
      {
        suffix += 1
      }
      upper = (upper.0 - suffix, upper.1 - suffix)
      let oldMiddle = lower.0..<upper.0
      let newMiddle = lower.1..<upper.1
      let size = oldMiddle.count * newMiddle.count
      if oldMiddle.isEmpty || newMiddle.isEmpty
        || (size <= Self.cellBudgetPerTable && size <= cells)
      {
        cells -= size
        longestCommonSubsequence(oldMiddle, newMiddle, into: &steps)
      } else if oldMiddle.count + newMiddle.count <= looks {
        looks -= oldMiddle.count + newMiddle.count
        anchored(oldMiddle, newMiddle, into: &steps)
      } else {
        steps += oldMiddle.map { .remove($0) }
        steps += newMiddle.map { .insert($0) }
      }
      steps += (0..<suffix).map { .match(upper.0 + $0, upper.1 + $0) }
    }

    private static let cellBudgetPerTable = ArrayAlignment.cellBudget

    /// Cuts the middles at the keys unique in both, in their longest common order, and
    /// aligns the pieces between; without such keys, the middles are removed and inserted.
    private mutating func anchored(_ old: Range<Int>, _ new: Range<Int>, into steps: inout [Step]) {
      // How often each key occurs in each middle, and where in new the last one is.
      var inOld: [Int: Int] = [:]
      for i in old { inOld[a[i], default: 0] += 1 }
      var inNew: [Int: (count: Int, position: Int)] = [:]
      for j in new {
        let seen = inNew[b[j]]
        inNew[b[j]] = (count: (seen?.count ?? 0) + 1, position: j)
      }
      var candidates: [(old: Int, new: Int)] = []
      for i in old where inOld[a[i]] == 1 {
        if let seen = inNew[a[i]], seen.count == 1 { candidates.append((i, seen.position)) }
      }
      let member = LongestIncreasingSubsequence.membership(candidates.map(\.new))
      let anchors = zip(candidates, member).filter(\.1).map(\.0)
      guard !anchors.isEmpty else {
        steps += old.map { .remove($0) }
        steps += new.map { .insert($0) }
        return
      }
      var from = (old.lowerBound, new.lowerBound)
      for anchor in anchors {
        align(from.0..<anchor.old, from.1..<anchor.new, into: &steps)
        steps.append(.match(anchor.old, anchor.new))
        from = (anchor.old + 1, anchor.new + 1)
      }
      align(from.0..<old.upperBound, from.1..<new.upperBound, into: &steps)
    }

    /// Matches, removals and insertions of a longest common subsequence of two ranges.
    private func longestCommonSubsequence(
      _ oldRange: Range<Int>, _ newRange: Range<Int>, into steps: inout [Step]
    ) {
      let n = oldRange.count
      let m = newRange.count
      let o = oldRange.lowerBound
      let p = newRange.lowerBound
      // lengths[i * (m + 1) + j] = LCS length of a[o + i...] and b[p + j...].
      var lengths = [Int32](repeating: 0, count: n == 0 || m == 0 ? 0 : (n + 1) * (m + 1))
      if n > 0 && m > 0 {
        for i in stride(from: n - 1, through: 0, by: -1) {
          for j in stride(from: m - 1, through: 0, by: -1) {
            lengths[i * (m + 1) + j] =
              a[o + i] == b[p + j]
              ? lengths[(i + 1) * (m + 1) + j + 1] + 1
              : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
          }
        }
      }
      var i = 0
      var j = 0
      while i < n || j < m {
        if i < n && j < m && a[o + i] == b[p + j] {
          steps.append(.match(o + i, p + j))
          i += 1
          j += 1
        } else if j == m
          || (i < n && lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1])
        {
          steps.append(.remove(o + i))
          i += 1
        } else {
          steps.append(.insert(p + j))
          j += 1
        }
      }
    }
  }

  /// Between lined-up elements: the old and new elements without an id paired in order, the
  /// others removed and inserted; in an order that is an edit script (old and new indices
  /// both increasing), removals before insertions between two pairs.
  private static func pairingGaps(
    _ raw: [Step], hasIdentity oldHasIdentity: (Int) -> Bool, _ newHasIdentity: (Int) -> Bool
  ) -> [Step] {
    var steps: [Step] = []
    steps.reserveCapacity(raw.count)
    var removals: [Int] = []
    var insertions: [Int] = []
    func flush() {
      let oldPlain = removals.filter { !oldHasIdentity($0) }
      let newPlain = insertions.filter { !newHasIdentity($0) }
      let paired = min(oldPlain.count, newPlain.count)
      var r = 0
      var n = 0
      for k in 0..<paired {
        while removals[r] != oldPlain[k] {
          steps.append(.remove(removals[r]))
          r += 1
        }
        while insertions[n] != newPlain[k] {
          steps.append(.insert(insertions[n]))
          n += 1
        }
        steps.append(.pair(oldPlain[k], newPlain[k]))
        r += 1
        n += 1
      }
      steps += removals[r...].map { .remove($0) }
      steps += insertions[n...].map { .insert($0) }
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

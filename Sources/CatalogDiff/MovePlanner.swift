/// Plans the `move` operations that put the entries two catalogs share into NEW's order, with
/// each operation's indices as the moves before it leave the array.
///
/// The entries that stay (a longest run that kept its order) never move. The others are taken
/// in NEW's order and each is moved to just after its predecessor in NEW's order, which is
/// already in place; so after the last move the whole array is in NEW's order.
///
/// Positions are found in O(log n) each: every place an entry ever occupies (its old place,
/// and the new place it is moved to) is first laid out in one linked list, which fixes the
/// order of all places; a Fenwick tree over that order then counts the occupied places before
/// any given one, which is the entry's index at that moment.
enum MovePlanner {
  /// One `move` of the components array.
  struct Step: Sendable, Hashable {
    var kind: String
    var from: Int
    var to: Int
  }

  /// - Parameters:
  ///   - positions: for each shared entry in NEW's order, its index among the shared entries
  ///     in OLD's order (a permutation of `0..<positions.count`).
  ///   - moving: for each shared entry in NEW's order, its kind if it must move, else `nil`.
  /// - Returns: the moves, in the order to apply them. Moves that would leave an entry where
  ///   it is are left out.
  static func plan(positions: [Int], moving: [String?]) -> [Step] {
    let count = positions.count
    let movingCount = moving.count { $0 != nil }
    guard movingCount > 0 else { return [] }

    // Places 0..<count are the old places, in old order; new places are linked in as planned.
    var next = [Int](repeating: -1, count: count + movingCount)
    for place in 0..<max(count - 1, 0) { next[place] = place + 1 }
    var head = 0
    var placeOf = positions
    var pending: [(kind: String, from: Int, after: Int?, to: Int)] = []
    var placeCount = count
    for (k, kind) in moving.enumerated() {
      guard let kind else { continue }
      let place = placeCount
      placeCount += 1
      var after: Int? = nil
      if k == 0 {
        next[place] = head
        head = place
      } else {
        let predecessor = placeOf[k - 1]
        next[place] = next[predecessor]
        next[predecessor] = place
        after = predecessor
      }
      pending.append((kind, placeOf[k], after, place))
      placeOf[k] = place
    }

    var rank = [Int](repeating: 0, count: placeCount)
    var place = head
    var order = 0
    while place >= 0 {
      rank[place] = order
      order += 1
      place = next[place]
    }

    var occupied = FenwickTree(count: placeCount)
    for place in 0..<count { occupied.add(1, at: rank[place]) }
    var steps: [Step] = []
    for move in pending {
      let from = occupied.sum(before: rank[move.from])
      occupied.add(-1, at: rank[move.from])
      let to = move.after.map { occupied.sum(before: rank[$0]) + 1 } ?? 0
      occupied.add(1, at: rank[move.to])
      if from != to { steps.append(Step(kind: move.kind, from: from, to: to)) }
    }
    return steps
  }
}

/// Prefix sums over an array of counts with O(log n) updates and queries.
struct FenwickTree {
  private var tree: [Int]

  init(count: Int) {
    tree = [Int](repeating: 0, count: count + 1)
  }

  /// Adds `delta` to the count at `index`.
  mutating func add(_ delta: Int, at index: Int) {
    var i = index + 1
    while i < tree.count {
      tree[i] += delta
      i += i & -i
    }
  }

  /// The sum of the counts at indices below `index`.
  func sum(before index: Int) -> Int {
    var total = 0
    var i = index
    while i > 0 {
      total += tree[i]
      i -= i & -i
    }
    return total
  }
}

import Components

/// The order of a merged sequence of named things (entries by kind, object members by key).
///
/// The order follows OURS, unless OURS kept BASE's order and THEIRS changed it: then THEIRS'
/// reordering is THEIRS' change and is taken. Names the followed side lacks (the other side's
/// additions) go after their nearest preceding neighbour on their own side that the followed
/// side also has, and after the followed side's own additions there; with no such neighbour,
/// before the first name both sides share.
///
/// ```text
/// BASE [a, c]   OURS [a, x, c]   THEIRS [a, y, c]   →   [a, x, y, c]
/// ```
enum OrderMerge {
  /// - Parameters:
  ///   - base: BASE's names in order.
  ///   - ours: OURS' names in order.
  ///   - theirs: THEIRS' names in order.
  ///   - keep: whether a name is in the result.
  /// - Returns: the names kept, each once, in the merged order.
  static func merge(
    base: [BytewiseString], ours: [BytewiseString], theirs: [BytewiseString],
    keep: (BytewiseString) -> Bool
  ) -> [BytewiseString] {
    let basePositions = positions(base)
    let followTheirs =
      !reordered(ours, basePositions) && reordered(theirs, basePositions)
    let primary = followTheirs ? theirs : ours
    let secondary = followTheirs ? ours : theirs
    let inPrimary = Set(primary)
    let inSecondary = Set(secondary)

    // The other side's names that the followed side lacks, grouped by the nearest preceding
    // name both have (nil: none precedes them).
    var groups: [BytewiseString: [BytewiseString]] = [:]
    var leading: [BytewiseString] = []
    var anchor: BytewiseString?
    for key in secondary {
      if inPrimary.contains(key) {
        anchor = key
      } else if let anchor {
        groups[anchor, default: []].append(key)
      } else {
        leading.append(key)
      }
    }

    var result: [BytewiseString] = []
    var emitted = Set<BytewiseString>()
    func emit(_ key: BytewiseString) {
      if keep(key) && emitted.insert(key).inserted { result.append(key) }
    }
    var pending = leading
    for key in primary {
      if inSecondary.contains(key) {
        pending.forEach(emit)
        emit(key)
        pending = groups[key] ?? []
      } else {
        emit(key)
      }
    }
    pending.forEach(emit)
    return result
  }

  private static func positions(_ keys: [BytewiseString]) -> [BytewiseString: Int] {
    var positions: [BytewiseString: Int] = [:]
    positions.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() { positions[key] = index }
    return positions
  }

  /// Whether `side` holds the names it kept from BASE in another order than BASE.
  private static func reordered(_ side: [BytewiseString], _ basePositions: [BytewiseString: Int])
    -> Bool
  {
    var last = -1
    for key in side {
      guard let position = basePositions[key] else { continue }
      if position < last { return true }
      last = position
    }
    return false
  }
}

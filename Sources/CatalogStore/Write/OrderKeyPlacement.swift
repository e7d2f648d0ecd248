import CatalogStorage
import Components

/// Where the entries of a write go in export order. Entries whose relative order is unchanged
/// (one longest increasing subsequence of their head positions, ``LongestIncreasingSubsequence``,
/// the diff's own) keep their order keys; the others get new keys right after the key before
/// them, below the next key any entry keeps.
struct OrderKeyPlacement {
  /// The new order key of each desired entry that gets one, by its index: few, unless the
  /// write reorders the catalog (an array of an optional key per entry was 1.7 MB to
  /// allocate and walk for every write of 100,000 entries).
  private let newKeys: [Int: String]

  /// The new order key of desired entry `i`; nil when it keeps its key.
  func newKey(of i: Int) -> String? {
    newKeys.isEmpty ? nil : newKeys[i]
  }

  /// Places `entries` (the desired catalog, in order) among head's, with `kept` (head slots the
  /// desired catalog lacks but the write keeps) staying where they are.
  init(_ entries: [PlannedEntry], kept: [Int], index: inout RevisionIndex) {
    var newKeys: [Int: String] = [:]
    let existing = entries.indices.filter { entries[$0].existing >= 0 }
    // Ranks stand for positions: comparing integers, not strings, for every entry.
    let needsRanks = !existing.isEmpty || !kept.isEmpty
    let ranks = needsRanks ? index.orderKeyRanks() : []
    let slotsByRank = needsRanks ? index.slotsInPositionOrder() : []
    let existingRanks = existing.map { ranks[Int(entries[$0].existing)] }
    var anchors = [Bool](repeating: false, count: entries.count)
    if zip(existingRanks, existingRanks.dropFirst()).allSatisfy({ $0 < $1 }) {
      // The usual case, checked in one pass: every existing entry is still in order.
      for i in existing { anchors[i] = true }
    } else {
      for (k, stays) in LongestIncreasingSubsequence.membership(existingRanks).enumerated()
      where stays {
        anchors[existing[k]] = true
      }
    }
    // New keys go right after the key before them and below the next key any entry keeps (an
    // anchor, or a kind kept from head that the document lacks), so no two entries share a
    // key. Keys that stay, as ranks in order-key order:
    var fixedRanks = anchors.indices.filter { anchors[$0] }.map {
      ranks[Int(entries[$0].existing)]
    }
    fixedRanks += kept.map { ranks[$0] }
    fixedRanks.sort()
    /// The slot of the smallest key that stays above the rank `rank` (or at all, for nil).
    func nextFixed(after rank: Int32?) -> Int? {
      var low = 0
      var high = fixedRanks.count
      if let rank {
        while low < high {
          let mid = (low + high) / 2
          if fixedRanks[mid] <= rank { low = mid + 1 } else { high = mid }
        }
      }
      return low < fixedRanks.count ? Int(slotsByRank[Int(fixedRanks[low])]) : nil
    }
    var i = 0
    var lowerRank: Int32?
    while i < entries.count {
      if anchors[i] {
        lowerRank = ranks[Int(entries[i].existing)]
        i += 1
        continue
      }
      var j = i
      while j < entries.count, !anchors[j] { j += 1 }
      let lowerBound = lowerRank.map { index.orderKey(Int(slotsByRank[Int($0)])) }
      let upperBound = nextFixed(after: lowerRank).map(index.orderKey)
      let keys = OrderKey.keys(count: j - i, after: lowerBound, before: upperBound)
      for (offset, key) in keys.enumerated() { newKeys[i + offset] = key }
      i = j
    }
    // Keys stay logarithmic in length: a key past the limit is spread out with its
    // neighbours. Kinds kept from head that the document lacks sit between the document's
    // entries in key order, so with those the keys are left as they are.
    let limit = OrderKey.lengthLimit(count: entries.count)
    if kept.isEmpty, newKeys.values.contains(where: { $0.utf8.count > limit }) {
      let current = entries.indices.map {
        newKeys[$0] ?? index.orderKey(Int(entries[$0].existing))
      }
      for (i, key) in OrderKey.rebalanced(current, limit: limit).enumerated()
      where key != current[i] {
        newKeys[i] = key
      }
    }
    self.newKeys = newKeys
  }

  /// The order key desired entry `i` has after the write.
  func key(of i: Int, _ entry: PlannedEntry, in index: RevisionIndex) -> String {
    newKeys[i] ?? index.orderKey(Int(entry.existing))
  }
}

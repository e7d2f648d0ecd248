import Components

/// Order keys: strings whose byte order is the order of entries in an exported file.
///
/// A key is a base-36 fraction (`0-9a-z`, most significant digit first, no trailing `0`), so
/// between any two keys there is always room for more. Placing an entry between two others
/// writes a row for that entry alone, which is what keeps storage growing with the number of
/// changes rather than with the size of the catalog (see docs/schema.md).
package enum OrderKey {
  private static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
  private static let base = 36

  /// `count` keys in ascending order, strictly between `lower` and `upper` (`nil` means the
  /// start or the end of the list), spread so that later insertions find room.
  package static func keys(count: Int, after lower: String?, before upper: String?) -> [String] {
    var result: [String] = []
    result.reserveCapacity(count)
    fill(count, lower.map(digits) ?? [], upper.map(digits), into: &result)
    return result
  }

  /// Key `index` of `capacity` keys spread evenly over the whole range, as fixed-width
  /// base-36 fractions (without trailing `0`): for a first import, whose entries are stored
  /// as they are read, before their number is known, with `capacity` an upper bound of it
  /// (the document's size over the smallest entry's). Ascending in `index`, all distinct, and
  /// as short as `keys(count:after:before:)` makes them for that many.
  package static func evenlySpaced(_ index: Int, of capacity: Int) -> String {
    let width = evenlySpacedWidth(capacity)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width) { digits in
      let length = evenlySpaced(index, of: capacity, width: width, into: digits)
      return String(decoding: UnsafeBufferPointer(rebasing: digits[..<length]), as: UTF8.self)
    }
  }

  /// The digits of ``evenlySpaced(_:of:)``'s keys for `capacity`: the smallest width with more
  /// than capacity + 1 values, so that the keys step by at least one and stay strictly
  /// between 0 and 1.
  package static func evenlySpacedWidth(_ capacity: Int) -> Int {
    var width = 1
    var span = base
    while span <= capacity + 1 {
      width += 1
      span *= base
    }
    return width
  }

  /// ``evenlySpaced(_:of:)``'s key written into `digits` (room for `width`, which is
  /// ``evenlySpacedWidth(_:)`` of `capacity`), without a `String` or an array for it: a first
  /// import makes one per entry. Returns the key's length.
  package static func evenlySpaced(
    _ index: Int, of capacity: Int, width: Int, into digits: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    precondition(index >= 0 && index < capacity, "key \(index) of \(capacity)")
    precondition(digits.count >= width, "room for \(width) digits")
    var span = 1
    for _ in 0..<width { span *= base }
    var value =
      (index + 1) * (span / (capacity + 1))
      + (index + 1) * (span % (capacity + 1)) / (capacity + 1)
    var length = width
    for position in stride(from: width - 1, through: 0, by: -1) {
      let digit = value % base
      value /= base
      digits[position] = alphabet[digit]
      // No trailing `0`: the key ends at its last other digit.
      if digit == 0 && length == position + 1 { length = position }
    }
    return length
  }

  /// The longest key a write leaves among `count` entries: twice the base-36 digits of
  /// `count`, plus 4. Bisection between two keys adds a digit per five insertions at one
  /// spot, so without a bound 1,000 insertions at the front made 201-character keys; past
  /// this bound ``rebalanced(_:limit:)`` spreads the neighbours out instead.
  package static func lengthLimit(count: Int) -> Int {
    var digits = 1
    var span = base
    while span <= count {
      digits += 1
      span *= base
    }
    return 4 + 2 * digits
  }

  /// `keys` (strictly ascending) with every key longer than `limit` re-keyed together with
  /// its neighbours: the smallest window around it, doubled on both sides until keys spread
  /// evenly between the keys just outside it are at most `limit - 4` long, so that the next
  /// twenty or so insertions there find room (the whole list always fits, since
  /// ``lengthLimit(count:)`` exceeds what bisection needs for it by more). The result is
  /// strictly ascending; keys outside the windows are unchanged.
  ///
  /// Each window is bounded by keys that stay, so the order of the entries never changes;
  /// only the keys inside it do (an entry there is rewritten as moved). Spreading a window
  /// of w keys leaves room for about 5 × (limit − length) insertions at any spot in it, so
  /// the rewrites stay a small multiple of the insertions (amortized, as in list labeling).
  package static func rebalanced(_ keys: [String], limit: Int) -> [String] {
    var result = keys
    var i = 0
    while i < result.count {
      guard result[i].utf8.count > limit else {
        i += 1
        continue
      }
      var start = i
      var end = i + 1
      while true {
        let lower = start > 0 ? result[start - 1] : nil
        let upper = end < result.count ? result[end] : nil
        let spread = Self.keys(count: end - start, after: lower, before: upper)
        let fits = spread.allSatisfy { $0.utf8.count <= limit - 4 }
        if fits || (start == 0 && end == result.count) {
          result.replaceSubrange(start..<end, with: spread)
          break
        }
        let width = end - start
        start = max(0, start - width)
        end = min(result.count, end + width)
      }
      i = end
    }
    return result
  }

  /// Fills by bisection, so that key lengths grow with log(count), not with count.
  private static func fill(
    _ count: Int, _ lower: [Int], _ upper: [Int]?, into result: inout [String]
  ) {
    guard count > 0 else { return }
    let middle = midpoint(lower, upper)
    let before = count / 2
    fill(before, lower, middle, into: &result)
    result.append(string(middle))
    fill(count - before - 1, middle, upper, into: &result)
  }

  /// A key strictly between `lower` and `upper` (`upper == nil`: 1.0).
  ///
  /// The digit-wise algorithm of fractional indexing: skip the common prefix, then take a
  /// digit halfway between, or extend the lower bound by one digit when its digits are
  /// adjacent.
  package static func midpoint(_ lower: [Int], _ upper: [Int]?) -> [Int] {
    // Iterative over slices: a first import places 100,000 keys, and a copy of both bounds
    // at every digit made this the costliest part of writing its rows.
    var result: [Int] = []
    var lower = lower[...]
    var upper = upper?[...]
    while true {
      if let bound = upper {
        var n = 0
        while n < bound.count,
          (n < lower.count ? lower[lower.startIndex + n] : 0) == bound[bound.startIndex + n]
        {
          n += 1
        }
        if n > 0 {
          // The common prefix, then a key between the rests.
          result.append(contentsOf: bound.prefix(n))
          lower = lower.dropFirst(min(n, lower.count))
          upper = bound.dropFirst(n)
          continue
        }
      }
      let low = lower.first ?? 0
      let high = upper?.first ?? base
      if high - low > 1 {
        result.append((low + high) / 2)
        return result
      }
      if let bound = upper, bound.count > 1 {
        result.append(bound[bound.startIndex])
        return result
      }
      // Adjacent digits: keep the lower one and go one digit further, with no upper bound.
      result.append(low)
      lower = lower.dropFirst()
      upper = nil
    }
  }

  /// Compares two order keys in export order: by bytes, then by length (as SQLite's BINARY
  /// collation and PostgreSQL's `COLLATE "C"` sort them). Negative, zero or positive.
  package static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    ByteComparison.compare(a, b)
  }

  private static func digits(_ key: String) -> [Int] {
    key.utf8.map { alphabet.firstIndex(of: $0) ?? 0 }
  }

  private static func string(_ digits: [Int]) -> String {
    String(decoding: digits.map { alphabet[$0] }, as: UTF8.self)
  }
}

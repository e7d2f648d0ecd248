/// "Did you mean" for mistyped option and command names.
package enum Suggestion {
  /// The candidate closest to `input`, or `nil` when none is close enough.
  ///
  /// Leading dashes and case are ignored. A candidate is close when its edit distance
  /// (insertions, deletions, substitutions and swaps of neighbours) is at most a third of
  /// the typed name's length, at least 1 and at most 3; failing that, when it is the only
  /// candidate that starts with a typed name of three or more characters. Ties go to the
  /// earlier candidate.
  ///
  /// ```swift
  /// Suggestion.closest(to: "--mesage", among: ["--message", "--author"])  // "--message"
  /// ```
  package static func closest(to input: String, among candidates: [String]) -> String? {
    let typed = Array(stripped(input))
    guard !typed.isEmpty else { return nil }
    let limit = max(1, min(3, typed.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      // Only a distance below the best so far can win, so the band narrows as it improves.
      let bound = min(limit, (best?.distance ?? .max) - 1)
      guard bound >= 0 else { break }
      if let distance = editDistance(typed, Array(stripped(candidate)), atMost: bound) {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    guard typed.count >= 3 else { return nil }
    let prefixed = candidates.filter { stripped($0).starts(with: typed) }
    return prefixed.count == 1 ? prefixed.first : nil
  }

  /// The optimal string alignment distance between `a` and `b` (insertions, deletions,
  /// substitutions and swaps of neighbours, counted in Characters), or `nil` when it is
  /// more than `limit`.
  ///
  /// ```swift
  /// Suggestion.editDistance("kitten", "sitting", atMost: 3)  // 3
  /// Suggestion.editDistance("kitten", "sitting", atMost: 2)  // nil
  /// ```
  package static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
    editDistance(Array(a), Array(b), atMost: limit)
  }

  /// The banded distance behind ``closest(to:among:)``: names can be as long as a user's
  /// kinds (thousands of characters, tens of thousands of them), so the full table, quadratic
  /// in the length, made a mistyped kind take seconds. Only a distance of at most `limit`
  /// matters, and a cell (i, j) of the table is at least |i − j|, so only the band of width
  /// 2·limit + 1 around the diagonal is computed; cells outside it count as `limit + 1`.
  /// A row's minimum never decreases down the table, so a row above `limit` ends the search.
  /// Time is O(limit · a.count) after an O(b.count) setup.
  private static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int)
    -> Int?
  {
    guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let beyond = limit + 1
    // Three rows reused in turn; cells right of a band were never written and stay `beyond`.
    var twoRowsBack = [Int](repeating: beyond, count: b.count + 1)
    var previousRow = twoRowsBack
    var row = twoRowsBack
    for j in 0...min(b.count, limit) { row[j] = j }
    for i in 1...a.count {
      (twoRowsBack, previousRow, row) = (previousRow, row, twoRowsBack)
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      // The cell left of the band: column 0 holds i, any other is outside the band (and may
      // hold a value from the row this array held three rows ago).
      row[low - 1] = low == 1 ? min(i, beyond) : beyond
      var rowMinimum = beyond
      if low <= high {
        for j in low...high {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var distance = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            distance = min(distance, twoRowsBack[j - 2] + 1)
          }
          row[j] = min(distance, beyond)
          rowMinimum = min(rowMinimum, row[j])
        }
      }
      if rowMinimum > limit { return nil }
    }
    return row[b.count] <= limit ? row[b.count] : nil
  }

  private static func stripped(_ name: String) -> String {
    String(name.drop { $0 == "-" }).lowercased()
  }
}

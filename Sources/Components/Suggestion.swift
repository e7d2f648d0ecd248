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
    let typed = stripped(input)
    guard !typed.isEmpty else { return nil }
    let limit = max(1, min(3, typed.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, stripped(candidate))
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    guard typed.count >= 3 else { return nil }
    let prefixed = candidates.filter { stripped($0).starts(with: typed) }
    return prefixed.count == 1 ? prefixed.first : nil
  }

  /// The optimal string alignment distance between `a` and `b`.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow: [Int] = []
    var row = Array(0...b.count)
    for i in 1...a.count {
      let twoRowsBack = previousRow
      previousRow = row
      row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, twoRowsBack[j - 2] + 1)
        }
        row[j] = distance
      }
    }
    return row[b.count]
  }

  private static func stripped(_ name: String) -> String {
    String(name.drop { $0 == "-" }).lowercased()
  }
}

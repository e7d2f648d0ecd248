import CatalogCLI
import Components
import TestSupport
import Testing

@Suite struct ArgumentSuggestionTests {
  @Test func editDistanceCountsSwapsOfNeighboursAsOne() {
    #expect(Suggestion.editDistance("", "", atMost: 3) == 0)
    #expect(Suggestion.editDistance("", "abc", atMost: 3) == 3)
    #expect(Suggestion.editDistance("abc", "", atMost: 3) == 3)
    #expect(Suggestion.editDistance("message", "mesage", atMost: 3) == 1)
    #expect(Suggestion.editDistance("export", "exprot", atMost: 3) == 1)
    #expect(Suggestion.editDistance("kitten", "sitting", atMost: 3) == 3)
    #expect(Suggestion.editDistance("ca", "abc", atMost: 3) == 3)
  }

  @Test func editDistanceAboveTheLimitIsNil() {
    #expect(Suggestion.editDistance("kitten", "sitting", atMost: 2) == nil)
    #expect(Suggestion.editDistance("abc", "", atMost: 2) == nil)
    #expect(Suggestion.editDistance("abc", "abc", atMost: 0) == 0)
    #expect(Suggestion.editDistance("abc", "abd", atMost: 0) == nil)
  }

  /// The banded distance agrees with the full table on every pair of short random strings
  /// and every limit: the same value when it is within the limit, nil when it is not.
  @Test func bandedDistanceMatchesTheFullTable() {
    var random = SplitMix64(seed: 0x5EED_D157)
    // Few letters, so that matches and swaps of neighbours are common; one is an accented
    // letter of two scalars, which counts as one Character.
    let letters: [Character] = ["a", "b", "c", "e\u{301}"]
    func word() -> String {
      String((0..<random.below(9)).map { _ in letters[random.below(letters.count)] })
    }
    for _ in 0..<5000 {
      let a = word()
      let b = word()
      let full = Self.fullTableDistance(a, b)
      for limit in 0...5 {
        let banded = Suggestion.editDistance(a, b, atMost: limit)
        #expect(banded == (full <= limit ? full : nil), "\(a) \(b) limit \(limit)")
      }
    }
  }

  /// Names thousands of characters long, as kinds can be, and many of them: the answers of
  /// the full table, which took seconds for these.
  @Test func closestOnLongNames() {
    let body = String(repeating: "x", count: 3000)
    let candidates = (0..<50).map { "k\($0)-" + body }
    #expect(Suggestion.closest(to: "k7-" + body + "y", among: candidates) == "k7-" + body)
    #expect(Suggestion.closest(to: "k7+" + body, among: candidates) == "k7-" + body)
    #expect(Suggestion.closest(to: "qqqq" + body, among: candidates) == nil)
    #expect(Suggestion.closest(to: "k1-" + body.dropLast(4) + "yyyy", among: candidates) == nil)
    // Four characters short is too far, but a unique prefix still.
    #expect(Suggestion.closest(to: "k1-" + body.dropLast(4), among: candidates) == "k1-" + body)

    var random = SplitMix64(seed: 300)
    let many = (0..<5_000).map { index in
      "kind-\(index)-"
        + String(
          decoding: (0..<300).map { _ in UInt8(ascii: "a") + UInt8(random.below(26)) },
          as: UTF8.self)
    }
    var typo = Array(many[2_345])
    typo.swapAt(100, 101)
    #expect(Suggestion.closest(to: String(typo), among: many) == many[2_345])
    #expect(Suggestion.closest(to: "q" + many[0].dropFirst(), among: many) == many[0])
    #expect(Suggestion.closest(to: String(repeating: "q", count: 300), among: many) == nil)
  }

  @Test func closestIgnoresDashesAndCase() {
    let options = ["--message", "--author", "--prune", "--dry-run"]
    #expect(Suggestion.closest(to: "--mesage", among: options) == "--message")
    #expect(Suggestion.closest(to: "-message", among: options) == "--message")
    #expect(Suggestion.closest(to: "--AUTHOR", among: options) == "--author")
    #expect(Suggestion.closest(to: "--dryrun", among: options) == "--dry-run")
    #expect(Suggestion.closest(to: "--zzz", among: options) == nil)
    #expect(Suggestion.closest(to: "--", among: options) == nil)
  }

  @Test func closestFallsBackToAUniquePrefix() {
    let commands = ["import", "export", "restore", "rename", "deprecate", "undeprecate"]
    #expect(Suggestion.closest(to: "dep", among: commands) == "deprecate")
    #expect(Suggestion.closest(to: "ren", among: commands) == "rename")
    #expect(Suggestion.closest(to: "re", among: commands) == nil)
    #expect(Suggestion.closest(to: "imprt", among: commands) == "import")
  }

  @Test func tiesGoToTheEarlierCandidate() {
    #expect(Suggestion.closest(to: "tab", among: ["tag", "tap"]) == "tag")
    // A later candidate at the same distance as the best so far does not replace it.
    #expect(
      Suggestion.closest(to: "abcdefgh", among: ["abcdefxx", "abcdefgx", "abcdefyh"])
        == "abcdefgx")
  }

  /// The optimal string alignment distance by the whole table, the reference for the
  /// banded one.
  static func fullTableDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var table = [[Int]](
      repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}

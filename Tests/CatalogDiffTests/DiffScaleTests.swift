import CatalogDiff
import Components
import Testing

/// Diffs of 100,000-entry catalogs: what they find and the patches they make. How long they
/// take is the benchmark's business (`catalog-bench --only diff-model`, docs/benchmarks.md),
/// not a clock in a test; anything quadratic would still take minutes here.
@Suite("Diff at scale")
struct DiffScaleTests {
  static let count = 100_000

  /// Entries shaped like gen_components.py's, as canonical text (no parsing needed to build).
  static func catalog(count: Int) -> [CatalogEntry] {
    let words = ["tile", "preview", "hero", "card", "badge", "toggle", "slider", "label"]
    return (0..<count).map { i in
      let word = words[i % words.count]
      let payload =
        #"{"title":"\#(word.capitalized) \#(i)","subtitle":"\#(word) \#(word)","isActive":true,"#
        + #""count":\#(i * 7 % 100_000),"ratio":0.\#(i % 997),"accent":null,"#
        + #""insets":{"top":\#(i % 32),"leading":4,"bottom":8,"trailing":16},"#
        + #""tags":["\#(word)","card","hero"]}"#
      return CatalogEntry(
        kind: "\(word)-\(String(i, radix: 16))", category: "Display",
        description: "Displays \(word) number \(i)",
        payload: JSONText(canonicalBytes: Array(payload.utf8)))
    }
  }

  /// NEW: 1% of the entries changed (a title, a tag inserted, a key removed, in turn), 0.1%
  /// removed and 0.1% added at the end.
  static func mutated(_ old: [CatalogEntry]) throws -> [CatalogEntry] {
    var new = old
    for (n, i) in stride(from: 0, to: old.count, by: 100).enumerated() {
      var payload = try #require(try new[i].payload.value().objectValue)
      switch n % 3 {
      case 0: payload["title"] = "changed"
      case 1: payload["tags"] = ["new", "card", "hero"]
      default: payload["accent"] = nil
      }
      new[i].payload = JSONText(.object(payload))
    }
    for i in stride(from: old.count - 5, to: 0, by: -1000) { new.remove(at: i) }
    new += catalog(count: old.count + 100).suffix(100)
    return new
  }

  @Test func hundredThousandEntriesWithOnePercentChanged() throws {
    let old = Self.catalog(count: Self.count)
    let new = try Self.mutated(old)
    let result = try CatalogDiff(old: old, new: new)
    #expect(result.changed.count == 1000)
    #expect(result.removed.count == 100)
    #expect(result.added.count == 100)
    #expect(result.moved.isEmpty)
    #expect(result.changed.allSatisfy { $0.changes.count == 1 })

    let patch = try result.jsonPatch(withTests: true)
    #expect(patch.operations.count == 100 * 2 + 100 + 1000 * 3)
    #expect(result.text().contains("changed"))
    #expect(result.stat().contains("1000"))
    #expect(result.jsonSummary().hasPrefix("{"))
  }

  /// Reordering everything is the worst case for moves: 99,999 of them, each placed with a
  /// Fenwick tree in O(log n), not by searching the array.
  @Test func reversedCatalogMovesAreFoundAndPlanned() throws {
    let old = Self.catalog(count: Self.count)
    let diff = try CatalogDiff(old: old, new: old.reversed())
    let patch = try diff.jsonPatch()
    #expect(diff.moved.count == Self.count - 1)
    #expect(patch.operations.count == Self.count - 1)
    // The first entry stays; each other one, in NEW's order, is taken from the end of the
    // array and put after the ones already placed.
    #expect(
      patch.operations.prefix(2) == [
        .move(from: JSONPointer(["components", "99999"]), path: JSONPointer(["components", "0"])),
        .move(from: JSONPointer(["components", "99999"]), path: JSONPointer(["components", "1"])),
      ])
    #expect(
      patch.operations.last
        == .move(
          from: JSONPointer(["components", "99999"]), path: JSONPointer(["components", "99998"])))
  }
}

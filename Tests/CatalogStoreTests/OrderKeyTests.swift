import Testing

@testable import CatalogStore

/// Order keys given to a first import before its number of entries is known.
@Suite("Evenly spaced order keys")
struct OrderKeyTests {
  @Test(arguments: [1, 2, 35, 36, 37, 1_295, 1_296, 50_000])
  func keysAscendAndLeaveRoom(capacity: Int) {
    let keys = (0..<capacity).map { OrderKey.evenlySpaced($0, of: capacity) }
    for (a, b) in zip(keys, keys.dropFirst()) {
      #expect(Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)), "\(a) < \(b)")
    }
    for key in keys {
      #expect(!key.isEmpty && !key.hasSuffix("0"), "\(key)")
      #expect(
        key.utf8.allSatisfy {
          ("0"..."9").contains(Character(UnicodeScalar($0)))
            || ("a"..."z").contains(Character(UnicodeScalar($0)))
        })
    }
    // Room for an entry between any two, and after the last.
    if let first = keys.first, let last = keys.last {
      #expect(OrderKey.keys(count: 1, after: nil, before: first)[0] < first)
      #expect(OrderKey.keys(count: 1, after: last, before: nil)[0] > last)
    }
  }

  @Test func keysAreAsShortAsBisection() {
    let capacity = 100_000
    let longest = (0..<capacity).map { OrderKey.evenlySpaced($0, of: capacity).count }.max() ?? 0
    let bisection = OrderKey.keys(count: capacity, after: nil, before: nil).map(\.count).max() ?? 0
    #expect(longest <= bisection)
  }
}

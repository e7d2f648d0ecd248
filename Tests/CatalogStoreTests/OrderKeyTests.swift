import Components
import TestSupport
import Testing

@testable import CatalogStorage
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

  /// The keys written as bytes are the keys as strings, key for key: those of the arithmetic
  /// they were first made by (kept here), and those `AddedEntryKeys` hands out past its
  /// capacity.
  @Test(arguments: [1, 2, 35, 36, 37, 1_295, 1_296, 50_000])
  func keysAsBytesAreTheKeys(capacity: Int) throws {
    let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    func reference(_ index: Int) -> String {
      var width = 1
      var span = 36
      while span <= capacity + 1 {
        width += 1
        span *= 36
      }
      var value =
        (index + 1) * (span / (capacity + 1))
        + (index + 1) * (span % (capacity + 1)) / (capacity + 1)
      var digits = [UInt8](repeating: alphabet[0], count: width)
      for position in stride(from: width - 1, through: 0, by: -1) {
        digits[position] = alphabet[value % 36]
        value /= 36
      }
      while digits.last == alphabet[0] { digits.removeLast() }
      return String(decoding: digits, as: UTF8.self)
    }
    var strings = AddedEntryKeys(capacity: capacity)
    var bytes = AddedEntryKeys(capacity: capacity)
    var appended = ByteStrings()
    for index in 0..<capacity + 3 {
      let key = strings.nextKey()
      if index < capacity {
        #expect(key == reference(index))
        #expect(OrderKey.evenlySpaced(index, of: capacity) == key)
      }
      bytes.appendNextKey(to: &appended)
      #expect(appended.string(index) == key)
    }
  }

  @Test func keysAreAsShortAsBisection() {
    let capacity = 100_000
    let longest = (0..<capacity).map { OrderKey.evenlySpaced($0, of: capacity).count }.max() ?? 0
    let bisection = OrderKey.keys(count: capacity, after: nil, before: nil).map(\.count).max() ?? 0
    #expect(longest <= bisection)
  }
}

/// Order keys stay logarithmic in length however entries are inserted.
@Suite("Order key length")
struct OrderKeyLengthTests {
  /// 10,000 insertions at the front, one write each, placed as a write places them: a key
  /// below the first, then the rebalancing pass. Bisection alone reached 201 characters
  /// after 1,000.
  @Test func tenThousandFrontInsertions() {
    var keys: [String] = []
    var rewritten = 0
    for _ in 0..<10_000 {
      keys.insert(OrderKey.keys(count: 1, after: nil, before: keys.first)[0], at: 0)
      let limit = OrderKey.lengthLimit(count: keys.count)
      // A write rebalances only when a key it places is over the limit.
      guard keys[0].utf8.count > limit else { continue }
      let balanced = OrderKey.rebalanced(keys, limit: limit)
      rewritten += zip(keys, balanced).dropFirst().count { $0 != $1 }
      keys = balanced
      #expect(keys.allSatisfy { $0.utf8.count <= limit })
    }
    #expect(OrderKey.lengthLimit(count: 10_000) == 10)
    #expect(keys.map(\.utf8.count).max() ?? 0 <= 10)
    for (a, b) in zip(keys, keys.dropFirst()) {
      #expect(Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)))
    }
    // Amortized: rewrites of neighbours stay a small multiple of the insertions (about 20
    // each, about 1.5 log2 n, for insertions always at the very front).
    #expect(rewritten < 30 * 10_000, "\(rewritten) keys rewritten")
  }

  /// The same at one spot in the middle (always right after the same entry) and at the end.
  @Test(arguments: [0.5, 1.0])
  func insertionsAtOneSpot(fraction: Double) {
    var keys = OrderKey.keys(count: 100, after: nil, before: nil)
    let spot = Int(Double(keys.count) * fraction)
    for _ in 0..<3_000 {
      let lower = spot > 0 ? keys[spot - 1] : nil
      let upper = spot < keys.count ? keys[spot] : nil
      let key = OrderKey.keys(count: 1, after: lower, before: upper)[0]
      keys.insert(key, at: spot)
      let limit = OrderKey.lengthLimit(count: keys.count)
      if key.utf8.count > limit { keys = OrderKey.rebalanced(keys, limit: limit) }
    }
    #expect(keys.map(\.utf8.count).max() ?? 0 <= OrderKey.lengthLimit(count: keys.count))
    for (a, b) in zip(keys, keys.dropFirst()) {
      #expect(Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)))
    }
  }

  /// Through the catalog: 300 imports that each add an entry at the front keep every stored
  /// key within the limit, and the export is always the document imported.
  @Test func frontInsertionsThroughImports() throws {
    let directory = try TemporaryDirectory()
    let catalog = try Catalog(path: directory.path("catalog.sqlite"))
    var entries: [CatalogEntry] = []
    for n in 0..<300 {
      entries.insert(
        CatalogEntry(
          kind: "k\(n)", category: "c", description: "d", payload: JSONValue.object(JSONObject())),
        at: 0)
      let document = CatalogDocumentWriter.document(entries)
      try catalog.importDocument(
        from: .bytes(document, name: "front.json"),
        options: WriteOptions(author: "tester", message: ""))
      if n % 50 == 49 { #expect(try catalog.exportBytes() == document) }
    }
    var longest = 0
    try catalog.storage.read { context in
      try context.forEachEntry(at: try context.headRevision()) {
        longest = max(longest, $0.orderKey.utf8.count)
      }
    }
    #expect(longest <= OrderKey.lengthLimit(count: 300))
    #expect(longest > 0)
  }
}

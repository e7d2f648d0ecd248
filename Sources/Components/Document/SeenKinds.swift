/// The kinds a document reader has met, compared as Swift compares strings (Unicode
/// canonical equivalence), so that two spellings of one name (NFC and NFD) cannot both
/// reach an app's registry.
///
/// Kinds are almost always ASCII, where equal strings have equal bytes: while every kind is,
/// a compact ``ByteStringTable`` answers. The first kind outside ASCII moves the comparison
/// to a `[String: Int]` of every kind met so far.
struct SeenKinds: FastEntryScanner.KindObserver {
  private var table = ByteStringTable()
  private var byName: [String: Int]?

  /// Whether every kind met is ASCII.
  var isASCII: Bool { byName == nil }

  /// The kinds met, by bytes, kind `i` the `i`-th met.
  var strings: ByteStrings { table.strings }

  /// How many kinds the table holds without growing (for tests).
  var capacity: Int { table.capacity }

  /// Hints that `kind` will be inserted soon (``ByteStringTable/prefetch(_:)``): the fast
  /// entry scanner tells it each kind before it reads the entry's payload.
  mutating func kindRead(_ kind: UnsafeRawBufferPointer) {
    if byName == nil { table.prefetch(kind) }
  }

  /// Makes room for `count` kinds of `bytes` bytes in all (while they are compared by
  /// bytes), so that the table need not grow on the way there.
  mutating func reserveCapacity(_ count: Int, bytes: Int) {
    guard byName == nil else { return }
    table.reserveCapacity(count)
    table.reserveStringCapacity(strings: count, bytes: bytes)
  }

  /// Records `kind` unless an equal one was met; returns the id of the first one met and
  /// whether its bytes differ from these.
  mutating func insert(_ kind: UnsafeRawBufferPointer) -> (
    inserted: Bool, id: Int, differentBytes: Bool
  ) {
    if byName == nil && kind.allSatisfy({ $0 < 0x80 }) {
      let (inserted, id) = table.insert(kind)
      return (inserted, id, false)
    }
    if byName == nil {
      byName = Dictionary(uniqueKeysWithValues: (0..<table.count).map { (table.string($0), $0) })
    }
    let name = String(decoding: kind, as: UTF8.self)
    if let id = byName?[name] {
      return (false, id, !table.strings.equals(id, kind))
    }
    // Distinct as a string, so distinct as bytes: the table takes it too, to keep the ids.
    let (_, id) = table.insert(kind)
    byName?[name] = id
    return (true, id, false)
  }

  /// Every kind met, by bytes, kind `i` the `i`-th met; the record is emptied.
  mutating func take() -> ByteStringTable {
    defer { self = SeenKinds() }
    return table
  }
}

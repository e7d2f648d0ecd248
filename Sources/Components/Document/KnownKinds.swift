/// Kinds known before a document is read, each with an id (0, 1, 2, …): head's when an import
/// compares a document with head, OLD's when a diff reads NEW. The document reader looks a
/// kind up here before its own duplicate check, and hands the id on with the entry
/// (``RawCatalogEntry/knownKind``), so that a known kind is hashed into no table of the
/// reader's and looked up once.
///
/// A document usually lists its kinds in the order they are known in (a file exported from
/// head, NEW edited from OLD), so a lookup first compares the kind with the one after the
/// last found, in that order: bytes next to each other in memory. Only a kind found
/// elsewhere, or not at all, needs the hash table, which is made on the first such lookup;
/// a document in the known order never makes it.
///
/// Kinds are compared by bytes here. A caller that must compare as Swift compares strings
/// (the reader's duplicate check) uses this only while every kind involved is ASCII
/// (``isASCII``), where the two agree.
///
/// ```swift
/// var known = KnownKinds(strings, order: slotsInExportOrder)
/// known.id(of: kindBytes)  // the slot, or nil
/// ```
package struct KnownKinds: Sendable {
  /// The kinds, kind `i` having id `i`.
  package private(set) var strings: ByteStrings
  /// The kinds by hash, made on the first lookup the expected order does not answer.
  private var table: ByteStringTable?
  /// Ids in the order a document is expected to list them; nil for id order.
  private let order: [Int32]?
  /// Each id's place in `order`, made with the table.
  private var ranks: [Int32]?
  /// The place in `order` after the last kind found.
  private var nextRank = 0
  /// Whether every kind is ASCII.
  package private(set) var isASCII: Bool

  /// Kinds `strings` (distinct by bytes), expected in `order` (ids; id order when nil).
  package init(_ strings: ByteStrings, order: [Int32]? = nil) {
    precondition(order.map { $0.count == strings.count } ?? true, "one place per kind")
    self.strings = strings
    self.order = order
    isASCII = strings.withStorage { stored in
      (0..<strings.count).allSatisfy { id in stored[id].allSatisfy { $0 < 0x80 } }
    }
  }

  /// Kinds already in a table (distinct by bytes), expected in id order.
  package init(_ table: ByteStringTable) {
    self.init(table.strings)
    self.table = table
  }

  /// No kinds.
  package init() {
    self.init(ByteStrings())
  }

  /// The number of kinds.
  package var count: Int { strings.count }

  /// Adds a kind, distinct by bytes from the others, as the next id; only to kinds expected
  /// in id order.
  @discardableResult
  package mutating func append(_ kind: UnsafeRawBufferPointer) -> Int {
    precondition(order == nil, "kinds in a given order are complete")
    if var made = table {
      table = nil  // the insert below then changes a uniquely held table
      let (inserted, _) = made.insert(kind)
      precondition(inserted, "known kinds are distinct")
      table = made
    }
    if isASCII && !kind.allSatisfy({ $0 < 0x80 }) { isASCII = false }
    return strings.append(kind)
  }

  /// Reserves room for `count` kinds of `bytes` bytes in all.
  package mutating func reserveCapacity(strings count: Int, bytes: Int) {
    strings.reserveCapacity(strings: count, bytes: bytes)
  }

  /// Kind `id` as a `String`.
  package func string(_ id: Int) -> String { strings.string(id) }

  /// The id of the kind with exactly these bytes, trying the one expected next first.
  package mutating func id(of kind: UnsafeRawBufferPointer) -> Int? {
    if nextRank < count {
      let expected = order.map { Int($0[nextRank]) } ?? nextRank
      if strings.equals(expected, kind) {
        nextRank += 1
        return expected
      }
    }
    guard let id = hashed.id(of: kind) else { return nil }
    if let order {
      if ranks == nil {
        var ranks = [Int32](repeating: 0, count: count)
        for (rank, id) in order.enumerated() { ranks[Int(id)] = Int32(rank) }
        self.ranks = ranks
      }
      nextRank = Int(ranks?[id] ?? 0) + 1
    } else {
      nextRank = id + 1
    }
    return id
  }

  /// The id of the kind with exactly these bytes, by hash alone (the expected order is not
  /// consulted or moved).
  package mutating func hashedID(of kind: UnsafeRawBufferPointer) -> Int? {
    hashed.id(of: kind)
  }

  /// The table, made on first use.
  private var hashed: ByteStringTable {
    mutating get {
      if let table { return table }
      var made = ByteStringTable(capacity: count)
      strings.withStorage { stored in
        for id in 0..<count {
          let (inserted, _) = made.insert(stored[id])
          precondition(inserted, "known kinds are distinct")
        }
      }
      table = made
      return made
    }
  }
}

import Components

/// One side of a diff held compactly: every kind in one ``ByteStringTable`` (an entry's index
/// is its kind's id), category, description and payload bytes in one ``ByteStrings`` buffer,
/// and the rare extra members and member orders beside them. About the size of the entries'
/// canonical text, a third of what `[CatalogEntry]` takes (a `String` and an array per field);
/// an entry becomes a ``CatalogEntry`` only when the diff reports it.
struct CompactEntries {
  private var kinds = ByteStringTable()
  /// Category, description and payload of entry `i` are texts `3i`, `3i + 1`, `3i + 2`.
  private var texts = ByteStrings()
  /// Extra members and member order, for the entries that have them.
  private var others: [Int: (extraMembers: [CatalogEntry.Member], memberOrder: [String]?)] = [:]

  /// Entries appended (their kinds may still be to come: ``adoptKinds(_:)``).
  var count: Int { texts.count / 3 }

  /// Makes room for texts of `bytes` bytes in all, so that the buffer is not copied as it
  /// grows (a copy holds the old buffer and the new one at once: twice the memory).
  mutating func reserve(bytes: Int) {
    texts.reserveCapacity(strings: 0, bytes: bytes)
  }

  /// Appends an entry; returns its index, or the index of the entry that has its kind.
  mutating func append(
    kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer,
    extraMembers: [CatalogEntry.Member], memberOrder: [String]?
  ) -> (inserted: Bool, index: Int) {
    let (inserted, index) = kinds.insert(kind)
    guard inserted else { return (false, index) }
    _ = texts.append(category)
    _ = texts.append(description)
    _ = texts.append(payload)
    if !extraMembers.isEmpty || memberOrder != nil {
      others[index] = (extraMembers, memberOrder)
    }
    return (true, index)
  }

  /// Appends an entry whose kind comes later with the others (``adoptKinds(_:)``).
  mutating func appendWithoutKind(
    category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer, extraMembers: [CatalogEntry.Member], memberOrder: [String]?
  ) {
    let index = count
    _ = texts.append(category)
    _ = texts.append(description)
    _ = texts.append(payload)
    if !extraMembers.isEmpty || memberOrder != nil {
      others[index] = (extraMembers, memberOrder)
    }
  }

  /// Takes `table` as the kinds of the entries appended without theirs, kind `i` being entry
  /// `i`'s; false (and nothing taken) unless every entry came without its kind and the table
  /// has one kind per entry.
  mutating func adoptKinds(_ table: ByteStringTable) -> Bool {
    guard kinds.count == 0, table.count == count else { return false }
    kinds = table
    return true
  }

  /// The index of the entry whose kind has exactly these bytes.
  func index(ofKind kind: UnsafeRawBufferPointer) -> Int? { kinds.id(of: kind) }

  func kind(_ index: Int) -> String { kinds.string(index) }

  /// Whether entry `index`'s kind has exactly these bytes.
  func kind(_ index: Int, is kind: UnsafeRawBufferPointer) -> Bool {
    kinds.strings.equals(index, kind)
  }

  /// The kinds, entry `i`'s having id `i`, expected in entry order.
  func knownKinds() -> KnownKinds { KnownKinds(kinds) }

  /// Whether entry `index` has exactly these fields, every text by its bytes (the kind is
  /// compared by the caller): ``CatalogDiff/sameFields(_:_:)`` without making the entry.
  func hasFields(
    _ index: Int, category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer, extraMembers: [CatalogEntry.Member], memberOrder: [String]?
  ) -> Bool {
    guard texts.equals(3 * index + 2, payload), texts.equals(3 * index, category),
      texts.equals(3 * index + 1, description)
    else { return false }
    let other = others[index]
    return (other?.extraMembers ?? []) == extraMembers
      && (other?.memberOrder).haveSameBytes(as: memberOrder)
  }

  /// Entry `index` as a ``CatalogEntry``.
  func entry(_ index: Int) -> CatalogEntry {
    let other = others[index]
    return CatalogEntry(
      kind: kinds.string(index), category: texts.string(3 * index),
      description: texts.string(3 * index + 1),
      payload: JSONText(canonicalBytes: texts.array(3 * index + 2)),
      extraMembers: other?.extraMembers ?? [], memberOrder: other?.memberOrder)
  }
}

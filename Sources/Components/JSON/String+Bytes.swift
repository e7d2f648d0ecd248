extension String {
  /// Whether the two strings have the same UTF-8 bytes (the same Unicode scalars).
  ///
  /// This is the catalog's equality of user text: kinds, keys and string values. Swift's
  /// `==` uses canonical equivalence, so the NFC `"é"` (U+00E9) and the NFD `"e\u{301}"`
  /// compare equal there; here they differ, as they do in the file and in the database.
  public func hasSameBytes(as other: String) -> Bool {
    let a = utf8
    let b = other.utf8
    guard a.count == b.count else { return false }
    let fast = a.withContiguousStorageIfAvailable { x in
      b.withContiguousStorageIfAvailable { y in
        ByteComparison.equal(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
      }
    }
    if let fast, let result = fast { return result }
    return a.elementsEqual(b)
  }
}

extension Sequence where Element == String {
  /// Element-wise ``Swift/String/hasSameBytes(as:)``.
  public func haveSameBytes(as other: some Sequence<String>) -> Bool {
    elementsEqual(other) { $0.hasSameBytes(as: $1) }
  }
}

extension Optional where Wrapped == [String] {
  /// Both nil, or both lists whose elements have the same bytes in the same order.
  public func haveSameBytes(as other: [String]?) -> Bool {
    switch (self, other) {
    case (nil, nil): return true
    case (let a?, let b?): return a.haveSameBytes(as: b)
    default: return false
    }
  }
}

import Components

/// The order keys of a first import's entries, handed out in document order: key `i` of
/// `capacity` evenly spaced ones (``OrderKey/evenlySpaced(_:of:)``), and should more entries
/// come than `capacity` allowed for, keys after the last.
package struct AddedEntryKeys {
  private let capacity: Int
  private var next = 0
  private var last: String?

  package init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Appends the key of the next entry to `keys`, as ``nextKey()`` would give it, without
  /// making a `String` of it while the keys are evenly spaced.
  package mutating func appendNextKey(to keys: inout ByteStrings) {
    guard next < capacity - 1 else {
      var key = nextKey()
      key.withUTF8 { _ = keys.append(UnsafeRawBufferPointer($0)) }
      return
    }
    let index = next
    next += 1
    if width == 0 { width = OrderKey.evenlySpacedWidth(capacity) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width) { digits in
      let length = OrderKey.evenlySpaced(index, of: capacity, width: width, into: digits)
      keys.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: digits[..<length])))
    }
  }

  /// ``OrderKey/evenlySpacedWidth(_:)`` of `capacity`, once worked out (0 before).
  private var width = 0

  /// The key of the next entry.
  package mutating func nextKey() -> String {
    let index = next
    next += 1
    let key =
      index < capacity
      ? OrderKey.evenlySpaced(index, of: capacity)
      : OrderKey.keys(count: 1, after: last, before: nil)[0]
    if index >= capacity - 1 { last = key }
    return key
  }
}

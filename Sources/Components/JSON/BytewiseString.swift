/// A string that compares and hashes by its UTF-8 bytes: a dictionary key for kinds and
/// object keys, where `[String: V]` would merge an NFC and an NFD spelling into one key.
///
/// ```swift
/// var positions: [BytewiseString: Int] = [:]
/// positions[BytewiseString("\u{E9}")] = 0
/// positions[BytewiseString("e\u{301}")]  // nil
/// ```
public struct BytewiseString: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var string: String

  public init(_ string: String) {
    self.string = string
  }

  public var description: String { string }

  public static func == (lhs: BytewiseString, rhs: BytewiseString) -> Bool {
    lhs.string.hasSameBytes(as: rhs.string)
  }

  /// Byte order (which for UTF-8 is Unicode scalar order).
  public static func < (lhs: BytewiseString, rhs: BytewiseString) -> Bool {
    lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    let utf8 = string.utf8
    let done: Void? = utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if done == nil {
      for byte in utf8 { hasher.combine(byte) }
    }
    hasher.combine(utf8.count)
  }
}

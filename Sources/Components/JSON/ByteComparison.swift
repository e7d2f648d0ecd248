#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte-string comparison with `memcmp`, in one place: it stays fast in debug builds, where
/// the generic `==` and `elementsEqual` compare byte by byte.
package enum ByteComparison {
  /// Whether `count` bytes at `a` and at `b` are equal.
  @inline(__always)
  package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// Whether two byte strings are equal (same length, same bytes).
  @inline(__always)
  package static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return memcmp(x, y, a.count) == 0
  }

  /// Byte order, then length (as SQLite's BINARY collation and PostgreSQL's `COLLATE "C"`
  /// sort): negative, zero or positive.
  package static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let x = a.baseAddress, let y = b.baseAddress {
      let c = memcmp(x, y, common)
      if c != 0 { return Int(c) }
    }
    return a.count - b.count
  }
}

/// Byte tests eight bytes at a time ("SWAR": SIMD within a register), shared by the input's
/// token scanners and line counting and by the fast transcoder.
///
/// Each test gives the high bit of every byte of a word that matches. The zero-byte tests
/// can flag extra bytes, but only above a true one, so the lowest bit set is always the first
/// match; callers that need more than the first look at the later bytes one by one.
package enum ByteScan {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let high: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `base + offset`: an unaligned load; callers keep it inside valid bytes.
  @inline(__always)
  static func loadWord(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
    UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
  }

  /// The bytes that need a look in a string: `"`, `\\`, a control character or a byte of a
  /// multi-byte character. A word with none gives 0.
  @inline(__always)
  static func attentionBits(_ word: UInt64) -> UInt64 {
    let quote = word ^ (0x22 &* ones)
    let backslash = word ^ (0x5C &* ones)
    return (word & high) | ((quote &- ones) & ~quote & high)
      | ((backslash &- ones) & ~backslash & high)
      | ((word &- 0x20 &* ones) & ~word & high)
  }

  /// The newlines of `word` (exact: no borrow between bytes).
  @inline(__always)
  static func newlineBits(_ word: UInt64) -> UInt64 {
    let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
    return ~(((x & lowBits) &+ lowBits) | x | lowBits)
  }

  /// The bytes of `word` that are not spaces (exact: no borrow between bytes).
  @inline(__always)
  static func nonSpaceBits(_ word: UInt64) -> UInt64 {
    let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ (0x20 &* ones)
    // Bit 7 of each byte: set when its low seven bits are not all clear, or when it was.
    return (((x & lowBits) &+ lowBits) | x) & high
  }

  /// The UTF-8 continuation bytes (`10xxxxxx`) of `word` (exact).
  @inline(__always)
  static func continuationBits(_ word: UInt64) -> UInt64 {
    // Bit 7 set and bit 6 (shifted up) clear.
    word & ~(word << 1) & high
  }

  /// What a UTF-8 lead byte (0x80 or more) says of its sequence: its length, the bits of the
  /// scalar it holds, and the least scalar that length may encode (a smaller one is an
  /// overlong form); nil for a byte that starts no sequence (a continuation byte, 0xC0,
  /// 0xC1, 0xF5 and up). The one place both string scanners decode a lead byte.
  @inline(__always)
  static func utf8Lead(_ lead: UInt8) -> (length: Int, bits: UInt32, minimum: UInt32)? {
    switch lead {
    case 0xC2...0xDF: return (2, UInt32(lead & 0x1F), 0x80)
    case 0xE0...0xEF: return (3, UInt32(lead & 0x0F), 0x800)
    case 0xF0...0xF4: return (4, UInt32(lead & 0x07), 0x10000)
    default: return nil
    }
  }

  /// The end of the run of bytes of `bytes[from..<end]` from `from` that need no attention in
  /// a string (see ``attentionBits(_:)``).
  static func plainRunEnd(_ bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
    var i = from
    while i + 8 <= end {
      let attention = attentionBits(loadWord(bytes, i))
      if attention != 0 { return i + attention.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < end {
      let byte = bytes[i]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return i }
      i += 1
    }
    return end
  }

  /// The first index of `bytes[from..<end]` holding a byte that HTML escaping writes as a
  /// reference: `&`, `<`, `>` and, when `quotes`, `"` and `'`; `end` when there is none.
  /// A byte below 0x20, DEL and 0xC2 (which leads the C1 controls) are candidates too, for
  /// the caller to replace when they are controls an HTML page must not hold; the caller
  /// steps over the ones that are not (a tab, a line break, "©").
  package static func htmlSpecialIndex(
    _ bytes: UnsafePointer<UInt8>, from: Int, to end: Int, quotes: Bool
  ) -> Int {
    @inline(__always) func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
      let x = word ^ (UInt64(byte) &* ones)
      return (x &- ones) & ~x & high
    }
    var i = from
    while i + 8 <= end {
      let word = loadWord(bytes, i)
      var found = matches(word, 0x26) | matches(word, 0x3C) | matches(word, 0x3E)
      // Bytes below 0x20 (exact for a limit of at most 0x80), DEL and 0xC2.
      found |= (word &- 0x20 &* ones) & ~word & high
      found |= matches(word, 0x7F) | matches(word, 0xC2)
      if quotes { found |= matches(word, 0x22) | matches(word, 0x27) }
      if found != 0 { return i + found.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < end {
      switch bytes[i] {
      case 0x26, 0x3C, 0x3E, 0..<0x20, 0x7F, 0xC2: return i
      case 0x22 where quotes, 0x27 where quotes: return i
      default: i += 1
      }
    }
    return end
  }

  /// How many bytes of `bytes[from..<to]` begin a Unicode scalar (are not continuation
  /// bytes).
  static func scalarCount(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    to - from
      - count(bytes, from: from, to: to, flags: continuationBits) { $0 & 0xC0 == 0x80 }
  }

  /// How many newlines `bytes[from..<to]` holds.
  static func newlineCount(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    count(bytes, from: from, to: to, flags: newlineBits) { $0 == 0x0A }
  }

  /// How many bytes of `bytes[from..<to]` match: `flags` tests eight at a time (exactly),
  /// `matches` the bytes of a last partial word.
  @inline(__always)
  private static func count(
    _ bytes: UnsafePointer<UInt8>, from: Int, to: Int, flags: (UInt64) -> UInt64,
    matches: (UInt8) -> Bool
  ) -> Int {
    var i = from
    var counter = ByteLaneCounter()
    while i + 8 <= to {
      counter.add(flags(loadWord(bytes, i)))
      i += 8
    }
    var total = counter.total
    while i < to {
      if matches(bytes[i]) { total += 1 }
      i += 1
    }
    return total
  }
}

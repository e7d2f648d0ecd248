/// Stage 1 of the structural reader: the places that matter in a window of the input, found
/// 64 bytes at a time without a branch per byte, in the manner of simdjson (Langdale and
/// Lemire, "Parsing Gigabytes of JSON per Second", 2019).
///
/// For each block of 64 bytes (``ByteBlock``) it takes bit masks of quotes, backslashes,
/// whitespace, the six structural characters and control characters. Escaped characters are
/// the ones after an odd run of backslashes (found with one addition, whose carries cross a
/// run); the quotes left are real, and the bytes inside strings are the prefix XOR of their
/// mask (a shift-XOR cascade), carried from block to block. From those it records, in order,
/// the offset of every structural character outside strings, of every real quote (so a
/// string is two consecutive offsets, its quotes) and of the first byte of every other run of
/// non-whitespace outside strings (a number, a literal or something invalid). It validates
/// UTF-8 on the way (``UTF8BlockValidator``) and finds control characters inside strings.
///
/// Stage 2 (``StructuralTranscoder``, `StructuralEntryScanner`) walks these offsets. It
/// takes a value only if it ends inside the window and none of its bytes is one where stage 1
/// saw invalid UTF-8 or a control character in a string (``hasErrors(from:to:)``), so every
/// string it copies is valid text. Anything else it leaves to the scalar reader, which
/// reports the errors.
///
/// The window must start outside any string (a value's first byte): the in-string state is
/// derived from there.
final class StructuralIndex {
  /// The most bytes one window covers.
  static let windowCapacity = 1 << 18

  /// The offsets found, relative to ``base``, ``count`` of them; then one past-the-end
  /// sentinel (``length``) so that stage 2 may always read the next one.
  let positions: UnsafeMutablePointer<UInt32>
  /// The backslashes and the newlines of each block, one bit per byte: stage 2 asks whether
  /// a string holds an escape, and counts the newlines a value spans.
  let backslashes: UnsafeMutablePointer<UInt64>
  let newlines: UnsafeMutablePointer<UInt64>
  /// The bytes where UTF-8 is invalid or a string holds a control character, by block.
  let errors: UnsafeMutablePointer<UInt64>

  /// The window's first byte and its length.
  private(set) var base: UnsafePointer<UInt8>?
  private(set) var length = 0
  /// How many offsets were recorded.
  private(set) var count = 0
  /// Whether any byte of the window is in ``errors``.
  private(set) var hasErrors = false
  /// Where the reader's walk through ``positions`` is.
  var cursor = 0
  /// What the owner keys the window by: the input's offset of its buffer when it was built.
  var bufferOffset = -1
  /// The buffer index of ``base``.
  var bufferIndex = 0

  init() {
    let capacity = Self.windowCapacity
    positions = .allocate(capacity: capacity + 128)
    backslashes = .allocate(capacity: capacity / 64 + 2)
    newlines = .allocate(capacity: capacity / 64 + 2)
    errors = .allocate(capacity: capacity / 64 + 2)
  }

  deinit {
    positions.deallocate()
    backslashes.deallocate()
    newlines.deallocate()
    errors.deallocate()
  }

  /// Indexes the `length` bytes at `bytes` (at most ``windowCapacity``), which start outside
  /// any string.
  func build(_ bytes: UnsafePointer<UInt8>, length requested: Int) {
    let length = min(requested, Self.windowCapacity)
    base = bytes
    self.length = length
    cursor = 0
    var n = 0
    var anyErrors: UInt64 = 0
    var inStringCarry: UInt64 = 0  // all ones when the previous block ended inside a string
    var escapedCarry: UInt64 = 0  // 1 when the previous block ended with an odd backslash run
    var scalarCarry: UInt64 = 0  // 1 when the previous block ended in a scalar run
    var utf8 = UTF8BlockValidator()
    var blockStart = 0
    while blockStart < length {
      let block =
        blockStart + 64 <= length
        ? ByteBlock(loading: bytes + blockStart)
        : ByteBlock(loading: bytes + blockStart, count: length - blockStart)
      let quotes = block.equal(0x22).bits
      var backslash = block.equal(0x5C).bits
      let whitespace =
        (block.equal(0x20) | block.equal(0x0A) | block.equal(0x0D) | block.equal(0x09)).bits
      let folded = block.or(0x20)  // '[' → '{', ']' → '}'
      let operators =
        (folded.equal(0x7B) | folded.equal(0x7D) | block.equal(0x3A) | block.equal(0x2C)).bits
      let control = block.below(0x20).bits
      let newline = block.equal(0x0A).bits
      let word = blockStart >> 6
      backslashes[word] = backslash
      newlines[word] = newline

      // Escaped characters: after an odd run of backslashes (simdjson's branchless scan).
      backslash &= ~escapedCarry
      let followsEscape = backslash << 1 | escapedCarry
      let evenBits: UInt64 = 0x5555_5555_5555_5555
      let oddStarts = backslash & ~evenBits & ~followsEscape
      let (evenSequences, overflow) = oddStarts.addingReportingOverflow(backslash)
      escapedCarry = overflow ? 1 : 0
      let escaped = (evenBits ^ (evenSequences << 1)) & followsEscape

      let realQuotes = quotes & ~escaped
      var inString = realQuotes
      inString ^= inString << 1
      inString ^= inString << 2
      inString ^= inString << 4
      inString ^= inString << 8
      inString ^= inString << 16
      inString ^= inString << 32
      inString ^= inStringCarry
      inStringCarry = UInt64(bitPattern: Int64(bitPattern: inString) >> 63)

      // inString holds opening quotes and string bodies; the closing quotes are not in it.
      let outside = ~(inString | realQuotes)
      let scalar = ~(operators | whitespace | realQuotes) & outside
      let scalarStarts = scalar & ~(scalar << 1 | scalarCarry)
      scalarCarry = scalar >> 63
      var marks = (operators & outside) | realQuotes | scalarStarts
      if blockStart + 64 > length {
        marks &= (1 << UInt64(length - blockStart)) &- 1
      }
      n = Self.append(marks, at: UInt32(blockStart), to: positions, count: n)

      let blockErrors = utf8.errors(in: block) | (control & inString)
      errors[word] = blockErrors
      anyErrors |= blockErrors
      blockStart += 64
    }
    count = n
    hasErrors = anyErrors != 0
    positions[n] = UInt32(length)
  }

  /// Appends the offsets of the set bits of `marks` (a block at `blockStart`): eight at a
  /// time without a test per bit, as simdjson does; the capacity has room for the slack.
  @inline(__always)
  private static func append(
    _ marks: UInt64, at blockStart: UInt32, to positions: UnsafeMutablePointer<UInt32>, count: Int
  ) -> Int {
    let total = marks.nonzeroBitCount
    guard total > 0 else { return count }
    var bits = marks
    var out = positions + count
    for _ in 0..<8 {
      out.pointee = blockStart &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
      bits &= bits &- 1
      out += 1
    }
    if total > 8 {
      for _ in 0..<8 {
        out.pointee = blockStart &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
        bits &= bits &- 1
        out += 1
      }
      while bits != 0 {
        out.pointee = blockStart &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
        bits &= bits &- 1
        out += 1
      }
    }
    return count + total
  }

  /// Whether a backslash is among the bytes at offsets `from..<to`.
  @inline(__always)
  func hasBackslash(from: Int, to: Int) -> Bool {
    Self.anyBit(backslashes, from: from, to: to)
  }

  /// Whether stage 1 found an error among the bytes at offsets `from..<to`.
  @inline(__always)
  func hasErrors(from: Int, to: Int) -> Bool {
    hasErrors && Self.anyBit(errors, from: from, to: to)
  }

  @inline(__always)
  private static func anyBit(_ masks: UnsafeMutablePointer<UInt64>, from: Int, to: Int) -> Bool {
    guard from < to else { return false }
    var word = from >> 6
    let last = (to - 1) >> 6
    var bits = masks[word] & (~0 << UInt64(from & 63))
    while true {
      if word == last {
        let keep: UInt64 = (to & 63) == 0 ? ~0 : ((1 << UInt64(to & 63)) &- 1)
        return bits & keep != 0
      }
      if bits != 0 { return true }
      word += 1
      bits = masks[word]
    }
  }

  /// The newlines among the bytes at offsets `from..<to`: how many, and the offset of the
  /// last (when there is one).
  @inline(__always)
  func newlines(from: Int, to: Int) -> (count: Int, last: Int) {
    guard from < to else { return (0, 0) }
    var word = from >> 6
    let lastWord = (to - 1) >> 6
    var total = 0
    var last = 0
    var bits = newlines[word] & (~0 << UInt64(from & 63))
    while true {
      if word == lastWord {
        bits &= (to & 63) == 0 ? ~0 : ((1 << UInt64(to & 63)) &- 1)
      }
      if bits != 0 {
        total += bits.nonzeroBitCount
        last = word << 6 + 63 - bits.leadingZeroBitCount
      }
      if word == lastWord { return (total, last) }
      word += 1
      bits = newlines[word]
    }
  }
}

@available(*, unavailable, message: "an index is the working memory of one reader")
extension StructuralIndex: Sendable {}
